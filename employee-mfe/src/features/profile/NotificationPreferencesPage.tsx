import { useContext, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { buttonClassName, Card, ErrorState, LoadingState, PageHeader, ROUTES, ToastContext, useDocumentTitle } from '@embark/shared-ui';
import { NOTIFICATION_PREFERENCES_TEXT as TEXT } from '@embark/shared-ui/page-text/profile';
import { notificationPreferencesApi, type NotificationPreferencesApi } from './api/notification-preferences-api';
import './profile.css';

type View = { name: 'loading' } | { name: 'error' } | { name: 'ready'; digest: boolean };

export interface NotificationPreferencesPageProps {
  /** The preference calls (tests pass a fake). */
  api?: NotificationPreferencesApi;
}

/**
 * `/app/profile/notifications`, where every reminder mail links (docs/product.md#notifications): the
 * daily digest can be turned off; escalations cannot, and the page says so. A change is saved at once.
 */
export function NotificationPreferencesPage({ api = notificationPreferencesApi }: NotificationPreferencesPageProps) {
  useDocumentTitle(TEXT.title);
  // Optional: the standalone dev page runs this remote without the shell's providers.
  const toast = useContext(ToastContext);
  const [view, setView] = useState<View>({ name: 'loading' });
  const [saving, setSaving] = useState(false);
  const hintId = useId();
  const noteId = useId();

  // Each retry is a new attempt; a read still under way when the page leaves or retries is aborted.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setView({ name: 'loading' });
    api.get(controller.signal).then(
      ({ digest }) => {
        if (!controller.signal.aborted) setView({ name: 'ready', digest });
      },
      () => {
        if (!controller.signal.aborted) setView({ name: 'error' });
      },
    );
    return () => controller.abort();
  }, [api, attempt]);

  async function setDigest(digest: boolean) {
    setSaving(true);
    // Shown checked at once; put back if the server refuses.
    setView({ name: 'ready', digest });
    try {
      const saved = await api.save({ digest });
      setView({ name: 'ready', digest: saved.digest });
      toast?.success(saved.digest ? TEXT.digestOn : TEXT.digestOff);
    } catch {
      setView({ name: 'ready', digest: !digest });
      toast?.error(TEXT.saveFailed);
    } finally {
      setSaving(false);
    }
  }

  const back = (
    <Link to={ROUTES.profile} className={buttonClassName({ variant: 'ghost' })}>
      {TEXT.backToProfile}
    </Link>
  );

  return (
    <div className="employee-page profile-notifications">
      <PageHeader title={TEXT.title} description={TEXT.lead} actions={back} />
      {view.name === 'loading' ? <LoadingState label={TEXT.loading} /> : null}
      {view.name === 'error' ? (
        <ErrorState message={TEXT.loadFailed} onRetry={() => setAttempt((n) => n + 1)} retryLabel={TEXT.retry} />
      ) : null}
      {view.name === 'ready' ? (
        <Card title={TEXT.heading} headingLevel={2}>
          <div className="profile-notifications__body">
            <label className="profile-notifications__option">
              <input
                type="checkbox"
                checked={view.digest}
                disabled={saving}
                aria-describedby={`${hintId} ${noteId}`}
                onChange={(event) => void setDigest(event.currentTarget.checked)}
              />
              <span>{TEXT.digestLabel}</span>
            </label>
            <p id={hintId} className="profile-notifications__hint">
              {TEXT.digestHint}
            </p>
            <p id={noteId} className="profile-notifications__note">
              {TEXT.escalationsNote}
            </p>
          </div>
        </Card>
      ) : null}
    </div>
  );
}
