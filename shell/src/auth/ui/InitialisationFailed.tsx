import { useEffect, useRef, useState } from 'react';
import { Button, readAuthToken, TIMING_MS } from '@embark/shared-ui';
import { APP_INIT_TEXT, LOGIN_MESSAGES, REGISTER_MESSAGES } from '@embark/shared-ui/page-text/auth';
import { FormAlert } from './FormAlert';

export interface InitialisationFailedProps {
  /** Which screen the user signed in from: the wording and the refresh offer differ. */
  flow: 'login' | 'register';
  /** Reloads the page (tests pass a spy). */
  reload?: () => void;
  /** Asks yes or no (tests pass a fake). */
  confirm?: (message: string) => boolean;
}

function reloadPage(): void {
  window.location.reload();
}

function askUser(message: string): boolean {
  return window.confirm(message);
}

/**
 * The user signed in (or registered) but their data could not be loaded. Sign-in offers a
 * refresh after 2 s; registration asks after 2 s, if the session is stored, whether to refresh now
 * (and reloads on yes), then offers the same button. The stored session survives, so a refresh lets
 * the user in with their data.
 */
export function InitialisationFailed({ flow, reload = reloadPage, confirm = askUser }: InitialisationFailedProps) {
  const [offerRefresh, setOfferRefresh] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  // Read once: the props are fixed for the life of this screen, and the timer must not restart.
  const actions = useRef({ flow, reload, confirm });

  useEffect(() => {
    alertRef.current?.focus();
    const timer = window.setTimeout(() => {
      const { flow: from, reload: doReload, confirm: ask } = actions.current;
      if (from === 'register' && readAuthToken() !== null && ask(REGISTER_MESSAGES.refreshConfirm)) {
        doReload();
        return;
      }
      setOfferRefresh(true);
    }, TIMING_MS.refreshOfferDelay);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <div className="auth-form">
      <h1 className="auth-form__heading">{APP_INIT_TEXT.heading}</h1>
      <FormAlert ref={alertRef}>{flow === 'login' ? LOGIN_MESSAGES.initialisationFailed : REGISTER_MESSAGES.initialisationFailed}</FormAlert>
      {offerRefresh ? (
        <Button size="lg" className="auth-form__submit" onClick={() => actions.current.reload()}>
          {APP_INIT_TEXT.refreshPage}
        </Button>
      ) : null}
    </div>
  );
}
