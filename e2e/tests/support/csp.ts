// Every spec that opens pages imports `test` from here: a test fails when any page of its browser context breaks
// the Content-Security-Policy, on either serving path. The rest of @playwright/test passes through.
import { expect, test as base } from '@playwright/test';

export * from '@playwright/test';

export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  sample: string;
  /** The script that caused it, as file:line; no file for code the test itself evaluated in the page. */
  source: string;
}

/**
 * The page's own violations. Code the test runs in the page has no source file: axe-core, for one,
 * reads cross-origin stylesheets by rebuilding them as <style> elements, which the policy refuses.
 */
export const byThePage = (violation: CspViolation) => !violation.source.startsWith(':');

const BINDING = '__embarkCspViolation';

type Reporter = (violation: CspViolation) => void;

/** Runs in every page before its own scripts (Playwright sends its source, so it uses nothing from this module). */
function reportViolations(binding: string): void {
  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      const report = (window as unknown as Record<string, Reporter | undefined>)[binding];
      report?.({ page: location.pathname, directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample,
        source: `${event.sourceFile}:${event.lineNumber}` });
    },
    { capture: true },
  );
}

export const test = base.extend<{
  /** The violations seen so far; a test that provokes one on purpose removes it (`splice`) after checking it. */
  cspViolations: CspViolation[];
}>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: CspViolation[] = [];
      await context.exposeBinding(BINDING, (_source, violation: CspViolation) => {
        violations.push(violation);
      });
      await context.addInitScript(reportViolations, BINDING);
      await use(violations);
      expect(violations.filter(byThePage), 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
