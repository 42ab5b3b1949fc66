import { Link } from 'react-router';
import { buttonClassName, ROUTES, UI_TEXT, useDocumentTitle } from '@embark/shared-ui';
import './not-found.css';

export function NotFoundPage() {
  useDocumentTitle(UI_TEXT.notFoundTitle);
  return (
    <main className="not-found" id="main-content">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{UI_TEXT.notFoundTitle}</h1>
      <p>{UI_TEXT.notFoundMessage}</p>
      <Link to={ROUTES.home} className={buttonClassName()}>
        {UI_TEXT.backHome}
      </Link>
    </main>
  );
}
