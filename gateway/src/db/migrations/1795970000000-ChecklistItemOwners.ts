import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who does a checklist item (docs/product.md#roles): the new hire (the
 * default, so existing items keep today's behaviour), the hire's manager, the
 * hire's buddy, or any member of a role (a team such as IT). A role-owned item
 * names its role and no other item does. RESTRICT: a role that owns tasks
 * cannot vanish under them. `completed_by` records who completed a task for
 * whom; SET NULL keeps the progress when that account goes.
 */
export class ChecklistItemOwners1795970000000 implements MigrationInterface {
  name = 'ChecklistItemOwners1795970000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "checklist_items"
        ADD COLUMN "owner_type" varchar(16) NOT NULL DEFAULT 'new_hire',
        ADD COLUMN "owner_role_id" integer,
        ADD CONSTRAINT "ck_checklist_items_owner_type" CHECK ("owner_type" IN ('new_hire', 'manager', 'buddy', 'role')),
        ADD CONSTRAINT "ck_checklist_items_owner_role" CHECK (("owner_type" = 'role') = ("owner_role_id" IS NOT NULL)),
        ADD CONSTRAINT "fk_checklist_items_owner_role" FOREIGN KEY ("owner_role_id") REFERENCES "roles"("id") ON DELETE RESTRICT
    `);
    // "Items owned by role X": the team's task list and the role-deletion check.
    await queryRunner.query(`CREATE INDEX "ix_checklist_items_owner_role_id" ON "checklist_items" ("owner_role_id") WHERE "owner_role_id" IS NOT NULL`);
    await queryRunner.query(`
      ALTER TABLE "user_progress"
        ADD COLUMN "completed_by" integer,
        ADD CONSTRAINT "fk_user_progress_completed_by" FOREIGN KEY ("completed_by") REFERENCES "users"("id") ON DELETE SET NULL
    `);
    await queryRunner.query(`CREATE INDEX "ix_user_progress_completed_by" ON "user_progress" ("completed_by") WHERE "completed_by" IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_progress" DROP COLUMN "completed_by"`);
    await queryRunner.query(`ALTER TABLE "checklist_items" DROP COLUMN "owner_role_id", DROP COLUMN "owner_type"`);
  }
}
