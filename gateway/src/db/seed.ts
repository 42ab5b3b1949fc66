import type { DataSource, EntityManager } from 'typeorm';
import { ARGON2_FLOOR } from '../config';
import { PasswordHasher } from '../modules/auth';
import type { Logger } from '../shared/logger';
import { BASE_ROLES } from './migrations/1795940000000-BaseRoles';
import { insertDemoChecklist } from './seed-checklist';
import { insertDemoDocuments } from './seed-documents';
import { insertDemoHires } from './seed-hires';

/**
 * Demo data for a fresh install (README, "The two commands"). Each step owns one table group and
 * is written with explicit ids so the data is the same on every machine; the
 * accounts, checklist, documents, registration and calendar steps are listed in SEED_STEPS.
 */
export interface SeedStep {
  name: string;
  run(manager: EntityManager): Promise<void>;
}

/** Job roles of the demo company, after the base roles 1-4 that every database has from its migration. */
const DEMO_JOB_ROLES: ReadonlyArray<{ id: number; name: string; description: string }> = [
  { id: 5, name: 'Software Engineer', description: 'Engineers joining a product team: tooling, code review and on-call basics.' },
  { id: 6, name: 'Sales Associate', description: 'Sales staff: product knowledge, CRM and customer-facing policies.' },
  { id: 7, name: 'Customer Support', description: 'Support agents: ticketing, escalation paths and service standards.' },
];

/** Every role of a demo database: the base roles (migration) and the demo job roles (this seed). */
export const DEMO_ROLES: ReadonlyArray<{ id: number; name: string; description: string }> = [...BASE_ROLES, ...DEMO_JOB_ROLES];

const seedRoles: SeedStep = {
  name: 'roles',
  async run(manager) {
    for (const role of DEMO_JOB_ROLES) {
      await manager.query('insert into roles (id, name, description) values ($1, $2, $3)', [role.id, role.name, role.description]);
    }
    await resetIdentity(manager, 'roles');
  },
};

/**
 * One administrator and one employee, with the passwords the README documents,
 * and the people around the employee: her manager, and an engineer who is her
 * buddy and also a recent hire of the same manager.
 */
export const DEMO_ACCOUNTS: ReadonlyArray<{ id: number; name: string; email: string; password: string; roleId: number }> = [
  { id: 1, name: 'Alex Admin', email: 'admin@example.com', password: 'Admin12345', roleId: 4 },
  { id: 2, name: 'Emma Employee', email: 'employee@example.com', password: 'Employee12345', roleId: 1 },
  { id: 3, name: 'Morgan Manager', email: 'manager@example.com', password: 'Manager12345', roleId: 2 },
  { id: 4, name: 'Priya Patel', email: 'priya@example.com', password: 'Priya12345', roleId: 5 },
];

/** Who manages and who is buddy to whom (docs/product.md#admin): the manager's My team lists Emma and Priya. */
const DEMO_PEOPLE: ReadonlyArray<{ userId: number; managerId: number; buddyId: number }> = [
  { userId: 2, managerId: 3, buddyId: 4 },
  { userId: 4, managerId: 3, buddyId: 2 },
];

const seedAccounts: SeedStep = {
  name: 'accounts',
  async run(manager) {
    // Production cost, whatever the running config: these hashes outlive the process that made them.
    const hasher = new PasswordHasher(ARGON2_FLOOR);
    for (const account of DEMO_ACCOUNTS) {
      await manager.query('insert into users (id, name, email, password_hash, role_id) values ($1, $2, $3, $4, $5)', [
        account.id,
        account.name,
        account.email,
        await hasher.hash(account.password),
        account.roleId,
      ]);
    }
    await resetIdentity(manager, 'users');
  },
};

const seedPeople: SeedStep = {
  name: 'people',
  async run(manager) {
    for (const p of DEMO_PEOPLE) await manager.query('update users set manager_id = $2, buddy_id = $3 where id = $1', [p.userId, p.managerId, p.buddyId]);
  },
};

/** Checklists for every non-admin role and a little progress for the demo employee (seed-checklist.ts). */
const seedChecklist: SeedStep = {
  name: 'checklist',
  async run(manager) {
    const employee = DEMO_ACCOUNTS.find((a) => a.email === 'employee@example.com');
    if (!employee) throw new Error('the demo employee account is missing');
    await insertDemoChecklist(manager, employee.id);
    await resetIdentity(manager, 'checklist_items');
  },
};

