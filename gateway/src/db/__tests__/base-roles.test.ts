import type { DataSource } from 'typeorm';
import { createLogger } from '../../shared/logger';
import { BaseRoles1795940000000 } from '../migrations/1795940000000-BaseRoles';
import { DEMO_ROLES, seedDemoData } from '../seed';
import { createMigratedScratchDatabase } from '../../../test/database';

/*
 * The base roles come from a migration, so a database without demo data has
 * them; databases seeded before that migration already held them and keep theirs.
 */

const logger = createLogger('silent');

describe('base roles', () => {
  let scratch: Awaited<ReturnType<typeof createMigratedScratchDatabase>>;
  let db: DataSource;

  beforeAll(async () => {
    scratch = await createMigratedScratchDatabase('base_roles');
    db = scratch.dataSource;
  });
  afterAll(() => scratch?.close());

  const roles = () => db.query('select id, name from roles order by id') as Promise<Array<{ id: number; name: string }>>;
  const rerun = async () => {
    const runner = db.createQueryRunner();
    try {
      await new BaseRoles1795940000000().up(runner);
    } finally {
      await runner.release();
    }
  };

  it('a migrated database without demo data has Employee, Manager, Contractor and the administrator role 4', async () => {
    expect(await roles()).toEqual([
      { id: 1, name: 'Employee' },
      { id: 2, name: 'Manager' },
      { id: 3, name: 'Contractor' },
      { id: 4, name: 'SysAdmin' },
    ]);
    const [created] = (await db.query(`insert into roles (name) values ('Warehouse') returning id`)) as Array<{ id: number }>;
    expect(created?.id).toBe(5);
    await db.query('delete from roles where id = $1', [created?.id]);
  });

  it('counts as empty for the demo seed, which adds its job roles and accounts', async () => {
    await expect(seedDemoData(db, logger, [])).resolves.toBe(true);
  });

  it('leaves a database seeded the old way as it was, and moves the sequence past its roles', async () => {
    // What the demo seed used to write: all seven roles with explicit ids, one description since reworded.
    await db.query('delete from roles');
    for (const role of DEMO_ROLES) await db.query('insert into roles (id, name, description) values ($1, $2, $3)', [role.id, role.name, role.description]);
    await db.query(`update roles set description = 'Our people leads' where id = 2`);
    await db.query(`select setval(pg_get_serial_sequence('roles', 'id'), 1)`);

    await rerun();

    expect((await roles()).map((r) => r.id)).toEqual(DEMO_ROLES.map((r) => r.id));
    const [manager] = (await db.query('select description from roles where id = 2')) as Array<{ description: string }>;
    expect(manager?.description).toBe('Our people leads');
    const [created] = (await db.query(`insert into roles (name) values ('Warehouse') returning id`)) as Array<{ id: number }>;
    expect(created?.id).toBe(DEMO_ROLES.length + 1);
  });

  it('adds no second role of a name already present in another case', async () => {
    await db.query('delete from roles');
    await db.query(`insert into roles (id, name) values (9, 'employee'), (4, 'SysAdmin')`);

    await rerun();

    expect(await roles()).toEqual([
      { id: 2, name: 'Manager' },
      { id: 3, name: 'Contractor' },
      { id: 4, name: 'SysAdmin' },
      { id: 9, name: 'employee' },
    ]);
  });
});
