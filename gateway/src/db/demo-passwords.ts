import type { DataSource } from 'typeorm';
import { PasswordHasher } from '../modules/auth';
import { ADMIN_ROLE_ID } from '../shared/actor';
import { queryRows } from '../shared/sql';
import { DEMO_ACCOUNTS } from './seed';

/**
 * The demo data publishes its passwords (README), so a production gateway must
 * not serve an account that still signs in with one. Checked at start: active
 * accounts with a demo email, and every active administrator (an address may
 * have been changed, the password not), against every demo password. Salted
 * hashes can only be compared by verifying, so the check stays to those few
 * accounts rather than every user (docs/decisions.md).
 *
 * Returns the emails of the accounts found, sorted; never the passwords.
 */
export async function accountsWithDemoPasswords(dataSource: DataSource, hasher: PasswordHasher): Promise<string[]> {
  const demoEmails = DEMO_ACCOUNTS.map((a) => a.email.toLowerCase());
  const passwords = [...new Set(DEMO_ACCOUNTS.map((a) => a.password))];
  const accounts = await queryRows<{ email: string; password_hash: string }>(
    dataSource,
    `select email, password_hash from users where is_active and (lower(email) = any($1::text[]) or role_id = $2) order by lower(email)`,
    [demoEmails, ADMIN_ROLE_ID],
  );
  const found: string[] = [];
  // argon2 runs on libuv's thread pool: the verifications of one account go in parallel.
  for (const account of accounts) {
    const matches = await Promise.all(passwords.map((password) => hasher.verify(account.password_hash, password)));
    if (matches.some(Boolean)) found.push(account.email);
  }
  return found;
}

/** Why the gateway will not start, and what the operator can do about it. */
export class DemoPasswordsError extends Error {
  constructor(readonly emails: string[]) {
    super(
      [
        'Embark will not start in production while these accounts still sign in with a published demo password:',
        ...emails.map((email) => `  - ${email}`),
        'Give each a new password (Profile → Security) or deactivate it (Manage Users). To do so, start the gateway once',
        'with NODE_ENV=development on this database, sign in, make the change, then start it again in production.',
        'Need an administrator of your own first? `npm run admin:create -- --email you@example.com --name "Your Name"`.',
      ].join('\n'),
    );
    this.name = 'DemoPasswordsError';
  }
}

/** Throws DemoPasswordsError when an account still has a demo password. */
export async function refuseDemoPasswords(dataSource: DataSource, hasher: PasswordHasher): Promise<void> {
  const emails = await accountsWithDemoPasswords(dataSource, hasher);
  if (emails.length > 0) throw new DemoPasswordsError(emails);
}
