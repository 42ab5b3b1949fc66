import { useContext, useReducer } from 'react';
import { Link } from 'react-router';
import { AuthContext, buttonClassName, Card, ROUTES, useDocumentTitle } from '@embark/shared-ui';
import { NOTIFICATION_PREFERENCES_TEXT, PROFILE_SECURITY_TEXT as TEXT, PROFILE_TEXT } from '@embark/shared-ui/page-text/profile';
import { useProfileOverview } from './api/useProfileOverview';
import { AccountCard } from './components/AccountCard';
import { OnboardingProgressCard } from './components/OnboardingProgressCard';
import { ChangePasswordCard } from './components/ChangePasswordCard';
import { TwoFactorCard } from './components/TwoFactorCard';
import { SessionsCard } from './components/SessionsCard';
import type { ChangePasswordApi } from './api/change-password-api';
import type { TwoFactorApi } from './api/two-factor-api';
import type { SessionsApi } from './api/sessions-api';
import { summariseProfile } from './profile-summary';
import './profile.css';

export interface ProfilePageProps {
  /** The two-factor calls (tests pass a fake). */
  twoFactor?: TwoFactorApi;
  /** The change-password call (tests pass a fake). */
  changePassword?: ChangePasswordApi;
  /** The active-sessions calls (tests pass a fake). */
  sessions?: SessionsApi;
}

/**
 * `/app/profile`: the account (name, email, role, start date), onboarding
 * progress with the way to the certificate once everything is done, and the security section (password, two-factor, the devices signed in).
 */
export function ProfilePage({ twoFactor, changePassword, sessions }: ProfilePageProps) {
  useDocumentTitle(TEXT.pageTitle);
  // Read without useAuth(): the remote also runs standalone in development, without the shell's provider.
  const user = useContext(AuthContext)?.user ?? null;
  const { data, error, refetch } = useProfileOverview();
  const summary = data ? summariseProfile(data) : null;
  // A password or two-factor change ends the other sessions on the server: the list is read again.
  const [sessionsKey, otherSessionsEnded] = useReducer((n: number) => n + 1, 0);
  return (
    <div className="profile-page">
      <header className="profile-page__header">
        <h1>{TEXT.pageHeading}</h1>
        <p className="profile-page__lead">{PROFILE_TEXT.pageLead}</p>
      </header>
      <div className="profile-overview">
        <AccountCard summary={summary} user={user} />
        <OnboardingProgressCard summary={summary} failed={Boolean(error) && !summary} onRetry={() => void refetch().catch(() => undefined)} />
      </div>
      <Card title={NOTIFICATION_PREFERENCES_TEXT.profileHeading} className="profile-notify">
        <p className="profile-2fa__lead">{NOTIFICATION_PREFERENCES_TEXT.profileLinkHint}</p>
        <Link to={ROUTES.profileNotifications} className={buttonClassName({ variant: 'secondary' })}>
          {NOTIFICATION_PREFERENCES_TEXT.profileLink}
        </Link>
      </Card>
      <section className="profile-security" aria-labelledby="profile-security-heading">
        <h2 id="profile-security-heading" className="profile-security__heading">
          {TEXT.securityHeading}
        </h2>
        <ChangePasswordCard {...(changePassword ? { api: changePassword } : {})} onOtherSessionsEnded={otherSessionsEnded} />
        <TwoFactorCard {...(twoFactor ? { api: twoFactor } : {})} onOtherSessionsEnded={otherSessionsEnded} />
        <SessionsCard {...(sessions ? { api: sessions } : {})} refreshKey={sessionsKey} />
      </section>
    </div>
  );
}
