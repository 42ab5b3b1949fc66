import { Link } from 'react-router';
import { Button, buttonClassName, Card, Icon, LoadingState, ProgressBar, ROUTES } from '@embark/shared-ui';
import { PROFILE_TEXT } from '@embark/shared-ui/page-text/profile';
import type { ProfileSummary } from '../profile-summary';

export interface OnboardingProgressCardProps {
  summary: ProfileSummary | null;
  /** The answer failed and there is nothing cached to show. */
  failed: boolean;
  onRetry: () => void;
}

/**
 * The user's progress (docs/product.md#progress): the bar, 'N of M tasks completed', and either the way to the
 * certificate (everything done, docs/product.md#certificate) or what is left to earn it.
 */
export function OnboardingProgressCard({ summary, failed, onRetry }: OnboardingProgressCardProps) {
  return (
    <Card title={PROFILE_TEXT.progressHeading} className="profile-progress">
      {summary ? (
        summary.total === 0 ? (
          <p className="profile-progress__empty">{PROFILE_TEXT.noChecklist}</p>
        ) : (
          <div className="profile-progress__body">
            <ProgressBar value={summary.percent} label={PROFILE_TEXT.progressLabel} showValue />
            <p className="profile-progress__summary" data-testid="profile-progress-summary">
              {PROFILE_TEXT.progressSummary(summary.completed, summary.total)}
            </p>
            {summary.isComplete ? (
              <div className="profile-certificate-cta">
                <span className="profile-certificate-cta__icon" aria-hidden="true">
                  <Icon name="sparkles" size={22} />
                </span>
                <div className="profile-certificate-cta__text">
                  <p className="profile-certificate-cta__title">{PROFILE_TEXT.certificateReadyTitle}</p>
                  <p className="profile-certificate-cta__lead">{PROFILE_TEXT.certificateReadyText}</p>
                </div>
                <Link to={ROUTES.profileCertificate} className={buttonClassName()}>
                  {PROFILE_TEXT.viewCertificate}
                  <Icon name="arrowRight" size={18} />
                </Link>
              </div>
            ) : (
              <div className="profile-progress__next">
                <p>{PROFILE_TEXT.certificateLocked(summary.remaining)}</p>
                <Link to={ROUTES.checklist} className={buttonClassName({ variant: 'secondary' })}>
                  {PROFILE_TEXT.continueChecklist}
                </Link>
              </div>
            )}
          </div>
        )
      ) : failed ? (
        <div className="profile-progress__failed" role="alert">
          <p>{PROFILE_TEXT.loadFailed}</p>
          <Button variant="secondary" onClick={onRetry}>
            {PROFILE_TEXT.retry}
          </Button>
        </div>
      ) : (
        <LoadingState label={PROFILE_TEXT.loading} className="profile-progress__loading" />
      )}
    </Card>
  );
}
