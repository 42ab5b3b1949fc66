import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Role names are unique ignoring case ("Finance" and "finance" would only confuse), which the
 * service checked before writing but nothing held: two admins creating both at once each saw the
 * name free. The index holds it. Names that already collide (from that race) keep the oldest role's
 * name; each later one gains its id, "finance (12)", so the upgrade does not fail on them (it would
 * only if another role were already named that way, which the operator must then rename first).
 */
export class RoleNamesUniqueAnyCase1796020000000 implements MigrationInterface {
  name = 'RoleNamesUniqueAnyCase1796020000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "roles" r SET "name" = left(r."name", 100 - length(' (' || r."id" || ')')) || ' (' || r."id" || ')'
        WHERE EXISTS (SELECT 1 FROM "roles" o WHERE lower(o."name") = lower(r."name") AND o."id" < r."id")`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_roles_name_any_case" ON "roles" (lower("name"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_roles_name_any_case"`);
  }
}
