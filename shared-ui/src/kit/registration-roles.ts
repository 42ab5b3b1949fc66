/** The registration screen's role list (docs/product.md#registration). */

export interface RoleOption {
  id: number;
  name: string;
  description?: string | null;
}

/** The administrators' role, never offered at registration (docs/product.md#roles). */
export const SYSADMIN_ROLE_NAME = 'SysAdmin';

/**
 * The roles offered when `GET /roles` fails, fixed by the contract with older clients even though
 * the seeded ids differ; the server decides what an id means (docs/product.md#registration).
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
