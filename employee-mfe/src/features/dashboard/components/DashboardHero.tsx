import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { Badge, buttonClassName, DASHBOARD_TEXT, Icon, ROUTES } from '@embark/shared-ui';

export interface DashboardHeroProps {
  /** Everything is done: the hero turns into the completion message and the certificate link. */
  isComplete: boolean;
  /** The guidance for the current percentage (docs/product.md#dashboard). */
  guidance: string;
  remainingTasks: number;
  completionPercentage: number;
  nextStep: { title: string; route: string };
}

/**
 * The server's next-step route, or the checklist when it is empty or leaves the portal: the button
 * is an in-app link, never a way out of the signed-in area.
 */
function safeRoute(route: string): string {
  return route.startsWith(`${ROUTES.app}/`) ? route : ROUTES.checklist;
}

/** The hero: 'Your Next Step', guidance, the next-step button and the remaining count; at 100 % the certificate. */
export function DashboardHero({ isComplete, guidance, remainingTasks, completionPercentage, nextStep }: DashboardHeroProps) {
  const title = nextStep.title.trim() || DASHBOARD_TEXT.defaultNextStepTitle;
  return (
    <section className={isComplete ? 'dash-hero dash-hero--complete' : 'dash-hero'} aria-labelledby="dash-hero-title">
      <div className="dash-hero__text">
        {isComplete ? (
          <>
            <Badge tone="success">
              <Icon name="sparkles" size={14} /> {DASHBOARD_TEXT.orientationComplete}
            </Badge>
            <h2 id="dash-hero-title" className="dash-hero__title">
              {DASHBOARD_TEXT.orientationComplete}
            </h2>
            <p className="dash-hero__message">{guidance}</p>
            <div className="dash-hero__actions">
              <Link to={ROUTES.profile} className={buttonClassName({ size: 'lg' })}>
                {DASHBOARD_TEXT.viewCertificate}
                <Icon name="arrowRight" size={18} />
              </Link>
            </div>
          </>
        ) : (
          <>
            <Badge tone="primary">
              <Icon name="play" size={14} /> {DASHBOARD_TEXT.nextStepBadge}
            </Badge>
            <h2 id="dash-hero-title" className="dash-hero__title">
              {guidance}
            </h2>
            <div className="dash-hero__actions">
              <Link to={safeRoute(nextStep.route)} className={buttonClassName({ size: 'lg' })}>
                {title}
                <Icon name="arrowRight" size={18} />
              </Link>
              <span className="dash-hero__remaining" data-testid="dash-remaining">
                <Icon name="checklist" size={16} />
                {DASHBOARD_TEXT.remaining(remainingTasks)}
              </span>
            </div>
          </>
        )}
      </div>
      {/* CSSProperties has no index for custom properties; the cast only admits --dash-progress. */}
      <div className="dash-hero__meter" aria-hidden="true" style={{ '--dash-progress': Math.min(100, Math.max(0, completionPercentage)) } as CSSProperties}>
        <span className="dash-hero__percent">{completionPercentage}%</span>
        <span className="dash-hero__percent-label">{DASHBOARD_TEXT.progressLabel}</span>
      </div>
    </section>
  );
}
