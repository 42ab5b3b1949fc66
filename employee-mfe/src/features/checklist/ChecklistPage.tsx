import { EmptyState, useDocumentTitle } from '@embark/shared-ui';

/** Placeholder: the checklist issue builds the role-based checklist here. */
export function ChecklistPage() {
  useDocumentTitle('My Checklist');
  return (
    <div className="employee-page">
      <header className="employee-page__header">
        <h1>My Checklist</h1>
      </header>
      <EmptyState title="Your checklist is on its way" description="Forms, policies, SOPs, trainings and meetings for your role will be listed here." />
    </div>
  );
}
