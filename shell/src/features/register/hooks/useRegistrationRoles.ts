import { useCallback } from 'react';
import { AREA_MESSAGES, FALLBACK_ROLES, registrationRoles, type RoleOption } from '@embark/shared-ui';
import { useLoaded, type AuthApi } from '../../../auth';

export type RolesState =
  | { status: 'loading'; roles: readonly RoleOption[] }
  | { status: 'loaded'; roles: readonly RoleOption[] }
  | { status: 'error'; roles: readonly RoleOption[]; message: string };

/**
 * The registration role list (docs/product.md#registration): loading, then the server's roles without
 * SysAdmin, or on failure the spec's fallback roles with 'Failed to load roles. Please refresh the page.'
 */
export function useRegistrationRoles(api: AuthApi): RolesState {
  const loadRoles = useCallback(() => api.roles(), [api]);
  const { state } = useLoaded(loadRoles);
  if (state.status === 'loading') return { status: 'loading', roles: [] };
  if (state.status === 'loaded' && state.value !== null) return { status: 'loaded', roles: registrationRoles(state.value) };
  return { status: 'error', roles: FALLBACK_ROLES, message: AREA_MESSAGES.rolesLoad };
}
