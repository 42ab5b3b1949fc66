import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The company calendar (docs/product.md#due-dates): a time zone, working
 * weekdays and holidays on the company_settings row, plus the reminder
 * settings. calendar_days is the calendar laid out day by day, so a due date
 * ("n working days after") is two index lookups in any statement, however many
 * rows it covers. A working day has the next ordinal; a day off carries the
 * ordinal of the next working day. embark_rebuild_calendar() lays it out again
 * from the settings row; SettingsService calls it in the transaction that
 * changes the calendar, so readers never see the two disagree.
 */
export class CompanyCalendar1795980000000 implements MigrationInterface {
  name = 'CompanyCalendar1795980000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "company_settings"
        ADD "time_zone" text NOT NULL DEFAULT 'UTC',
        -- ISO weekdays, 1 = Monday … 7 = Sunday.
        ADD "working_days" smallint[] NOT NULL DEFAULT '{1,2,3,4,5}',
        -- [{date: 'YYYY-MM-DD', name}], in date order.
        ADD "holidays" jsonb NOT NULL DEFAULT '[]',
        ADD "holiday_country" character varying(8),
        ADD "reminders_enabled" boolean NOT NULL DEFAULT true,
        ADD "escalation_days" smallint NOT NULL DEFAULT 3,
        ADD CONSTRAINT "ck_company_settings_working_days" CHECK (cardinality("working_days") > 0 AND "working_days" <@ '{1,2,3,4,5,6,7}'::smallint[]),
        ADD CONSTRAINT "ck_company_settings_holidays" CHECK (jsonb_typeof("holidays") = 'array'),
        ADD CONSTRAINT "ck_company_settings_escalation_days" CHECK ("escalation_days" BETWEEN 1 AND 30)
    `);
    await queryRunner.query(`
      CREATE TABLE "calendar_days" (
        "day" date NOT NULL,
        "ordinal" integer NOT NULL,
        "working" boolean NOT NULL,
        CONSTRAINT "pk_calendar_days" PRIMARY KEY ("day")
      )
    `);
    // "The working day with ordinal n": one working day per ordinal.
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_calendar_days_working_ordinal" ON "calendar_days" ("ordinal") INCLUDE ("day") WHERE "working"`);
    // Set-based: the days of the range, each working or not, numbered by a running count of working days.
    await queryRunner.query(`
      CREATE FUNCTION embark_rebuild_calendar() RETURNS void LANGUAGE sql AS $$
        DELETE FROM calendar_days;
        INSERT INTO calendar_days (day, ordinal, working)
        SELECT d.day,
               (count(*) FILTER (WHERE d.working) OVER (ORDER BY d.day))::int + CASE WHEN d.working THEN 0 ELSE 1 END,
               d.working
          FROM (
            SELECT g::date AS day,
                   extract(isodow FROM g)::smallint = ANY (cs.working_days) AND h.day IS NULL AS working
              FROM company_settings cs
             CROSS JOIN generate_series('2000-01-01'::date, '2100-12-31'::date, interval '1 day') g
              LEFT JOIN (SELECT DISTINCT (e->>'date')::date AS day FROM company_settings s, jsonb_array_elements(s.holidays) e) h ON h.day = g::date
          ) d;
      $$
    `);
    await queryRunner.query(`SELECT embark_rebuild_calendar()`);
    // The date the items of a role change count from, when an admin restarts the checklist (null: the start date).
    await queryRunner.query(`ALTER TABLE "user_progress" ADD "anchor_date" date`);
    // Negative due days: preboarding tasks, due working days before the start date.
    await queryRunner.query(`ALTER TABLE "checklist_items" DROP CONSTRAINT "ck_checklist_items_due_days", ADD CONSTRAINT "ck_checklist_items_due_days" CHECK ("due_days" >= -30)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "checklist_items" SET "due_days" = 0 WHERE "due_days" < 0`);
    await queryRunner.query(`ALTER TABLE "checklist_items" DROP CONSTRAINT "ck_checklist_items_due_days", ADD CONSTRAINT "ck_checklist_items_due_days" CHECK ("due_days" >= 0)`);
    await queryRunner.query(`ALTER TABLE "user_progress" DROP COLUMN "anchor_date"`);
    await queryRunner.query(`DROP FUNCTION embark_rebuild_calendar()`);
    await queryRunner.query(`DROP TABLE "calendar_days"`);
    await queryRunner.query(`
      ALTER TABLE "company_settings"
        DROP CONSTRAINT "ck_company_settings_escalation_days",
        DROP CONSTRAINT "ck_company_settings_holidays",
        DROP CONSTRAINT "ck_company_settings_working_days",
        DROP COLUMN "escalation_days",
        DROP COLUMN "reminders_enabled",
        DROP COLUMN "holiday_country",
        DROP COLUMN "holidays",
        DROP COLUMN "working_days",
        DROP COLUMN "time_zone"
    `);
  }
}
