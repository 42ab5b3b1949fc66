import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An invitation keeps the name of the role it was sent for, and no longer holds
 * the role itself: accepted, revoked and replaced invitations are kept as the
 * record of who was invited, and through the foreign key they kept every role
 * anyone was ever invited into from being deleted. An open invitation still
 * keeps its role (role deletion refuses it, docs/product.md#roles); the list
 * shows a role's current name while it exists, else the name stored here.
 */
export class InvitationsKeepRoleName1796010000000 implements MigrationInterface {
  name = 'InvitationsKeepRoleName1796010000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "invitations" ADD "role_name" character varying(100)`);
    await queryRunner.query(`UPDATE "invitations" i SET "role_name" = r."name" FROM "roles" r WHERE r."id" = i."role_id"`);
    await queryRunner.query(`ALTER TABLE "invitations" ALTER COLUMN "role_name" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "invitations" DROP CONSTRAINT "fk_invitations_role"`);
    // What a role deletion asks: is an open invitation using this role?
    await queryRunner.query(
      `CREATE INDEX "ix_invitations_open_role" ON "invitations" ("role_id") WHERE "accepted_at" IS NULL AND "revoked_at" IS NULL AND "replaced_at" IS NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_invitations_open_role"`);
    // Invitations of roles deleted since cannot keep a reference: they go with them, as before.
    await queryRunner.query(`DELETE FROM "invitations" i WHERE NOT EXISTS (SELECT 1 FROM "roles" r WHERE r."id" = i."role_id")`);
    await queryRunner.query(
      `ALTER TABLE "invitations" ADD CONSTRAINT "fk_invitations_role" FOREIGN KEY ("role_id") REFERENCES "roles"("id") ON DELETE RESTRICT`,
    );
    await queryRunner.query(`ALTER TABLE "invitations" DROP COLUMN "role_name"`);
  }
}
