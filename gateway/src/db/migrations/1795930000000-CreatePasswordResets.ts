import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Password reset links (docs/product.md#passwords): only a SHA-256 of the
 * link's token is stored, so a copy of the database opens no account. A link
 * works once (`used_at`) and until `expires_at` (1 hour). Using one, or
 * changing the password, closes every other open link of the user.
 *
 * Sizing: a few rows per reset request; the lookup is by token hash (unique
 * index), and closing a user's links uses the partial index of open ones.
 */
export class CreatePasswordResets1795930000000 implements MigrationInterface {
  name = 'CreatePasswordResets1795930000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "password_resets" (
        "id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
        "user_id" integer NOT NULL,
        -- Hex SHA-256 of the token in the link; the token itself is only in the mail.
        "token_hash" character(64) NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "used_at" TIMESTAMP WITH TIME ZONE,
        -- Who asked: null for the user themself ('Forgot password?'), else the administrator.
        "requested_by" integer,
        CONSTRAINT "pk_password_resets" PRIMARY KEY ("id"),
        CONSTRAINT "uq_password_resets_token_hash" UNIQUE ("token_hash"),
        CONSTRAINT "fk_password_resets_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE,
        CONSTRAINT "fk_password_resets_requested_by" FOREIGN KEY ("requested_by") REFERENCES "users"("id") ON DELETE SET NULL
      )
    `);
    await queryRunner.query(`CREATE INDEX "ix_password_resets_user_open" ON "password_resets" ("user_id") WHERE "used_at" IS NULL`);
    await queryRunner.query(`CREATE INDEX "ix_password_resets_requested_by" ON "password_resets" ("requested_by")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "password_resets"`);
  }
}
