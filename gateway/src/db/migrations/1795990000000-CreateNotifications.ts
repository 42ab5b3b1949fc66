import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications as records, the digest preference, and the reminder job's
 * bookkeeping (docs/product.md#notifications):
 *
 * - `notifications`: what a user sees under the bell; read newest first per
 *   user, and counted while unread (a partial index holds only those).
 * - `notification_preferences`: one row per user who changed a default (no
 *   row = digest on). Escalations have no switch, so no column.
 * - `reminder_digests`: at most one digest per recipient per company day. The
 *   primary key IS the idempotency lock: two runs racing insert the same key,
 *   one wins, the other skips that recipient.
 * - `task_escalations`: each hire's task escalates once, ever; the key again
 *   is the lock.
 * - `reminder_runs`: the daily schedule's run log, one row per company day,
 *   inserted with ON CONFLICT DO NOTHING so only one replica runs the day.
 *
 * Sizing: at 100,000 users a day adds at most one digest row per person and a
 * notification each; old digest keys and run rows are pruned by the job.
 */
export class CreateNotifications1795990000000 implements MigrationInterface {
  name = 'CreateNotifications1795990000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "notifications" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "user_id" integer NOT NULL,
        -- digest, escalation, checklist_changed, …: the client picks an icon by it.
        "type" character varying(32) NOT NULL,
        "title" character varying(200) NOT NULL,
        "body" text NOT NULL DEFAULT '',
        -- An in-app path such as /app/my-tasks, or null.
        "link" character varying(500),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "read_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "pk_notifications" PRIMARY KEY ("id"),
        CONSTRAINT "fk_notifications_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`CREATE INDEX "ix_notifications_user_recent" ON "notifications" ("user_id", "created_at" DESC, "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "ix_notifications_user_unread" ON "notifications" ("user_id") WHERE "read_at" IS NULL`);

    await queryRunner.query(`
      CREATE TABLE "notification_preferences" (
        "user_id" integer NOT NULL,
        "digest" boolean NOT NULL DEFAULT true,
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "pk_notification_preferences" PRIMARY KEY ("user_id"),
        CONSTRAINT "fk_notification_preferences_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE
      )
    `);

    await queryRunner.query(`
      CREATE TABLE "reminder_digests" (
        "recipient_id" integer NOT NULL,
        -- The company day the digest belongs to.
        "day" date NOT NULL,
        "tasks" integer NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "pk_reminder_digests" PRIMARY KEY ("recipient_id", "day"),
        CONSTRAINT "fk_reminder_digests_recipient" FOREIGN KEY ("recipient_id") REFERENCES "users"("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`CREATE INDEX "ix_reminder_digests_day" ON "reminder_digests" ("day")`);

    await queryRunner.query(`
      CREATE TABLE "task_escalations" (
        "user_id" integer NOT NULL,
        "checklist_item_id" integer NOT NULL,
        -- The company day it was escalated (who was told: the notifications say).
        "day" date NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "pk_task_escalations" PRIMARY KEY ("user_id", "checklist_item_id"),
        CONSTRAINT "fk_task_escalations_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE,
        CONSTRAINT "fk_task_escalations_item" FOREIGN KEY ("checklist_item_id") REFERENCES "checklist_items"("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`CREATE INDEX "ix_task_escalations_item" ON "task_escalations" ("checklist_item_id")`);

    await queryRunner.query(`
      CREATE TABLE "reminder_runs" (
        "day" date NOT NULL,
        "started_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "finished_at" TIMESTAMP WITH TIME ZONE,
        "digests" integer,
        "escalations" integer,
        CONSTRAINT "pk_reminder_runs" PRIMARY KEY ("day")
      )
    `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "reminder_runs"`);
    await queryRunner.query(`DROP TABLE "task_escalations"`);
    await queryRunner.query(`DROP TABLE "reminder_digests"`);
    await queryRunner.query(`DROP TABLE "notification_preferences"`);
    await queryRunner.query(`DROP TABLE "notifications"`);
  }
}
