import {
  Badge,
  DASHBOARD_TEXT,
  dashboardProgressStatus,
  Icon,
  PROGRESS_STATUS_TEXT,
  ProgressBar,
  showTrendIcon,
  TASK_WORDING,
  type BadgeTone,
  type DashboardProgressStatus,
} from '@embark/shared-ui';

export interface QuickStatsProps {
  completionPercentage: number;
  completedTasks: number;
  remainingTasks: number;
  overdueTasks: number;
  totalTasks: number;
  /** Tasks about the user that others do (manager, buddy, a team): a line of their own, outside the progress. */
  othersCompleted: number;
  othersTotal: number;
}

const STATUS_TONE: Record<DashboardProgressStatus, BadgeTone> = {
  'not-started': 'neutral',
  'in-progress': 'primary',
  completed: 'success',
};

/** Quick stats: the progress bar (colour by 100/75/50), completed with the trend icon, remaining, overdue. */
export function QuickStats({ completionPercentage, completedTasks, remainingTasks, overdueTasks, totalTasks, othersCompleted, othersTotal }: QuickStatsProps) {
  const status = dashboardProgressStatus(completionPercentage);
  return (
    <section className="dash-stats" aria-labelledby="dash-stats-title">
      <h2 id="dash-stats-title" className="ui-visually-hidden">
        {DASHBOARD_TEXT.quickStatsHeading}
      </h2>
      <div className="ui-card dash-stats__progress">
        <div className="dash-stats__progress-head">
          <span className="dash-stat__label">{DASHBOARD_TEXT.progressLabel}</span>
          <Badge tone={STATUS_TONE[status]}>{PROGRESS_STATUS_TEXT[status]}</Badge>
        </div>
        <p className="dash-stats__percent" data-testid="dash-percentage">
          {completionPercentage}%
        </p>
        <ProgressBar value={completionPercentage} label={DASHBOARD_TEXT.progressLabel} />
        <p className="dash-stats__caption">{DASHBOARD_TEXT.ofTotal(completedTasks, totalTasks)}</p>
        {othersTotal > 0 ? (
          <p className="dash-stats__caption" data-testid="dash-others">
            {TASK_WORDING.byYourTeam(othersCompleted, othersTotal)}
          </p>
        ) : null}
      </div>
      <dl className="dash-stats__tiles">
        <div className="ui-card dash-stat dash-stat--success">
          <dt className="dash-stat__label">{DASHBOARD_TEXT.completedLabel}</dt>
          <dd className="dash-stat__value" data-testid="dash-completed">
            {completedTasks}
            {showTrendIcon(completedTasks) ? (
              <span className="dash-stat__trend" role="img" aria-label={DASHBOARD_TEXT.trendLabel} title={DASHBOARD_TEXT.trendLabel}>
                <Icon name="chart" size={18} />
              </span>
            ) : null}
          </dd>
        </div>
        <div className="ui-card dash-stat dash-stat--primary">
          <dt className="dash-stat__label">{DASHBOARD_TEXT.remainingLabel}</dt>
          <dd className="dash-stat__value" data-testid="dash-remaining-count">
            {remainingTasks}
          </dd>
        </div>
        <div className={overdueTasks > 0 ? 'ui-card dash-stat dash-stat--danger' : 'ui-card dash-stat'}>
          <dt className="dash-stat__label">{DASHBOARD_TEXT.overdueLabel}</dt>
          <dd className="dash-stat__value" data-testid="dash-overdue">
            {overdueTasks}
          </dd>
        </div>
      </dl>
    </section>
  );
}
