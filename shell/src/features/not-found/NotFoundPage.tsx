import { useContext } from 'react';
import { Link } from 'react-router';
import { AuthContext, BRAND, buttonClassName, homePathFor, ROUTES, UI_TEXT } from '@embark/shared-ui';
import './not-found.css';

/**
 * "Any other path", for everyone. The way back leads home: the landing page for guests,
 * the dashboard (or the admin area) for signed-in users.
 */
export function NotFoundPage() {
  // Read without useAuth(): the not-found page must render even outside the auth provider.
  const auth = useContext(AuthContext);
  const signedIn = auth?.status === 'authenticated';
  return (
    <div className="not-found">
      <header className="not-found__bar">
        <Link to={ROUTES.home} className="not-found__brand">
          {BRAND.name}
        </Link>
      </header>
      <main className="not-found__main" id="main-content">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1>{UI_TEXT.notFoundTitle}</h1>
        <p className="not-found__text">{UI_TEXT.notFoundMessage}</p>
        {signedIn ? (
          <Link to={homePathFor(auth.isAdmin)} className={buttonClassName({ size: 'lg' })}>
            {UI_TEXT.backToDashboard}
          </Link>
        ) : (
          <Link to={ROUTES.home} className={buttonClassName({ size: 'lg' })}>
            {UI_TEXT.backHome}
          </Link>
        )}
      </main>
    </div>
  );
}
