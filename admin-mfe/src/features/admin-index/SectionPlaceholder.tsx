import { Link } from 'react-router';
import { EmptyState, useDocumentTitle } from '@embark/shared-ui';

/** A section that is not built yet, or an unknown path under /app/admin. */
export function SectionPlaceholder({ basePath }: { basePath: string }) {
  useDocumentTitle('Administration');
  return (
    <div className="admin-page">
      <EmptyState
        title="This section is not available yet"
        description="It arrives with the administration features."
        action={<Link to={basePath}>Back to Administration</Link>}
      />
    </div>
  );
}
