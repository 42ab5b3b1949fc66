import { createContext, useContext } from 'react';
import type { InitialisationStep } from './app-initialisation';
import type { Session } from './auth-api';

/**
 * How establishing a session ended: signed in; signed in but the user's data could not be loaded;
 * or the new session was refused at once (`sessionRefused`: ended already, nothing to refresh).
 */
export type EstablishedSession = { ok: true } | { ok: false; failedStep: InitialisationStep; sessionRefused: boolean };

/** What the shell's sign-in and registration screens need beyond the shared `useAuth()` contract. */
export interface SessionControl {
  /**
   * Stores a new session, waits the settle delay, initialises the user's data (docs/product.md#initialisation),
   * then signs the UI in: auth state, the landing route (admins /app/admin, others /app/dashboard)
   * and the welcome toast, together. When the initialisation fails the UI stays signed out and the
   * answer says so; the screen shows the initialisation-failure message (docs/product.md#messages).
   */
  establishSession(session: Session, welcome: string): Promise<EstablishedSession>;
}

export const SessionControlContext = createContext<SessionControl | null>(null);

export function useSessionControl(): SessionControl {
  const value = useContext(SessionControlContext);
  if (!value) throw new Error('useSessionControl() must be used inside the AuthProvider');
  return value;
}
