import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The roles every instance needs, demo data or not (docs/product.md#roles):
 * role 4 is the administrator role, so a production database has it before its
 * first administrator is created (`npm run admin:create`).
 *
 * Databases seeded before this migration already hold these rows (the demo seed
 * used to insert them), so an existing id or name is left as it is: an
 * administrator may have reworded a description. Kept as literals here, not
 * imported, so the migration inserts the same rows whatever the code becomes.
 */
export const BASE_ROLES: ReadonlyArray<{ id: number; name: string; description: string }> = [
  { id: 1, name: 'Employee', description: 'Regular employees going through the standard onboarding.' },
  { id: 2, name: 'Manager', description: 'People managers: the standard onboarding plus team-lead tasks.' },
  { id: 3, name: 'Contractor', description: 'External contractors with a shorter, access-focused onboarding.' },
  { id: 4, name: 'SysAdmin', description: 'Administrators: HR and team leaders who manage users, roles and onboarding content.' },
];

export class BaseRoles1795940000000 implements MigrationInterface {
  name = 'BaseRoles1795940000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // A role with the id, or the name in any case (names are unique ignoring case), is already there.
    await queryRunner.query(
      `INSERT INTO "roles" ("id", "name", "description")
       SELECT b.id, b.name, b.description FROM unnest($1::int[], $2::varchar[], $3::text[]) AS b(id, name, description)
        WHERE NOT EXISTS (SELECT 1 FROM "roles" r WHERE lower(r."name") = lower(b.name))
       ON CONFLICT DO NOTHING`,
      [BASE_ROLES.map((r) => r.id), BASE_ROLES.map((r) => r.name), BASE_ROLES.map((r) => r.description)],
    );
    // Explicit ids leave the identity sequence behind; the next role created gets a fresh id.
    await queryRunner.query(`SELECT setval(pg_get_serial_sequence('roles', 'id'), (SELECT max("id") FROM "roles"))`);
  }

  public async down(): Promise<void> {
    // Nothing: users, checklist items and documents refer to these roles, and databases
    // seeded before this migration had them already. CreateRoles' down drops the table.
  }
}
