import { Link } from 'react-router';
import { EmptyState } from '@embark/shared-ui';
import '../../shared/admin.css';

/** An unknown path under /app/admin (the shell shows its not-found page first; this is the remote's own fallback). */
export function SectionPlaceholder({ basePath }: { basePath: string }) {
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
