import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sessions per device (docs/product.md#sessions): each sign-in is a row, and
 * a token carries its id. Ending a session sets `revoked_at`; the auth
 * middleware reads the row on every request, so an ended session fails on
 * its very next request on every replica. Replaces users.token_version, which
 * could only end every session of a user at once (the column goes).
 *
 * Sizing: one row per sign-in; the per-request read is by primary key, and a
 * user's open sessions (list, "sign out everywhere else") use the partial index.
 */
export class CreateSessions1795950000000 implements MigrationInterface {
  name = 'CreateSessions1795950000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "sessions" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" integer NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        -- Written at most once a minute per session (docs/decisions.md).
        "last_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        -- The absolute lifetime: the sign-in plus the token lifetime (8 hours).
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        -- As the browser sent it, cut to 512 characters.
        "user_agent" text,
        "ip" text,
        "revoked_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "pk_sessions" PRIMARY KEY ("id"),
        CONSTRAINT "fk_sessions_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`CREATE INDEX "ix_sessions_user_open" ON "sessions" ("user_id") WHERE "revoked_at" IS NULL`);
    // Tokens issued before this migration carry no session id and stop working: everyone signs in again.
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "token_version"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "token_version" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`DROP TABLE "sessions"`);
  }
}
