import type { DataSource } from 'typeorm';
import { ARGON2_FLOOR } from '../../config';
import { PasswordHasher } from '../../modules/auth';
import { createLogger } from '../../shared/logger';
import { accountsWithDemoPasswords, DemoPasswordsError, refuseDemoPasswords } from '../demo-passwords';
import { SEED_STEPS, seedDemoData } from '../seed';
import { createMigratedScratchDatabase } from '../../../test/database';

/*
 * The start-up check of a production gateway: which accounts still sign in
 * with a password the demo data publishes (the demo accounts' own).
 */

const logger = createLogger('silent');
const hasher = new PasswordHasher(ARGON2_FLOOR);

describe('accounts with a demo password', () => {
  let scratch: Awaited<ReturnType<typeof createMigratedScratchDatabase>>;
  let db: DataSource;

  beforeAll(async () => {
    scratch = await createMigratedScratchDatabase('demo_passwords');
    db = scratch.dataSource;
    await seedDemoData(db, logger, SEED_STEPS.filter((s) => s.name === 'roles' || s.name === 'accounts'));
  });
  afterAll(() => scratch?.close());

  const addUser = async (email: string, password: string, roleId: number) =>
    db.query('insert into users (name, email, password_hash, role_id) values ($1, $2, $3, $4)', ['Someone', email, await hasher.hash(password), roleId]);

  it('finds every demo account of a freshly seeded database', async () => {
    await expect(accountsWithDemoPasswords(db, hasher)).resolves.toEqual(['admin@example.com', 'employee@example.com', 'manager@example.com', 'priya@example.com']);
  });

  it('names the accounts and what to do, never the passwords', async () => {
    const refused = await refuseDemoPasswords(db, hasher).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DemoPasswordsError);
    const message = (refused as Error).message;
    expect(message).toMatch(/^Embark will not start in production while these accounts still sign in with a published demo password:\n {2}- admin@example\.com\n {2}- employee@example\.com\n/);
    expect(message).toMatch(/Give each a new password \(Profile → Security\) or deactivate it \(Manage Users\)/);
    expect(message).toMatch(/npm run admin:create/);
    expect(message).not.toMatch(/Admin12345|Employee12345/);
  });

  it('also catches an administrator whose address changed but whose password did not', async () => {
    await addUser('hr.lead@acme.example', 'Admin12345', 4);
    await addUser('hire@acme.example', 'Employee12345', 1);
    // A non-administrator elsewhere is not checked: salted hashes cost a verification each (docs/decisions.md).
    await expect(accountsWithDemoPasswords(db, hasher)).resolves.toEqual(['admin@example.com', 'employee@example.com', 'hr.lead@acme.example', 'manager@example.com', 'priya@example.com']);
  });

  it('passes once every such account has a new password or is deactivated', async () => {
    await db.query('update users set password_hash = $1 where email = $2', [await hasher.hash('A-new-secret-2026'), 'admin@example.com']);
    await db.query(`update users set is_active = false where email in ('employee@example.com', 'hr.lead@acme.example', 'manager@example.com', 'priya@example.com')`);
    await expect(accountsWithDemoPasswords(db, hasher)).resolves.toEqual([]);
    await expect(refuseDemoPasswords(db, hasher)).resolves.toBeUndefined();
  });
});
