import { Link } from 'react-router';
import { buttonClassName, EmptyState, Icon, PageHeader, ROUTES } from '@embark/shared-ui';

/** Placeholder for `/app/journal`: the journal issue lists the entries here. */
export function JournalPage() {
  return (
    <div className="employee-page">
      <PageHeader
        title="My Journal"
        description="Your private learning journal: reflections on tasks, trainings and meetings."
        actions={
          <Link to={ROUTES.journalNew} className={buttonClassName()}>
            New entry
          </Link>
        }
      />
      <EmptyState icon={<Icon name="journal" size={24} />} title="No journal entries yet" description="Entries you write will be listed here." />
    </div>
  );
}
