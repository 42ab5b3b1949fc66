import { useEffect, useState } from 'react';
import { AREA_MESSAGES, FALLBACK_ROLES, registrationRoles, type RoleOption } from '@embark/shared-ui';
import type { AuthApi } from '../../../auth';

export type RolesState =
  | { status: 'loading'; roles: readonly RoleOption[] }
  | { status: 'loaded'; roles: readonly RoleOption[] }
  | { status: 'error'; roles: readonly RoleOption[]; message: string };

/**
 * The registration role list (docs/product.md#registration): loading, then the server's roles without
 * SysAdmin, or on failure the spec's fallback roles with 'Failed to load roles. Please refresh the page.'
 */
export function useRegistrationRoles(api: AuthApi): RolesState {
  const [state, setState] = useState<RolesState>({ status: 'loading', roles: [] });
  useEffect(() => {
    let cancelled = false;
    api.roles().then(
      (roles) => {
        if (cancelled) return;
        if (roles === null) setState({ status: 'error', roles: FALLBACK_ROLES, message: AREA_MESSAGES.rolesLoad });
        else setState({ status: 'loaded', roles: registrationRoles(roles) });
      },
      () => {
        if (!cancelled) setState({ status: 'error', roles: FALLBACK_ROLES, message: AREA_MESSAGES.rolesLoad });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api]);
  return state;
}
