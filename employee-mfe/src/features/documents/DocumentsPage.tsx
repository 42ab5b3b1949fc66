import { EmptyState, Icon, PageHeader } from '@embark/shared-ui';

/** Placeholder for `/app/documents`: the documents issue builds the library here. */
export function DocumentsPage() {
  return (
    <div className="employee-page">
      <PageHeader title="Documents" description="Handbooks, forms and guides for your role." />
      <EmptyState icon={<Icon name="documents" size={24} />} title="Your document library is on its way" />
    </div>
  );
}
