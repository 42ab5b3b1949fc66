import { Link } from 'react-router';
import { ROUTES, UI_TEXT, useDocumentTitle } from '@embark/shared-ui';

/** Unknown path under /app (inside the portal layout). */
export function RemoteNotFound() {
  useDocumentTitle(UI_TEXT.notFoundTitle);
  return (
    <div className="employee-page">
      <h1>{UI_TEXT.notFoundTitle}</h1>
      <p>{UI_TEXT.notFoundMessage}</p>
      <p>
        <Link to={ROUTES.dashboard}>{UI_TEXT.backToDashboard}</Link>
      </p>
    </div>
  );
}
