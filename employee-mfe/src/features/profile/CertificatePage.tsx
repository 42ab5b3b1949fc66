import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  BRAND,
  Button,
  buttonClassName,
  Card,
  EmptyList,
  ErrorState,
  Icon,
  LoadingState,
  PageHeader,
  ProgressBar,
  ROUTES,
  useDocumentTitle,
} from '@embark/shared-ui';
import { CERTIFICATE_TEXT as TEXT, PROFILE_TEXT } from '@embark/shared-ui/page-text/profile';
import { useProfileOverview } from './api/useProfileOverview';
import { formatLongDate, summariseProfile, type ProfileSummary } from './profile-summary';
import './certificate.css';

export interface CertificatePageProps {
  /** Opens the browser's print dialog (tests pass a spy). */
  print?: () => void;
}

function printPage(): void {
  window.print();
}

/**
 * `/app/profile/certificate` (docs/product.md#certificate): once every task of the user's own is complete (tasks
 * others do for them never hold it back), a certificate with the user's name, role and completion date, printable (a Print button and a print stylesheet that
 * prints the certificate alone, on one landscape page). Before that, a friendly 'not yet' with the
 * progress so far.
 */
export function CertificatePage({ print = printPage }: CertificatePageProps) {
  useDocumentTitle(TEXT.pageTitle);
  const { data, error, refetch } = useProfileOverview();
  const summary = data ? summariseProfile(data) : null;
  const backToProfile = (
    <Link to={ROUTES.profile} className={buttonClassName({ variant: 'ghost' })}>
      {TEXT.backToProfile}
    </Link>
  );

  if (!summary) {
    return (
      <div className="employee-page certificate-page">
        <PageHeader title={TEXT.heading} description={TEXT.lead} actions={backToProfile} />
        {error ? (
          <ErrorState icon={null} message={PROFILE_TEXT.loadFailed} onRetry={refetch} retryLabel={PROFILE_TEXT.retry} />
        ) : (
          <LoadingState size="lg" label={TEXT.loading} className="certificate-page__loading" />
        )}
      </div>
    );
  }

  if (!summary.isComplete) return <NotYet summary={summary} backToProfile={backToProfile} />;

  return (
    <div className="employee-page certificate-page">
      <PageHeader
        title={TEXT.heading}
        description={TEXT.lead}
        actions={
          <>
            {backToProfile}
            <Button onClick={print}>{TEXT.print}</Button>
          </>
        }
      />
      <Certificate summary={summary} />
    </div>
  );
}

function NotYet({ summary, backToProfile }: { summary: ProfileSummary; backToProfile: ReactNode }) {
  return (
    <div className="employee-page certificate-page">
      <PageHeader title={TEXT.heading} description={TEXT.lead} actions={backToProfile} />
      <Card className="certificate-not-yet">
        <EmptyList
          icon="checklist"
          title={TEXT.notYetTitle}
          hint={summary.total === 0 ? TEXT.noTasksText : TEXT.notYetText(summary.remaining)}
          action={
            summary.total === 0 ? undefined : (
              <div className="certificate-not-yet__progress">
                <ProgressBar value={summary.percent} label={TEXT.progressLabel} showValue />
                <p className="certificate-not-yet__count">{PROFILE_TEXT.progressSummary(summary.completed, summary.total)}</p>
                <Link to={ROUTES.checklist} className={buttonClassName()}>
                  {TEXT.goToChecklist}
                  <Icon name="arrowRight" size={18} />
                </Link>
              </div>
            )
          }
        />
      </Card>
    </div>
  );
}

/** The certificate itself: what prints. */
function Certificate({ summary }: { summary: ProfileSummary }) {
  const completedOn = summary.completedAt ? formatLongDate(new Date(summary.completedAt)) : null;
  const startedOn = summary.startDate ? formatLongDate(new Date(`${summary.startDate}T00:00:00`)) : null;
  return (
    <article className="certificate" aria-labelledby="certificate-title" data-testid="certificate">
      <div className="certificate__frame">
        <p className="certificate__brand">
          <BrandMark />
          {BRAND.name}
        </p>
        <h2 id="certificate-title" className="certificate__title">
          {TEXT.title}
        </h2>
        <p className="certificate__certifies">{TEXT.certifies}</p>
        <p className="certificate__name" data-testid="certificate-name">
          {summary.name}
        </p>
        <p className="certificate__text">{TEXT.completed(BRAND.name)}</p>
        <p className="certificate__role" data-testid="certificate-role">
          {TEXT.asRole(summary.roleName)}
        </p>
        <dl className="certificate__facts">
          {completedOn ? (
            <div>
              <dt>{TEXT.completedOnLabel}</dt>
              <dd data-testid="certificate-date">
                <time dateTime={summary.completedAt ?? undefined}>{completedOn}</time>
              </dd>
            </div>
          ) : null}
          {startedOn ? (
            <div>
              <dt>{TEXT.startedOnLabel}</dt>
              <dd>
                <time dateTime={summary.startDate ?? undefined}>{startedOn}</time>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{TEXT.tasksLabel}</dt>
            <dd>{summary.completed}</dd>
          </div>
        </dl>
        <div className="certificate__footer">
          <p className="certificate__signature">{TEXT.issuedBy(BRAND.name)}</p>
          <Seal />
        </div>
      </div>
    </article>
  );
}

/** The portal's mark (the same drawing as the header's). Decorative. */
function BrandMark() {
  return (
    <span className="certificate__mark" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M4 20c3-1 4-4 7-6s5-1 7-5" />
        <path d="M18 9V3l3 1.5L18 6" />
      </svg>
    </span>
  );
}

/** A rosette with ribbons. Decorative. */
function Seal() {
  return (
    <svg className="certificate__seal" viewBox="0 0 64 80" width="64" height="80" aria-hidden="true">
      <path d="M20 44 12 78l12-7 8 9 4-34Z" fill="currentColor" opacity="0.75" />
      <path d="M44 44l8 34-12-7-8 9-4-34Z" fill="currentColor" opacity="0.75" />
      <circle cx="32" cy="28" r="26" fill="currentColor" />
      <circle cx="32" cy="28" r="20" fill="none" stroke="#fff" strokeWidth="1.5" strokeDasharray="3 3" />
      <path d="m23 28 6 6 12-13" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
