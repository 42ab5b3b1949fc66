import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { landingBoot, type LandingBootConfig } from './landing-boot';
import { DEMO_SECTION_ID, LandingPage } from './LandingPage';
import { bootScript, renderLandingMarkup } from './prerender';

function renderLanding() {
  return render(
    <MemoryRouter>
      <LandingPage />
    </MemoryRouter>,
  );
}

describe('LandingPage', () => {
  it('has a hero with links to /login and /register', () => {
    renderLanding();
    const hero = screen.getByRole('region', { name: 'Onboarding your new hires actually finish' });
    expect(within(hero).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(within(hero).getByRole('link', { name: 'Get started' }).getAttribute('href')).toBe('/register');
  });

  it('scrolls smoothly to the demo area and moves focus there', () => {
    renderLanding();
    const demo = screen.getByRole('region', { name: 'See Embark in action' });
    expect(demo.id).toBe(DEMO_SECTION_ID);
    const scrollIntoView = jest.fn();
    demo.scrollIntoView = scrollIntoView;
    fireEvent.click(screen.getByRole('button', { name: 'See how it works' }));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(document.activeElement).toBe(demo);
  });

  it('shows a mockup whose progress bar goes to 75 %', () => {
    renderLanding();
    const bar = screen.getByRole('progressbar', { name: 'Onboarding progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('75');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('75%');
  });

  it('lists the six features', () => {
    renderLanding();
    const features = screen.getByRole('region', { name: 'Everything a new hire needs, in one place' });
    expect(within(features).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Interactive checklists',
      'Document management',
      'Progress tracking',
      'Team collaboration',
      'Learning journal',
      'Admin dashboard',
    ]);
  });

  it('promises only what the product does: owners for each hire, reminders and chasing by email', () => {
    renderLanding();
    expect(
      screen.getByText('Managers, buddies and IT get their own tasks for each new hire, and overdue work is chased by email, so nothing waits on memory.'),
    ).toBeTruthy();
    expect(screen.getByText('Tasks arrive with due dates, documents and reminders, one clear next step at a time.')).toBeTruthy();
  });

  it('shows the pricing: $2 per seat per month, 7-day free trial, no credit card, cancel anytime', () => {
    renderLanding();
    const pricing = screen.getByRole('region', { name: 'Simple pricing that grows with your team' });
    expect(pricing.textContent).toContain('$2per seat per month');
    for (const term of ['7-day free trial', 'No credit card required', 'Cancel anytime']) expect(within(pricing).getByText(term)).toBeTruthy();
    expect(within(pricing).getByRole('link', { name: 'Start your free trial' }).getAttribute('href')).toBe('/register');
  });

  it("has the demo placeholder 'Interactive Demo Coming Soon'", () => {
    renderLanding();
    expect(screen.getByText('Interactive Demo Coming Soon')).toBeTruthy();
  });

  it('has a footer with inert privacy, terms and support links and the year 2025', () => {
    renderLanding();
    const footer = screen.getByRole('contentinfo');
    const links = within(within(footer).getByRole('navigation', { name: 'Footer' })).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Privacy', 'Terms', 'Support']);
    for (const link of links) {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true });
      link.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(true);
    }
    expect(footer.textContent).toContain('© 2025 Embark');
  });
});

describe('static first paint', () => {
  it('prerenders the same page React renders', () => {
    const { container } = renderLanding();
    const prerendered = document.createElement('div');
    prerendered.innerHTML = renderLandingMarkup();
    // Inline styles serialise differently when React sets them through the CSSOM; compare them parsed.
    const normalise = (root: Element) => {
      root.querySelectorAll<HTMLElement>('[style]').forEach((el) => el.setAttribute('style', el.style.cssText));
      return root.innerHTML;
    };
    expect(normalise(prerendered)).toBe(normalise(container));
  });

  it('builds a self-contained boot script that runs in the page', () => {
    const script = bootScript(['/main.abc.js'], true);
    expect(script).toContain('"tokenKey":"embark.auth.token"');
    // It runs with nothing but window and document (it is inlined into index.html as text).
    expect(() => new Function(script)()).not.toThrow();
  });
});

describe('landingBoot', () => {
  const config: LandingBootConfig = { scripts: ['/main.1.js', '/extra.2.js'], tokenKey: 'embark.auth.token', prerendered: true };

  function at(path: string) {
    window.history.replaceState(null, '', path);
  }

  beforeEach(() => {
    document.documentElement.className = '';
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    window.localStorage.clear();
  });

  const loaded = () => Array.from(document.querySelectorAll('script')).map((s) => s.getAttribute('src'));

  it('keeps a guest on / on the static page: no script loads', () => {
    at('/');
    expect(landingBoot(window, document, config)).toBe('landing');
    expect(document.documentElement.classList.contains('embark-landing')).toBe(true);
    expect(loaded()).toEqual([]);
  });

  it.each(['/login', '/app/dashboard', '/nowhere'])('loads the app, in order, on %s', (path) => {
    at(path);
    expect(landingBoot(window, document, config)).toBe('app');
    expect(document.documentElement.classList.contains('embark-boot')).toBe(true);
    expect(loaded()).toEqual(['/main.1.js', '/extra.2.js']);
    expect(Array.from(document.querySelectorAll('link[rel=preload]')).map((l) => l.getAttribute('href'))).toEqual(['/main.1.js', '/extra.2.js']);
  });

  it('loads the app on / for a visitor with a stored session (to redirect them)', () => {
    at('/');
    window.localStorage.setItem('embark.auth.token', 'token');
    expect(landingBoot(window, document, config)).toBe('app');
  });

  it('always loads the app when nothing was prerendered (development)', () => {
    at('/');
    expect(landingBoot(window, document, { ...config, prerendered: false })).toBe('app');
  });

  it('gives the static page its scroll button and inert links', () => {
    at('/');
    document.body.innerHTML = `<div id="static-landing">${renderLandingMarkup()}</div>`;
    landingBoot(window, document, config);
    const demo = document.getElementById(DEMO_SECTION_ID) as HTMLElement;
    const scrollIntoView = jest.fn();
    demo.scrollIntoView = scrollIntoView;
    (document.querySelector('[data-scroll-to] svg') as Element).dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(document.activeElement).toBe(demo);

    const inert = new MouseEvent('click', { bubbles: true, cancelable: true });
    (document.querySelector('[data-inert]') as Element).dispatchEvent(inert);
    expect(inert.defaultPrevented).toBe(true);
  });
});
