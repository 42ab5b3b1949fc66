import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { BRAND, buttonClassName, Icon, PRICING, ROUTES, type IconName } from '@embark/shared-ui';
import { LANDING_TEXT } from '@embark/shared-ui/page-text/auth';
import { BrandMark } from '../../app/layout/BrandMark';
import './landing.css';

const FEATURES: ReadonlyArray<{ icon: IconName; title: string; text: string }> = [
  {
    icon: 'checklist',
    title: 'Interactive checklists',
    text: 'Every new hire gets the forms, policies, SOPs, trainings and meetings of their role, with due dates that keep the first weeks on track.',
  },
  {
    icon: 'documents',
    title: 'Document management',
    text: 'Contracts, handbooks and job descriptions in one library, linked to the tasks that need them and filtered to each role.',
  },
  {
    icon: 'chart',
    title: 'Progress tracking',
    text: 'A live dashboard shows what is done, what is next and what is overdue, so nobody has to chase anyone by email.',
  },
  {
    icon: 'colleagues',
    title: 'Team collaboration',
    text: 'Managers, buddies and IT get their own tasks for each new hire, and overdue work is chased by email, so nothing waits on memory.',
  },
  {
    icon: 'journal',
    title: 'Learning journal',
    text: 'A private journal for reflections on each task, with templates that turn a completed training into real learning.',
  },
  {
    icon: 'roles',
    title: 'Admin dashboard',
    text: 'HR manages users, roles, checklist items and documents, and links them together in a few clicks.',
  },
];

const STEPS: ReadonlyArray<{ title: string; text: string }> = [
  { title: 'Pick a role', text: 'New hires sign up and choose their role. Their checklist is ready at once.' },
  { title: 'Work through it', text: 'Tasks arrive with due dates, documents and reminders, one clear next step at a time.' },
  { title: 'Finish with confidence', text: 'Progress is tracked to 100 %, and a completion certificate marks the finish line.' },
];

const MOCK_TASKS: ReadonlyArray<{ title: string; type: string; state: 'done' | 'soon' | 'open'; note: string }> = [
  { title: 'Sign your employment contract', type: 'Form', state: 'done', note: 'Completed' },
  { title: 'Read the code of conduct', type: 'Policy', state: 'done', note: 'Completed' },
  { title: 'Workplace safety training', type: 'Training', state: 'soon', note: 'Due in 2 days' },
  { title: 'Coffee with your onboarding buddy', type: 'Meeting', state: 'open', note: 'Due Friday' },
];

const PLAN_INCLUDES = [
  'Role-based checklists for every new hire',
  'Document library and company policies',
  'Progress dashboard and notifications',
  'Learning journal and completion certificate',
  'Admin console for HR and team leads',
] as const;

/** The progress the mockup's bar animates to (it animates up to 75 percent). */
export const MOCKUP_PROGRESS = 75;

/** Id of the demo area the hero's button scrolls to. */
export const DEMO_SECTION_ID = 'demo';

function scrollToDemo() {
  const section = document.getElementById(DEMO_SECTION_ID);
  if (!section) return;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  section.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  section.focus({ preventScroll: true });
}

/** Footer links are inert: they look like links and go nowhere. */
function stay(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
}

/**
 * The public landing page. It is also prerendered into `index.html` at build time, so a
 * first visit paints it from static HTML with no JavaScript; keep it free of effects and data.
 * `data-scroll-to` and `data-inert` let the static page's tiny script give it the same behaviours.
 */
