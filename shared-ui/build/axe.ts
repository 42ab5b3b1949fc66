import axe from 'axe-core';

// For the front ends' jsdom tests (import '@embark/shared-ui/testing/axe'); never in a bundle.

/**
 * axe-core's serious and critical violations in the rendered page, the bar the browser suites hold every
 * screen to. jsdom computes no layout and draws nothing, so rules that need it (colour contrast) are
 * left to those suites, and axe's canvas probe for icon fonts finds no canvas.
 */
export async function seriousViolations(root: Element = document.body) {
  const getContext = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  try {
    const results = await axe.run(root, { rules: { 'color-contrast': { enabled: false } }, resultTypes: ['violations'] });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ rule: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  } finally {
    getContext.mockRestore();
  }
}
