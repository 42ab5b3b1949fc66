import { createContext, useContext } from 'react';
import { ADMIN_ROLE_ID } from '../kit/constants';

/**
 * The signed-in user as every door of the gateway returns it (REST and GraphQL), never with a
 * hash, secret or code.
 */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role_id: number;
  completion_percentage: number;
  last_login_at: string | null;
  created_at: string;
  start_date: string;
}

/** Uninitialised until the stored token has been checked, then signed in or not (docs/product.md#sessions). */
export type AuthStatus = 'uninitialised' | 'authenticated' | 'anonymous';

/** The administrator check: an exact comparison of role_id to ADMIN_ROLE_ID (4) (docs/product.md#roles). */
export function isAdminUser(user: Pick<SessionUser, 'role_id'> | null | undefined): boolean {
  return user?.role_id === ADMIN_ROLE_ID;
}

/**
 * What the shell's auth provider exposes to the shell's guards and header and to every remote
 * (shared-ui is a singleton, so this context object is the same instance everywhere).
 */
export interface AuthContextValue {
  status: AuthStatus;
  user: SessionUser | null;
  isAdmin: boolean;
  /** Re-reads the current user from the server (e.g. after a profile change or completed task). */
  refreshUser(): Promise<void>;
  /** Logout: server call, clear stored auth and state, go to /login, toast (docs/product.md#sessions). */
  logout(): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth() must be used inside the shell\'s AuthProvider');
  return value;
}
