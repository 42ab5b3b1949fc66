import { Link, useParams } from 'react-router';
import { EmptyState, Icon, PageHeader, ROUTES } from '@embark/shared-ui';

/** Placeholder for `/app/checklist/:taskId`: the checklist issue shows the task here. */
export function TaskDetailPage() {
  const { taskId } = useParams();
  return (
    <div className="employee-page">
      <PageHeader title="Task Details" description={taskId ? `Task ${taskId}` : undefined} />
      <EmptyState
        icon={<Icon name="checklist" size={24} />}
        title="Task details are on their way"
        description="Instructions, linked documents and notes for this task will appear here."
        action={<Link to={ROUTES.checklist}>Back to My Checklist</Link>}
      />
    </div>
  );
}
