import {
  Badge,
  displayStatus,
  displayStatusTone,
  dueWording,
  ErrorState,
  LoadingState,
  ProgressBar,
  TASK_TYPE_TEXT,
  taskUrgency,
} from '@embark/shared-ui';
import { Modal } from '@embark/shared-ui/components/Modal';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import type { AdminUserFieldsFragment } from '../../__generated__/graphql';
import { useAdminUserProgress } from '../../shared/api/useUsers';

/** A user's checklist with their progress (opened from Manage Users). */
export function UserProgressDialog({ user, onClose }: { user: AdminUserFieldsFragment | null; onClose(): void }) {
  const { data, error, refetch } = useAdminUserProgress(user?.id ?? null);
  const progress = data?.adminUserProgress;
  return (
    <Modal open={user !== null} title={user ? ADMIN_TEXT.progressTitle(user.name) : ''} description={user ? `${user.role_name} · ${user.email}` : undefined} onClose={onClose} size="lg">
      {!user ? null : !progress || progress.user.id !== user.id ? (
        error ? (
          <ErrorState message={ADMIN_TEXT.progressFailed} onRetry={refetch} />
        ) : (
          <LoadingState label={ADMIN_TEXT.progressLoading} />
        )
      ) : progress.items.length === 0 ? (
        <p className="adm-muted">{ADMIN_TEXT.progressEmpty}</p>
      ) : (
        <>
          <div className="adm-progress-summary">
            <ProgressBar value={progress.stats.completionPercentage} label={ADMIN_TEXT.progressLabel(user.name)} showValue />
            <p className="adm-muted">{ADMIN_TEXT.progressSummary(progress.stats.completed, progress.stats.total, progress.stats.overdue)}</p>
          </div>
          <div className="ui-table-wrap adm-table" role="region" aria-label={ADMIN_TEXT.progressTasks} tabIndex={0}>
            <table className="ui-table">
              <caption className="ui-visually-hidden">{ADMIN_TEXT.progressTasks}</caption>
              <thead>
                <tr>
                  <th scope="col">{ADMIN_TEXT.colTitle}</th>
                  <th scope="col">{ADMIN_TEXT.colType}</th>
                  <th scope="col">{ADMIN_TEXT.colDue}</th>
                  <th scope="col">{ADMIN_TEXT.colStatus}</th>
                </tr>
              </thead>
              <tbody>
                {progress.items.map((item) => {
                  const urgency = taskUrgency(item);
                  return (
                    <tr key={item.id}>
                      <th scope="row">{item.title}</th>
                      <td data-label={ADMIN_TEXT.colType}>{TASK_TYPE_TEXT[item.type]}</td>
                      <td data-label={ADMIN_TEXT.colDue}>{dueWording(item)}</td>
                      <td data-label={ADMIN_TEXT.colStatus}>
                        <Badge tone={displayStatusTone(urgency)}>{displayStatus(urgency)}</Badge>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Modal>
  );
}
