import { EmptyState, Icon, PageHeader } from '@embark/shared-ui';

/** Placeholder for `/app/sections`: the checklist grouped by task type arrives with the checklist issue. */
export function SectionsPage() {
  return (
    <div className="employee-page">
      <PageHeader title="Sections" description="Your onboarding, grouped into forms, policies, SOPs, trainings and meetings." />
      <EmptyState icon={<Icon name="sections" size={24} />} title="Sections are on their way" description="Each section will show its own tasks and progress." />
    </div>
  );
}
