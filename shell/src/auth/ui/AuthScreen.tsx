import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BRAND, ROUTES } from '@embark/shared-ui';
import { AUTH_SCREEN_TEXT } from '@embark/shared-ui/page-text/auth';
import { BrandMark } from '../../app/layout/BrandMark';
import '../auth.css';

export interface AuthScreenProps {
  children: ReactNode;
}

/**
 * The frame of the sign-in screens (/login, /register, the invitation and password-reset screens): the
 * portal brand at the top, the form card, and on wide screens a brand panel saying what the portal is for.
 */
export function AuthScreen({ children }: AuthScreenProps) {
  return (
    <div className="auth-screen">
      <main id="main-content" className="auth-screen__main" tabIndex={-1}>
        <header className="auth-screen__header">
          <Link to={ROUTES.home} className="auth-brand">
            <BrandMark className="auth-brand__mark" size={22} />
            <span className="auth-brand__name">{BRAND.name}</span>
          </Link>
        </header>
        <div className="auth-screen__card">{children}</div>
        <footer className="auth-screen__footer">
          © {BRAND.footerYear} {BRAND.name}
        </footer>
      </main>
      <aside className="auth-screen__panel" aria-labelledby="auth-panel-heading">
        <div className="auth-panel">
          <p className="auth-panel__tagline">{BRAND.tagline}</p>
          <h2 id="auth-panel-heading" className="auth-panel__heading">
            {AUTH_SCREEN_TEXT.panelHeading}
          </h2>
          <ul className="auth-panel__points">
            {AUTH_SCREEN_TEXT.panelPoints.map((point) => (
              <li key={point}>
                <span className="auth-panel__check" aria-hidden="true">
                  ✓
                </span>
                {point}
              </li>
            ))}
          </ul>
          <div className="auth-panel__mock" aria-hidden="true">
            <div className="auth-panel__mock-row auth-panel__mock-row--done" />
            <div className="auth-panel__mock-row auth-panel__mock-row--done" />
            <div className="auth-panel__mock-row" />
            <div className="auth-panel__mock-bar">
              <span />
            </div>
          </div>
        </div>
      </aside>
    </div>
  );
}
