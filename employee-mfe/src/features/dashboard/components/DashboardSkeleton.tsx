import { DASHBOARD_TEXT } from '@embark/shared-ui';

/** Placeholder blocks in the dashboard's own layout while the first answer is on its way (spec: loading skeletons). */
export function DashboardSkeleton() {
  return (
    <div className="dash-skeleton" role="status" aria-label={DASHBOARD_TEXT.loading} aria-live="polite" aria-busy="true">
      <span className="ui-visually-hidden">{DASHBOARD_TEXT.loading}</span>
      <div className="dash-skeleton__block dash-skeleton__hero" aria-hidden="true" />
      <div className="dash-skeleton__row" aria-hidden="true">
        <div className="dash-skeleton__block dash-skeleton__stat dash-skeleton__stat--wide" />
        <div className="dash-skeleton__block dash-skeleton__stat" />
        <div className="dash-skeleton__block dash-skeleton__stat" />
        <div className="dash-skeleton__block dash-skeleton__stat" />
      </div>
      <div className="dash-skeleton__row dash-skeleton__row--panels" aria-hidden="true">
        <div className="dash-skeleton__block dash-skeleton__panel" />
        <div className="dash-skeleton__block dash-skeleton__panel" />
      </div>
    </div>
  );
}
