import { useContext } from 'react';
import { AuthContext, Card, PROFILE_SECURITY_TEXT as TEXT, useDocumentTitle } from '@embark/shared-ui';
import { TwoFactorCard } from './components/TwoFactorCard';
import type { TwoFactorApi } from './api/two-factor-api';
import './profile.css';

export interface ProfilePageProps {
  /** The two-factor calls (tests pass a fake). */
  twoFactor?: TwoFactorApi;
}

/**
 * `/app/profile` (spec §2). This issue builds its security section; the account card grows with
 * the checklist issue (role, start date, progress, certificate).
 */
export function ProfilePage({ twoFactor }: ProfilePageProps) {
  useDocumentTitle(TEXT.pageTitle);
  // Read without useAuth(): the remote also runs standalone in development, without the shell's provider.
  const user = useContext(AuthContext)?.user ?? null;
  return (
    <div className="profile-page">
      <header className="profile-page__header">
        <h1>{TEXT.pageHeading}</h1>
        <p className="profile-page__lead">{TEXT.pageLead}</p>
      </header>
      {user ? (
        <Card title={TEXT.accountHeading}>
          <dl className="profile-account">
            <div>
              <dt>{TEXT.nameLabel}</dt>
              <dd>{user.name}</dd>
            </div>
            <div>
              <dt>{TEXT.emailLabel}</dt>
              <dd>{user.email}</dd>
            </div>
          </dl>
        </Card>
      ) : null}
      <section className="profile-security" aria-labelledby="profile-security-heading">
        <h2 id="profile-security-heading" className="profile-security__heading">
          {TEXT.securityHeading}
        </h2>
        <TwoFactorCard {...(twoFactor ? { api: twoFactor } : {})} />
      </section>
    </div>
  );
}
