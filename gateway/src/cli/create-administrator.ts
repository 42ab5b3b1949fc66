import type { DataSource } from 'typeorm';
import { assertNewPasswordAllowed, NewPassword, type PasswordHasher } from '../modules/auth';
import { EmailField, NameField, USER_ADMIN_MESSAGES } from '../modules/users';
import type { Services } from '../services';
import { ADMIN_ROLE_ID, type RequestMeta } from '../shared/actor';
import { isUniqueViolation } from '../shared/db-errors';
import { ConflictError } from '../shared/errors';
import { parseInput, z } from '../shared/validation';

/*
 * The first administrator of an instance, created by the operator at the
 * server (`npm run admin:create`): a fresh production database is invitation
 * only, so nobody can sign up into role 4 there. Also the way back in when every
 * administrator has lost access, so it does not insist on being the first
 * (docs/decisions.md). Same rules and words as registration.
 */

/** Who to create: the name and address as registration takes them. */
export const AdministratorInput = z.object({ name: NameField, email: EmailField });
export type AdministratorInput = z.output<typeof AdministratorInput>;

/** Who to create, with the password they will sign in with. */
export const AdministratorWithPassword = AdministratorInput.extend({ password: NewPassword });
export type AdministratorWithPassword = z.output<typeof AdministratorWithPassword>;

/** The input checked as registration checks it (form, then the common-password and email rules); throws the same 400. */
export function parseAdministrator(input: unknown): AdministratorWithPassword {
  const data = parseInput(AdministratorWithPassword, input);
  assertNewPasswordAllowed(data.password, data.email);
  return data;
}

export interface CreatedAdministrator {
  id: number;
  name: string;
  email: string;
  /** The open invitations of the address (expired ones too), revoked: the account now exists. */
  revokedInvitations: number[];
}

/**
 * Creates an active administrator (argon2id at the configured cost), audited; 409 when the address has
 * an account. An open invitation of the address does not stand in the way (its mail may never have
 * arrived): it is revoked in the same transaction.
 */
export async function createAdministrator(
  dataSource: DataSource,
  services: Pick<Services, 'users' | 'audit' | 'invitations'>,
  hasher: PasswordHasher,
  input: unknown,
  meta: RequestMeta,
): Promise<CreatedAdministrator> {
  const data = parseAdministrator(input);
  if ((await services.users.takenEmails([data.email])).size > 0) throw new ConflictError(USER_ADMIN_MESSAGES.duplicateEmail);
  const passwordHash = await hasher.hash(data.password);
  try {
    return await dataSource.transaction(async (manager) => {
      const revokedInvitations = await services.invitations.revokeForNewAccount(manager, data.email, meta);
      const user = await services.users.create({ name: data.name, email: data.email, passwordHash, roleId: ADMIN_ROLE_ID }, manager);
      await services.audit.record(
        { action: 'user.admin_create', actorUserId: null, targetType: 'user', targetId: user.id, ip: meta.ip, details: { after: { name: user.name, email: user.email, role_id: ADMIN_ROLE_ID } } },
        manager,
      );
      return { id: user.id, name: user.name, email: user.email, revokedInvitations };
    });
  } catch (err) {
    // Created by someone else between the check and the insert.
    if (isUniqueViolation(err, 'uq_users_email_lower')) throw new ConflictError(USER_ADMIN_MESSAGES.duplicateEmail);
    throw err;
  }
}
