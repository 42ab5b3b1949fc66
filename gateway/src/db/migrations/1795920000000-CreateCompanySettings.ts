import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Company-wide settings: one row (the `id` column can only be true), one typed
 * column per setting, so every setting has a type and a check of its own.
 * Registration starts invitation-only: a fresh production database has no
 * open door (docs/product.md#registration); the demo seed opens it.
 */
export class CreateCompanySettings1795920000000 implements MigrationInterface {
  name = 'CreateCompanySettings1795920000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "company_settings" (
        "id" boolean NOT NULL DEFAULT true,
        -- open: anyone; domains: emails at registration_domains only; invite: invitations only.
        "registration_mode" character varying(16) NOT NULL DEFAULT 'invite',
        -- Lower-cased ASCII domain names (IDNs in punycode), kept while another mode is chosen.
        "registration_domains" text[] NOT NULL DEFAULT '{}',
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "pk_company_settings" PRIMARY KEY ("id"),
        CONSTRAINT "ck_company_settings_single_row" CHECK ("id"),
        CONSTRAINT "ck_company_settings_registration_mode" CHECK ("registration_mode" IN ('open', 'domains', 'invite')),
        CONSTRAINT "ck_company_settings_registration_domains" CHECK ("registration_mode" <> 'domains' OR cardinality("registration_domains") > 0)
      )
    `);
    // An instance that already has accounts registered them openly until now: it keeps that until an
    // administrator changes it, rather than turning its registration page away after an upgrade.
    await queryRunner.query(`INSERT INTO "company_settings" ("id", "registration_mode") VALUES (true, CASE WHEN EXISTS (SELECT 1 FROM "users") THEN 'open' ELSE 'invite' END)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "company_settings"`);
  }
}
