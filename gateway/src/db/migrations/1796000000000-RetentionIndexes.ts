import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reminder job's tick deletes notifications read, and outbox mail sent,
 * more than 90 days before (docs/decisions.md). It runs every 15 minutes and
 * finds nothing almost every time: these partial indexes make that a probe,
 * not a scan of either table. The existing partial indexes cover only the
 * unread and unsent rows.
 */
export class RetentionIndexes1796000000000 implements MigrationInterface {
  name = 'RetentionIndexes1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "ix_notifications_read_at" ON "notifications" ("read_at") WHERE "read_at" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "ix_mail_outbox_sent_at" ON "mail_outbox" ("sent_at") WHERE "sent_at" IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_mail_outbox_sent_at"`);
    await queryRunner.query(`DROP INDEX "ix_notifications_read_at"`);
  }
}
