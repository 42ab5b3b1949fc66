/**
 * Who is making a request. Every service operation takes one, so permission
 * checks live in the service layer (DESIGN §5) and both doors (REST and GraphQL)
 * pass the same value. The auth issue fills `user` from a verified token.
 */
export type Actor = { kind: 'anonymous' } | { kind: 'user'; userId: number; roleId: number };

export const ANONYMOUS: Actor = Object.freeze({ kind: 'anonymous' });

/** role_id 4 is the administrator role (spec §6: an exact comparison). */
export const ADMIN_ROLE_ID = 4;
