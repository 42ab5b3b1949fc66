import { Link, useParams } from 'react-router';
import { EmptyState, Icon, PageHeader, ROUTES } from '@embark/shared-ui';

/** Placeholder for `/app/journal/:id`: the journal issue shows the entry here. */
export function JournalEntryPage() {
  const { id } = useParams();
  return (
    <div className="employee-page">
      <PageHeader title="Journal Entry" description={id ? `Entry ${id}` : undefined} />
      <EmptyState
        icon={<Icon name="journal" size={24} />}
        title="Journal entries are on their way"
        action={<Link to={ROUTES.journal}>Back to My Journal</Link>}
      />
    </div>
  );
}
