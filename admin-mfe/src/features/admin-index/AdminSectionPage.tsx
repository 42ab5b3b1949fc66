import { Link } from 'react-router';
import { EmptyState, Icon, PageHeader, ROUTES } from '@embark/shared-ui';
import type { AdminSection } from './sections';

/** Placeholder for one admin section: the admin issues build its screen here. */
export function AdminSectionPage({ section }: { section: AdminSection }) {
  return (
    <div className="admin-page">
      <PageHeader eyebrow={section.group} title={section.title} description={section.text} />
      <EmptyState
        icon={<Icon name="roles" size={24} />}
        title="This section is not available yet"
        description="It arrives with the administration features."
        action={<Link to={ROUTES.admin}>Back to Administration</Link>}
      />
    </div>
  );
}