/** The document library, its links to the checklist and the demo employee's views and acknowledgement (seed-documents.ts). */
const seedDocuments: SeedStep = {
  name: 'documents',
  async run(manager) {
    const employee = DEMO_ACCOUNTS.find((a) => a.email === 'employee@example.com');
    if (!employee) throw new Error('the demo employee account is missing');
    await insertDemoDocuments(manager, employee.id);
    await resetIdentity(manager, 'documents');
  },
};

/** The demo company lets anyone register; a database without demo data stays invitation-only (its migration). */
const seedRegistration: SeedStep = {
  name: 'registration',
  async run(manager) {
    await manager.query(`update company_settings set registration_mode = 'open'`);
  },
};

/** Company days off in the coming weeks, counted from the seed date, so the demo shows due dates moving past them. */
const DEMO_HOLIDAYS: ReadonlyArray<{ inDays: number; name: string }> = [
  { inDays: 6, name: 'Company offsite' },
  { inDays: 16, name: "Founders' Day" },
  { inDays: 27, name: 'Volunteering day' },
];

/** The weekday (Monday to Friday) `inDays` after `from`, or the next one after a weekend: a holiday on a Sunday shifts nothing. */
function weekdayAfter(from: Date, inDays: number): string {
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + inDays));
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/**
 * The demo company's calendar (docs/product.md#due-dates): London time,
 * Monday to Friday, and a few holidays in the coming weeks; calendar_days laid
 * out again in the same transaction, as a calendar change does.
 */
const seedCalendar: SeedStep = {
  name: 'calendar',
  async run(manager) {
    const now = new Date();
    const holidays = DEMO_HOLIDAYS.map((h) => ({ date: weekdayAfter(now, h.inDays), name: h.name }));
    await manager.query(`update company_settings set time_zone = 'Europe/London', working_days = '{1,2,3,4,5}', holidays = $1::jsonb`, [JSON.stringify(holidays)]);
    await manager.query('select embark_rebuild_calendar()');
  },
};

/** A few hundred generated hires over the last months with partial progress, for the index charts (seed-hires.ts). */
const seedHires: SeedStep = {
  name: 'hires',
  async run(manager) {
    await insertDemoHires(manager);
    await resetIdentity(manager, 'users');
  },
};

// The calendar before the checklist: the demo progress stores its due dates by it.
export const SEED_STEPS: SeedStep[] = [seedRoles, seedAccounts, seedPeople, seedCalendar, seedChecklist, seedDocuments, seedRegistration, seedHires];

/**
 * The steps a start seeds with: all of them, but under NODE_ENV=test (the e2e
 * stack) not the generated hires, so the browser tests see the demo company
 * they were written against.
 */
export function startSeedSteps(nodeEnv: string): SeedStep[] {
  return nodeEnv === 'test' ? SEED_STEPS.filter((step) => step.name !== seedHires.name) : SEED_STEPS;
}

/**
 * After explicit ids, move the identity sequence past them so the next insert
 * gets a fresh id. `table` and `column` come from code, never from input.
 */
export async function resetIdentity(manager: EntityManager, table: string, column = 'id'): Promise<void> {
  await manager.query(
    `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${column}) from ${table}), 0) + 1, false)`,
    [table, column],
  );
}

/** Whether the database holds accounts, or roles besides the base ones: the demo seed goes only into an empty one. */
export async function hasOwnData(runner: { query(sql: string, params?: unknown[]): Promise<unknown> }): Promise<boolean> {
  const [{ count }] = (await runner.query(
    'select ((select count(*) from users) + (select count(*) from roles where not (id = any($1::int[]))))::int as count',
    [BASE_ROLES.map((r) => r.id)],
  )) as [{ count: number }];
  return count > 0;
}

/**
 * Seeds demo data into an empty database only: no accounts, and no roles but the
 * base ones its migration inserts. Runs in one transaction holding a lock on
 * roles, so two replicas starting together cannot both seed, and a failure
 * leaves the database as empty as it was. Returns whether it seeded.
 */
export async function seedDemoData(dataSource: DataSource, logger: Logger, steps: SeedStep[] = SEED_STEPS): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    await manager.query('lock table roles in share row exclusive mode');
    if (await hasOwnData(manager)) {
      logger.debug('database already has data; demo seed skipped');
      return false;
    }
    for (const step of steps) {
      await step.run(manager);
      logger.info('demo data seeded', { step: step.name });
    }
    return true;
  });
}
