import { Card, type SessionUser } from '@embark/shared-ui';
import { PROFILE_SECURITY_TEXT, PROFILE_TEXT } from '@embark/shared-ui/page-text/profile';
import { formatStartDate, type ProfileSummary } from '../profile-summary';

export interface AccountCardProps {
  /** The server's answer, once it is in. */
  summary: ProfileSummary | null;
  /** The shell's copy of the user: name, email and start date show before the answer arrives. */
  user: SessionUser | null;
}

/** Name, email, role and start date. */
export function AccountCard({ summary, user }: AccountCardProps) {
  const name = summary?.name ?? user?.name;
  const email = summary?.email ?? user?.email;
  if (name === undefined || email === undefined) return null;
  const startDate = summary ? summary.startDate : (user?.start_date ?? null);
  return (
    <Card title={PROFILE_SECURITY_TEXT.accountHeading} className="profile-account-card">
      <dl className="profile-account">
        <div>
          <dt>{PROFILE_SECURITY_TEXT.nameLabel}</dt>
          <dd data-testid="profile-name">{name}</dd>
        </div>
        <div>
          <dt>{PROFILE_SECURITY_TEXT.emailLabel}</dt>
          <dd data-testid="profile-email">{email}</dd>
        </div>
        <div>
          <dt>{PROFILE_TEXT.roleLabel}</dt>
          {/* The role's name needs the roles list: a placeholder until the answer is in. */}
          <dd data-testid="profile-role" aria-busy={summary ? undefined : true}>
            {summary?.roleName ?? '…'}
          </dd>
        </div>
        <div>
          <dt>{PROFILE_TEXT.startDateLabel}</dt>
          <dd data-testid="profile-start-date">{formatStartDate(startDate)}</dd>
        </div>
      </dl>
    </Card>
  );
}
