import { ForbiddenError, NotFoundError, UnauthenticatedError } from './errors';

/**
 * Who is making a request. Every service operation takes one, so permission
 * checks live in the service layer (docs/architecture.md#layers) and both doors
 * (REST and GraphQL) pass the same value, resolved from a verified token.
 */
export type Actor = { kind: 'anonymous' } | { kind: 'user'; userId: number; roleId: number; /** The sign-in (sessions.id) of the token. */ sessionId: string };

export const ANONYMOUS: Actor = Object.freeze({ kind: 'anonymous' });

/** role_id 4 is the administrator role, compared exactly (docs/product.md#roles). */
export const ADMIN_ROLE_ID = 4;

/** A signed-in actor (the user behind a valid, unrevoked token). */
export type UserActor = Extract<Actor, { kind: 'user' }>;

/** Where a request came from, for rate limits and the audit trail (express `req.ip`, honouring TRUST_PROXY). */
export interface RequestMeta {
  ip: string;
  /** The User-Agent header, when there is one (kept with a new session, to name the device). */
  userAgent?: string | null;
}

/**
 * Deny by default: services call these first. The role comes from the actor,
 * which the auth middleware re-reads from the database on every request, so a
 * demoted administrator loses access on the very next request.
 */
export function requireUser(actor: Actor): UserActor {
  if (actor.kind !== 'user') throw new UnauthenticatedError();
  return actor;
}

export function isAdmin(actor: Actor): boolean {
  return actor.kind === 'user' && actor.roleId === ADMIN_ROLE_ID;
}

export function requireAdmin(actor: Actor): UserActor {
  const user = requireUser(actor);
  if (user.roleId !== ADMIN_ROLE_ID) throw new ForbiddenError();
  return user;
}

/**
 * Users reach only their own data; administrators reach everyone's (docs/product.md#admin).
 * Another user's data answers 404 with `notFoundMessage`, exactly like an id
 * that does not exist: user ids are sequential, so a 403 would tell a prober
 * which accounts exist, and the client treats 403 as a lost session (docs/product.md#status-codes).
 */
export function requireSelfOrAdmin(actor: Actor, userId: number, notFoundMessage: string): UserActor {
  const user = requireUser(actor);
  if (user.userId !== userId && user.roleId !== ADMIN_ROLE_ID) throw new NotFoundError(notFoundMessage);
  return user;
}
