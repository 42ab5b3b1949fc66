import { completionWording, currentTime, DASHBOARD_TEXT, EmptyState, Icon } from '@embark/shared-ui';
import { DashPanel } from './DashPanel';

export interface ActivityItem {
  id: number;
  taskTitle: string;
  /** ISO 8601 completion time. */
  timestamp: string | null;
  notes: string | null;
}

/** Recent Activity: the latest completions, 'No recent activity yet' when there are none. */
export function RecentActivity({ items, now = currentTime() }: { items: readonly ActivityItem[]; now?: Date }) {
  return (
    <DashPanel headingId="dash-recent-title" heading={DASHBOARD_TEXT.recentHeading}>
      {items.length === 0 ? (
        <EmptyState
          className="dash-panel__empty"
          icon={<Icon name="clock" size={24} />}
          title={DASHBOARD_TEXT.noRecentActivity}
          description={DASHBOARD_TEXT.noRecentActivityHint}
        />
      ) : (
        <ul className="dash-activity" aria-labelledby="dash-recent-title">
          {items.map((item) => (
            <li key={item.id} className="dash-activity__item">
              <span className="dash-activity__icon">
                <Icon name="check" size={16} />
              </span>
              <div className="dash-activity__body">
                <p className="dash-activity__title">{item.taskTitle}</p>
                {item.timestamp ? (
                  <time className="dash-activity__time" dateTime={item.timestamp}>
                    {completionWording(item.timestamp, now)}
                  </time>
                ) : null}
                {item.notes ? <p className="dash-activity__notes">{item.notes}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </DashPanel>
  );
}
