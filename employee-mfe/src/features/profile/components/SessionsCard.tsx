import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Card, ErrorState, formatCalendarDate, formatRelativeTime, isApiError, LoadingState, useToast } from '@embark/shared-ui';
import { SESSIONS_TEXT as TEXT } from '@embark/shared-ui/page-text/profile';
import { sessionsApi, type ActiveSession, type SessionsApi } from '../api/sessions-api';
import { describeDevice } from '../describe-device';

type View = { name: 'loading' } | { name: 'error' } | { name: 'ready'; sessions: ActiveSession[] };

/** This device first, then the others in the server's order (most recently active first). */
function thisDeviceFirst(sessions: readonly ActiveSession[]): ActiveSession[] {
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
}

export interface SessionsCardProps {
  /** The sessions calls (tests pass a fake). */
  api?: SessionsApi;
  /** Changed when the other sessions may have ended (a password or two-factor change): the list is read again. */
  refreshKey?: number;
}

/**
 * Profile → Security → Active sessions (docs/product.md#sessions): each device signed in to the
 * account (browser and system from its user agent, its IP address, when it was last active), this
 * one marked. Any other session can be signed out, one at a time or all at once; this one is ended
 * by the ordinary Sign out, so it offers no button here.
 */
export function SessionsCard({ api = sessionsApi, refreshKey = 0 }: SessionsCardProps) {
  const toast = useToast();
  const [view, setView] = useState<View>({ name: 'loading' });
  /** The session being signed out, or 'others' for all of them: its button shows busy, the rest wait. */
  const [pending, setPending] = useState<string | null>(null);
  // After a sign-out the pressed button is gone: focus moves to the summary, which reads the new count.
  const summaryRef = useRef<HTMLParagraphElement>(null);

  // Reads can overlap (a refresh while the first read is out): only the latest one's answer is shown.
  const latestRead = useRef(0);
  const load = useCallback(async () => {
    const read = ++latestRead.current;
    try {
      const sessions = thisDeviceFirst(await api.list());
      if (read === latestRead.current) setView({ name: 'ready', sessions });
    } catch {
      if (read === latestRead.current) setView({ name: 'error' });
    }
  }, [api]);

  // A refresh keeps the list on screen until the new one answers: no flash of the loading state.
  useEffect(() => {
    void load();
  }, [load, refreshKey]);

  function keepOnly(keep: (session: ActiveSession) => boolean) {
    setView((current) => (current.name === 'ready' ? { name: 'ready', sessions: current.sessions.filter(keep) } : current));
  }

  async function signOut(session: ActiveSession, device: string) {
    setPending(session.id);
    try {
      await api.revoke(session.id);
      keepOnly((s) => s.id !== session.id);
      toast.success(TEXT.signedOutToast(device));
    } catch (failure) {
      if (isApiError(failure) && failure.status === 404) {
        // Already ended (signed out elsewhere, expired): the list is out of date.
        toast.info(TEXT.alreadyEndedToast);
        await load();
      } else toast.error(TEXT.signOutFailed);
    } finally {
      setPending(null);
      summaryRef.current?.focus();
    }
  }

  async function signOutOthers() {
    setPending('others');
    try {
      const revoked = await api.revokeOthers();
      keepOnly((s) => s.current);
      toast.success(TEXT.signedOutOthersToast(revoked));
    } catch {
      toast.error(TEXT.signOutOthersFailed);
    } finally {
      setPending(null);
      summaryRef.current?.focus();
    }
  }

  const sessions = view.name === 'ready' ? view.sessions : null;
  const others = sessions?.filter((s) => !s.current).length ?? 0;

  return (
    <Card title={TEXT.heading} headingLevel={3} className="profile-sessions">
      <div className="profile-2fa__body">
        <p className="profile-2fa__lead">{TEXT.lead}</p>
        {view.name === 'error' ? (
          <ErrorState
            message={TEXT.loadFailed}
            onRetry={() => {
              setView({ name: 'loading' });
              return load();
            }}
            retryLabel={TEXT.retry}
          />
        ) : null}
        {view.name === 'loading' ? <LoadingState label={TEXT.loading} className="profile-2fa__loading" /> : null}
        {sessions ? (
          <>
            <p ref={summaryRef} tabIndex={-1} className="profile-2fa__meta" data-testid="sessions-summary">
              {others === 0 ? TEXT.onlyThisDevice : TEXT.otherCount(others)}
            </p>
            <ul className="profile-sessions__list" aria-label={TEXT.listLabel}>
              {sessions.map((session) => (
                <SessionItem
                  key={session.id}
                  session={session}
                  busy={pending === session.id}
                  disabled={pending !== null}
                  onSignOut={(device) => void signOut(session, device)}
                />
              ))}
            </ul>
            {others > 0 ? (
              <div className="profile-2fa__actions">
                <Button variant="secondary" busy={pending === 'others'} disabled={pending !== null && pending !== 'others'} onClick={() => void signOutOthers()}>
                  {pending === 'others' ? TEXT.signingOutOthers : TEXT.signOutOthers}
                </Button>
              </div>
            ) : null}
          </>
        ) : null}
      </div>
    </Card>
  );
}

interface SessionItemProps {
  session: ActiveSession;
  busy: boolean;
  disabled: boolean;
  onSignOut(device: string): void;
}

function SessionItem({ session, busy, disabled, onSignOut }: SessionItemProps) {
  const device = describeDevice(session.user_agent);
  const place = session.ip?.trim() || TEXT.unknownPlace;
  const signedIn = new Date(session.created_at);
  return (
    <li className="profile-sessions__item" data-testid="session" aria-current={session.current ? 'true' : undefined}>
      <div className="profile-sessions__text">
        <p className="profile-sessions__device">
          <span>{device}</span>
          {session.current ? <span className="profile-status profile-status--on">{TEXT.thisDevice}</span> : null}
        </p>
        <dl className="profile-sessions__facts">
          <div>
            <dt>{TEXT.placeLabel}</dt>
            <dd>{place}</dd>
          </div>
          <div>
            <dt>{TEXT.lastSeenLabel}</dt>
            <dd>
              <time dateTime={session.last_seen_at}>{formatRelativeTime(session.last_seen_at)}</time>
            </dd>
          </div>
          <div>
            <dt>{TEXT.signedInLabel}</dt>
            <dd>{Number.isFinite(signedIn.getTime()) ? <time dateTime={session.created_at}>{formatCalendarDate(signedIn)}</time> : null}</dd>
          </div>
        </dl>
      </div>
      {session.current ? null : (
        <Button variant="ghost" size="sm" className="profile-2fa__danger" busy={busy} disabled={disabled && !busy} aria-label={TEXT.signOutLabel(device, place)} onClick={() => onSignOut(device)}>
          {busy ? TEXT.signingOut : TEXT.signOut}
        </Button>
      )}
    </li>
  );
}
