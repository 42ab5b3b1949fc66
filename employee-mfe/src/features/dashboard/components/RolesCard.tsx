import { AREA_MESSAGES, Button, Card, EmptyState, Spinner, UI_TEXT } from '@embark/shared-ui';
import { useRolesQuery } from '../api/useRolesQuery';

/** Roles fetched with the generated `Roles` query: loading, error, empty and list states. */
export function RolesCard() {
  const { data, loading, error, refetch } = useRolesQuery();
  const roles = data?.roles ?? [];

  let body;
  if (loading && roles.length === 0) {
    body = (
      <div className="employee-roles__loading">
        <Spinner label="Loading roles" />
      </div>
    );
  } else if (error && roles.length === 0) {
    body = (
      <EmptyState
        title={AREA_MESSAGES.rolesLoad}
        action={
          <Button variant="secondary" size="sm" onClick={() => void refetch().catch(() => undefined)}>
            Retry
          </Button>
        }
      />
    );
  } else if (roles.length === 0) {
    body = <EmptyState title={UI_TEXT.rolesEmpty} />;
  } else {
    body = (
      <ul className="employee-roles__list" aria-label={UI_TEXT.rolesHeading}>
        {roles.map((role) => (
          <li key={role.id} className="employee-roles__item">
            <span className="employee-roles__name">{role.name}</span>
            <span className="employee-roles__description">{role.description || UI_TEXT.roleNoDescription}</span>
          </li>
        ))}
      </ul>
    );
  }

  return <Card title={UI_TEXT.rolesHeading}>{body}</Card>;
}

