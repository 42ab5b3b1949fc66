import { EmptyState, Icon, PageHeader } from '@embark/shared-ui';

/** Placeholder for `/app/policies`: the documents issue lists the company policies here. */
export function PoliciesPage() {
  return (
    <div className="employee-page">
      <PageHeader title="Company Policies" description="The policies every employee reads and acknowledges." />
      <EmptyState icon={<Icon name="roles" size={24} />} title="Company policies are on their way" />
    </div>
  );
}
