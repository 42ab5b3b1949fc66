import { createContext, useContext } from 'react';
import type { Session } from './auth-api';

/** What the shell's sign-in and registration screens need beyond the shared `useAuth()` contract. */
export interface SessionControl {
  /**
   * Stores a new session, waits the spec's settle delay, then signs the UI in: auth state, the
   * landing route (admins /app/admin, others /app/dashboard) and the welcome toast, together.
   */
  establishSession(session: Session, welcome: string): Promise<void>;
}

export const SessionControlContext = createContext<SessionControl | null>(null);

export function useSessionControl(): SessionControl {
  const value = useContext(SessionControlContext);
  if (!value) throw new Error('useSessionControl() must be used inside the AuthProvider');
  return value;
}
