import { Link } from 'react-router';
import { BRAND, buttonClassName, PRICING, ROUTES, useDocumentTitle } from '@embark/shared-ui';
import './landing.css';

const FEATURES = [
  {
    title: 'Role-based checklists',
    text: 'Every new hire gets the forms, policies, SOPs, trainings and meetings of their role, with due dates.',
  },
  {
    title: 'Progress at a glance',
    text: 'A dashboard shows what is done, what is next and what is overdue, for the hire and for HR.',
  },
  {
    title: 'Documents and journal',
    text: 'A document library for the role, company policies to acknowledge, and a private learning journal.',
  },
] as const;

/** The public landing page: fast, no remote and no API call. (The full page arrives in a later issue.) */
export function LandingPage() {
  useDocumentTitle(null);
  return (
    <div className="landing">
      <header className="landing__bar">
        <span className="landing__brand">
          <span className="landing__mark" aria-hidden="true">
            E
          </span>
          {BRAND.name}
        </span>
        <nav aria-label="Account">
          <Link to={ROUTES.login} className={buttonClassName({ variant: 'ghost' })}>
            Sign in
          </Link>
        </nav>
      </header>
      <main id="main-content">
        <section className="landing__hero" aria-labelledby="landing-title">
          <h1 id="landing-title">Onboarding your new hires actually finish</h1>
          <p className="landing__lead">
            {BRAND.name} guides every new employee through a checklist made for their role, and gives HR one place to
            manage it all.
          </p>
          <div className="landing__cta">
            <Link to={ROUTES.register} className={buttonClassName({ size: 'lg' })}>
              Get started
            </Link>
            <Link to={ROUTES.login} className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
              Sign in
            </Link>
          </div>
          <p className="landing__pricing">
            ${PRICING.dollarsPerSeatPerMonth} per seat per month · {PRICING.trialDays}-day free trial · no credit card ·
            cancel anytime
          </p>
        </section>
        <section className="landing__features" aria-label="Features">
          {FEATURES.map((feature) => (
            <article key={feature.title} className="landing__feature">
              <h2>{feature.title}</h2>
              <p>{feature.text}</p>
            </article>
          ))}
        </section>
      </main>
      <footer className="landing__footer">
        © {BRAND.footerYear} {BRAND.name}
      </footer>
    </div>
  );
}
