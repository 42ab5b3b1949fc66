import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BRAND, ROUTES } from '@embark/shared-ui';
import './standalone.css';

/** A bare frame for running this remote alone in development (the shell provides the real layout). */
export function StandaloneFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="standalone">
      <header className="standalone__header">
        <strong>{BRAND.name}</strong> · {title} <span className="standalone__badge">standalone dev</span>
        <nav aria-label="Main navigation" className="standalone__nav">
          <Link to={ROUTES.dashboard}>Dashboard</Link>
          <Link to={ROUTES.checklist}>My Checklist</Link>
        </nav>
      </header>
      <main id="main-content" className="standalone__main">
        {children}
      </main>
    </div>
  );
}
