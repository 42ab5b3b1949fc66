// axe-core's accessibility check, the one way every spec runs it: serious and critical findings only.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export interface AxeFinding {
  rule: string;
  impact: string | null | undefined;
  /** The offending nodes as CSS selectors, for a readable failure. */
  nodes: string[];
}

/**
 * The page's serious and critical axe-core violations, or only those inside `part` (a dialog, say).
 * Legacy mode runs axe in the page itself instead of also opening a blank page to gather the frames'
 * results: about a second less per check on 2 cores. It skips cross-origin frames, and our pages have
 * no frames at all (docs/decisions.md, "Accessibility checks").
 */
export async function seriousViolations(page: Page, part?: Locator): Promise<AxeFinding[]> {
  let builder = new AxeBuilder({ page }).setLegacyMode();
  if (part) {
    const id = await part.evaluate((el) => (el.id ||= `axe-${Math.random().toString(36).slice(2)}`));
    builder = builder.include(`#${id}`);
  }
  expect(page.frames(), 'axe runs in legacy mode, which skips cross-origin frames: check them another way').toHaveLength(1);
  const results = await builder.analyze();
  // An empty list must mean "checked and clean", never "nothing was checked".
  expect(results.passes.length, 'axe-core ran its rules on the page').toBeGreaterThan(0);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}
