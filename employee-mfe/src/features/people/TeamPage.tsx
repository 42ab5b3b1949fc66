import {
  EmptyList,
  ErrorState,
  formatCalendarDate,
  LoadingState,
  PageHeader,
  ProgressBar,
  useDocumentTitle,
} from '@embark/shared-ui';
import { formatDueDay, TEAM_TEXT as TEXT } from '@embark/shared-ui/page-text/checklist';
import { shownProgress } from '../../shared/progress';
import { peopleApi, type PeopleApi, type TeamMember } from './api/people-api';
import { useLoaded } from './api/useLoaded';
import { calendarDate } from './people-dates';
import './people.css';

export interface TeamPageProps {
  /** The REST calls (tests pass a fake). */
  api?: PeopleApi;
}

/** The next task, with who does it when that is not the report (an escalation about it links here). */
function nextDueText(next: NonNullable<TeamMember['stats']['nextDue']>): string {
  const date = calendarDate(next.dueDate, formatDueDay);
  const owner = TEXT.nextDueOwner(next.owner_type, next.owner_role_name);
  return owner === null ? TEXT.nextDue(next.title, date) : TEXT.nextDueBy(owner, next.title, date);
}

/**
 * `/app/team`: the signed-in user's direct reports, each with their onboarding progress, overdue
 * count, next task due and start date, all as the server counts them (docs/product.md#progress).
 */
export function TeamPage({ api = peopleApi }: TeamPageProps) {
  useDocumentTitle(TEXT.title);
  const { state, reload } = useLoaded<TeamMember[]>((signal) => api.team(signal));
  return (
    <div className="employee-page people">
      <PageHeader title={TEXT.title} description={TEXT.lead} />
      {state.status === 'loading' ? <LoadingState label={TEXT.loading} /> : null}
      {state.status === 'error' ? <ErrorState message={TEXT.loadFailed} onRetry={reload} retryLabel={TEXT.retry} /> : null}
      {state.status === 'ready' && state.data.length === 0 ? <EmptyList icon="colleagues" title={TEXT.emptyTitle} hint={TEXT.emptyHint} /> : null}
      {state.status === 'ready' && state.data.length > 0 ? (
        <ul className="people-team" aria-label={TEXT.listLabel}>
          {state.data.map(({ user, stats }) => (
            <li key={user.id} className="ui-card people-member" aria-labelledby={`team-member-${user.id}`}>
              <h2 id={`team-member-${user.id}`} className="people-member__name">
                {user.name}
              </h2>
              <p className="people-member__role">{user.role_name}</p>
              <ProgressBar value={shownProgress(stats.completed, stats.total)} label={TEXT.progressLabel(user.name)} showValue />
              <p className="people-member__counts">{TEXT.counts(stats.completed, stats.total)}</p>
              <dl className="people-member__facts">
                <div>
                  <dt>{TEXT.startLabel}</dt>
                  <dd>{calendarDate(user.start_date, formatCalendarDate)}</dd>
                </div>
                <div className={stats.overdue > 0 ? 'people-member__overdue' : undefined}>
                  <dt>{TEXT.overdueLabel}</dt>
                  <dd>{stats.overdue}</dd>
                </div>
                <div>
                  <dt>{TEXT.nextDueLabel}</dt>
                  <dd>{stats.nextDue ? nextDueText(stats.nextDue) : TEXT.nothingDue}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
