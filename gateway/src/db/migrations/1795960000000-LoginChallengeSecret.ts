import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Binds a second sign-in step to the browser that passed the password step
 * (docs/product.md#two-factor): the password step answers a random challenge
 * id, and verify-login must send it back. Only its SHA-256 is stored
 * (shared/link-tokens.ts), so a copy of the database completes no sign-in.
 *
 * Challenges opened before this migration have no hash and can no longer be
 * completed: they are closed, and their users simply sign in again.
 */
export class LoginChallengeSecret1795960000000 implements MigrationInterface {
  name = 'LoginChallengeSecret1795960000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "login_challenges" SET "consumed_at" = now() WHERE "consumed_at" IS NULL`);
    // Hex SHA-256 of the challenge id the password step answered; the id itself is only in that answer.
    await queryRunner.query(`ALTER TABLE "login_challenges" ADD "secret_hash" character(64)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_login_challenges_secret_hash" ON "login_challenges" ("secret_hash")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_login_challenges_secret_hash"`);
    await queryRunner.query(`ALTER TABLE "login_challenges" DROP COLUMN "secret_hash"`);
  }
}
