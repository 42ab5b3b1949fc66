/** The registration screen's role list (spec §2, §3, §6). */

export interface RoleOption {
  id: number;
  name: string;
  description?: string | null;
}

/** The administrators' role, never offered at registration (DESIGN §7.1). */
export const SYSADMIN_ROLE_NAME = 'SysAdmin';

/**
 * Spec §3: the roles offered when `GET /roles` fails, exactly as the spec lists them (DESIGN §7.1
 * keeps them unchanged even though the seeded ids differ; the server decides what an id means).
 */
export const FALLBACK_ROLES: readonly RoleOption[] = [
  { id: 1, name: 'Administrator' },
  { id: 2, name: 'Manager' },
  { id: 3, name: 'Employee' },
  { id: 4, name: 'Contractor' },
];

/** The roles a new account may choose: everything except the role named SysAdmin. */
export function registrationRoles(roles: readonly RoleOption[]): RoleOption[] {
  return roles.filter((role) => role.name.trim().toLowerCase() !== SYSADMIN_ROLE_NAME.toLowerCase());
}

/** Keeps only well-formed roles from an untrusted answer (anything else reads as a failed load). */
export function parseRoles(payload: unknown): RoleOption[] | null {
  if (!Array.isArray(payload)) return null;
  const roles = payload.filter(
    (r): r is RoleOption =>
      typeof r === 'object' && r !== null && typeof (r as RoleOption).id === 'number' && typeof (r as RoleOption).name === 'string',
  );
  return roles.length === payload.length ? roles : null;
}
