import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A user's manager and buddy (docs/product.md#admin): optional, existing
 * users. SET NULL on delete: removing the manager's account must not remove
 * the hire's. Indexed, because "who are this manager's hires" is the read
 * that follows.
 */
export class UserManagerBuddy1795900000000 implements MigrationInterface {
  name = 'UserManagerBuddy1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "users"
        ADD COLUMN "manager_id" integer,
        ADD COLUMN "buddy_id" integer,
        ADD CONSTRAINT "fk_users_manager" FOREIGN KEY ("manager_id") REFERENCES "users"("id") ON DELETE SET NULL,
        ADD CONSTRAINT "fk_users_buddy" FOREIGN KEY ("buddy_id") REFERENCES "users"("id") ON DELETE SET NULL
    `);
    await queryRunner.query(`CREATE INDEX "ix_users_manager_id" ON "users" ("manager_id") WHERE "manager_id" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "ix_users_buddy_id" ON "users" ("buddy_id") WHERE "buddy_id" IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "buddy_id", DROP COLUMN "manager_id"`);
  }
}