export function LandingPage() {
  return (
    <div className="landing">
      <header className="landing-bar">
        <div className="landing-bar__inner">
          <Link to={ROUTES.home} className="landing-brand">
            <BrandMark className="landing-brand__mark" />
            {BRAND.name}
          </Link>
          <nav className="landing-bar__nav" aria-label="Sections">
            <a href="#features">Features</a>
            <a href="#how-it-works">How it works</a>
            <a href="#pricing">Pricing</a>
          </nav>
          <div className="landing-bar__actions">
            <Link to={ROUTES.login} className={buttonClassName({ variant: 'ghost' })}>
              {LANDING_TEXT.signIn}
            </Link>
            <Link to={ROUTES.register} className={buttonClassName({ className: 'landing-bar__cta' })}>
              {LANDING_TEXT.getStarted}
            </Link>
          </div>
        </div>
      </header>

      <main id="main-content">
        <section className="landing-hero" aria-labelledby="landing-title">
          <div className="landing-hero__text">
            <p className="landing-eyebrow">
              <Icon name="sparkles" size={16} />
              Employee onboarding, done right
            </p>
            <h1 id="landing-title">Onboarding your new hires actually finish</h1>
            <p className="landing-hero__lead">
              {BRAND.name} gives every new employee a checklist made for their role, with documents, due dates and
              progress in one place. HR sees everyone&apos;s progress at a glance.
            </p>
            <div className="landing-hero__cta">
              <Link to={ROUTES.register} className={buttonClassName({ size: 'lg' })}>
                {LANDING_TEXT.getStarted}
                <Icon name="arrowRight" size={18} />
              </Link>
              <Link to={ROUTES.login} className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
                {LANDING_TEXT.signIn}
              </Link>
              <button
                type="button"
                className={buttonClassName({ variant: 'ghost', size: 'lg' })}
                data-scroll-to={DEMO_SECTION_ID}
                onClick={scrollToDemo}
              >
                <Icon name="play" size={18} />
                {LANDING_TEXT.watchDemo}
              </button>
            </div>
            <ul className="landing-hero__facts">
              <li>
                <Icon name="check" size={16} />${PRICING.dollarsPerSeatPerMonth} per seat per month
              </li>
              <li>
                <Icon name="check" size={16} />
                {PRICING.trialDays}-day free trial
              </li>
              <li>
                <Icon name="check" size={16} />
                No credit card
              </li>
            </ul>
          </div>
          <ProductMockup />
        </section>

        <section id="features" className="landing-section" aria-labelledby="features-title">
          <div className="landing-section__head">
            <p className="landing-kicker">Features</p>
            <h2 id="features-title">Everything a new hire needs, in one place</h2>
            <p>From the signed contract to the last training, every step of onboarding lives in one portal.</p>
          </div>
          <ul className="landing-features">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="landing-feature">
                <span className="landing-feature__icon" aria-hidden="true">
                  <Icon name={feature.icon} size={22} />
                </span>
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section id="how-it-works" className="landing-section landing-section--tinted" aria-labelledby="steps-title">
          <div className="landing-section__head">
            <p className="landing-kicker">How it works</p>
            <h2 id="steps-title">From first login to fully onboarded</h2>
          </div>
          <ol className="landing-steps">
            {STEPS.map((step, i) => (
              <li key={step.title} className="landing-step">
                <span className="landing-step__number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section id={DEMO_SECTION_ID} className="landing-section" aria-labelledby="demo-title" tabIndex={-1}>
          <div className="landing-section__head">
            <p className="landing-kicker">Demo</p>
            <h2 id="demo-title">See {BRAND.name} in action</h2>
          </div>
          <div className="landing-demo">
            <span className="landing-demo__icon" aria-hidden="true">
              <Icon name="play" size={32} />
            </span>
            <p className="landing-demo__title">{LANDING_TEXT.demoPlaceholder}</p>
            <p className="landing-demo__text">
              A guided tour of the checklist, the dashboard and the admin console is on its way. Meanwhile, start a free
              trial and explore with your own team.
            </p>
          </div>
        </section>

        <section id="pricing" className="landing-section landing-section--tinted" aria-labelledby="pricing-title">
          <div className="landing-section__head">
            <p className="landing-kicker">Pricing</p>
            <h2 id="pricing-title">Simple pricing that grows with your team</h2>
            <p>One plan with everything included. Pay only for the people you onboard.</p>
          </div>
          <div className="landing-plan">
            <div className="landing-plan__price">
              <p className="landing-plan__name">Per seat</p>
              <p className="landing-plan__amount">
                <span className="landing-plan__currency">$</span>
                {PRICING.dollarsPerSeatPerMonth}
                <span className="landing-plan__unit">per seat per month</span>
              </p>
              <ul className="landing-plan__terms">
                <li>{PRICING.trialDays}-day free trial</li>
                <li>No credit card required</li>
                <li>Cancel anytime</li>
              </ul>
              <Link to={ROUTES.register} className={buttonClassName({ size: 'lg', className: 'landing-plan__cta' })}>
                {LANDING_TEXT.startTrial}
              </Link>
            </div>
            <div className="landing-plan__includes">
              <p className="landing-plan__includes-title">Everything included</p>
              <ul>
                {PLAN_INCLUDES.map((item) => (
                  <li key={item}>
                    <Icon name="checkCircle" size={18} />
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </section>
      </main>

      <footer className="landing-footer">
        <div className="landing-footer__inner">
          <div className="landing-footer__brand">
            <p className="landing-footer__name">{BRAND.name}</p>
            <p className="landing-footer__tagline">{BRAND.tagline}</p>
          </div>
          <nav aria-label="Footer">
            <ul className="landing-footer__links">
              <li>
                <a href="#" data-inert="" onClick={stay}>
                  {LANDING_TEXT.footerPrivacy}
                </a>
              </li>
              <li>
                <a href="#" data-inert="" onClick={stay}>
                  {LANDING_TEXT.footerTerms}
                </a>
              </li>
              <li>
                <a href="#" data-inert="" onClick={stay}>
                  {LANDING_TEXT.footerSupport}
                </a>
              </li>
            </ul>
          </nav>
          <p className="landing-footer__copy">
            © {BRAND.footerYear} {BRAND.name}. All rights reserved.
          </p>
        </div>
      </footer>
    </div>
  );
}

/** A picture of the product: a new hire's checklist with its progress bar rising to 75 %. */
function ProductMockup() {
  return (
    <figure className="landing-mockup" aria-label="Preview of a new hire's onboarding checklist">
      <div className="landing-mockup__window">
        <div className="landing-mockup__chrome" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
        <div className="landing-mockup__body">
          <div className="landing-mockup__head">
            <div>
              <p className="landing-mockup__hello">Welcome back, Priya</p>
              <p className="landing-mockup__sub">Customer Success · Week 2</p>
            </div>
            <span className="landing-mockup__badge">Your Next Step</span>
          </div>
          <div className="landing-mockup__progress">
            <div className="landing-mockup__progress-label">
              <span>Onboarding progress</span>
              <strong>{MOCKUP_PROGRESS}%</strong>
            </div>
            <div
              className="landing-mockup__track"
              role="progressbar"
              aria-label="Onboarding progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={MOCKUP_PROGRESS}
            >
              <div className="landing-mockup__fill" style={{ width: `${MOCKUP_PROGRESS}%` }} />
            </div>
          </div>
          <ul className="landing-mockup__tasks">
            {MOCK_TASKS.map((task) => (
              <li key={task.title} className={`landing-mockup__task is-${task.state}`}>
                <span className="landing-mockup__check" aria-hidden="true">
                  {task.state === 'done' ? <Icon name="check" size={14} /> : null}
                </span>
                <span className="landing-mockup__task-text">
                  <span className="landing-mockup__task-title">{task.title}</span>
                  <span className="landing-mockup__task-meta">
                    {task.type} · {task.note}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="landing-mockup__toast" aria-hidden="true">
        <Icon name="checkCircle" size={18} />
        Task completed
      </div>
    </figure>
  );
}

export default LandingPage;
