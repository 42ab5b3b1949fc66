import { Link } from 'react-router';
import { EmptyState, Icon, PageHeader, ROUTES } from '@embark/shared-ui';

/** Placeholder for `/app/journal/new`: the journal issue builds the editor here. */
export function NewJournalEntryPage() {
  return (
    <div className="employee-page">
      <PageHeader title="New Journal Entry" />
      <EmptyState
        icon={<Icon name="journal" size={24} />}
        title="The journal editor is on its way"
        action={<Link to={ROUTES.journal}>Back to My Journal</Link>}
      />
    </div>
  );
}
