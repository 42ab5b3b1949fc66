import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The mail outbox: every mail is a row written in the same transaction as the
 * action that causes it, rendered in full (so a template change never alters a
 * queued mail), and delivered by the mail worker (modules/mail). `sent_at`
 * stays NULL until SMTP accepted it; the worker locks the row while sending,
 * so two replicas never send one row twice.
 *
 * Sizing: one row per mail (an invitation, a reset link); the hot read is the
 * worker's sweep for unsent rows, served by a partial index that holds only
 * those.
 */
export class CreateMailOutbox1795800000000 implements MigrationInterface {
  name = 'CreateMailOutbox1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "mail_outbox" (
        "id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
        "to_address" character varying(320) NOT NULL,
        "subject" character varying(998) NOT NULL,
        "text" text NOT NULL,
        "html" text NOT NULL,
        -- Which template made it (invitation, password-reset, …): for operators and tests.
        "kind" character varying(50) NOT NULL,
        -- Set by callers that must not queue the same mail twice (a retried request); NULLs never collide.
        "dedupe_key" character varying(200),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "sent_at" TIMESTAMP WITH TIME ZONE,
        "attempts" integer NOT NULL DEFAULT 0,
        "last_attempt_at" TIMESTAMP WITH TIME ZONE,
        "last_error" text,
        CONSTRAINT "pk_mail_outbox" PRIMARY KEY ("id"),
        CONSTRAINT "uq_mail_outbox_dedupe_key" UNIQUE ("dedupe_key"),
        CONSTRAINT "ck_mail_outbox_attempts" CHECK ("attempts" >= 0)
      )
    `);
    await queryRunner.query(`CREATE INDEX "ix_mail_outbox_unsent" ON "mail_outbox" ("created_at") WHERE "sent_at" IS NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "mail_outbox"`);
  }
}
