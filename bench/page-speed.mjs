// Benchmark 4 (docs/performance.md), page speed in Chromium: LCP and CLS of the landing page and the employee
// dashboard through the PerformanceObserver API (buffered `largest-contentful-paint` and
// `layout-shift` entries), each the median of several cold loads in fresh contexts, against a
// bare static page served from this process (the browser's own floor on this machine, same run:
// the LCP target is a ratio to it);
// and the time from pressing a dashboard task's Complete button to the updated completed count,
// against the 800 ms the dashboard waits by design (docs/product.md#dashboard).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { repoRoot } from '../scripts/lib/paths.mjs';
import { track } from './lib/cleanup.mjs';
import { median, round } from './lib/stats.mjs';
import { table, verdict } from './lib/report.mjs';
import { contextFor, READY } from './bundles.mjs';

// LCP is judged against the static page measured in the same run (the machine is shared: absolute
// times follow its load); the absolute figures are still printed and recorded.
export const PAGE_TARGETS = { lcpRatio: 5, cls: 0.05, beyondDelayMs: 100, loads: 5, clicks: 5 };

/** The dashboard's deliberate wait before a completion is sent, read from shared-ui's kit (one source of truth). */
function designDelayMs() {
  const source = fs.readFileSync(path.join(repoRoot, 'shared-ui', 'src', 'kit', 'constants.ts'), 'utf8');
  return Number(/taskCompletionDelay:\s*(\d+)/.exec(source)?.[1] ?? 800);
}

const BASELINE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Baseline</title><style>body{font-family:system-ui,sans-serif;margin:0;padding:48px}h1{font-size:40px}</style></head>
<body><main><h1>Your onboarding, one step at a time</h1><p>A static page with no script: what the browser alone needs to paint on this machine.</p></main></body></html>`;

async function startBaselineServer(port) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(BASELINE_HTML);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const stop = track(`baseline page :${port}`, () => new Promise((resolve) => {
    server.close(resolve);
    server.closeAllConnections();
  }));
  return { url: `http://127.0.0.1:${port}/`, stop };
}

/** Runs in the page: LCP (last candidate) and CLS (largest session window, as web-vitals computes it). */
function readVitals() {
  return new Promise((resolve) => {
    let lcp = 0;
    let element = '';
    const shifts = [];
    const lcpObserver = new globalThis.PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        lcp = e.renderTime || e.startTime;
        element = e.element ? `${e.element.tagName.toLowerCase()}${e.element.className ? `.${String(e.element.className).split(' ')[0]}` : ''}` : e.url || '';
      }
    });
    lcpObserver.observe({ type: 'largest-contentful-paint', buffered: true });
    const clsObserver = new globalThis.PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) shifts.push([e.startTime, e.value]);
    });
    clsObserver.observe({ type: 'layout-shift', buffered: true });
    globalThis.setTimeout(() => {
      lcpObserver.disconnect();
      clsObserver.disconnect();
      let cls = 0;
      let windowValue = 0;
      let windowStart = 0;
      let last = Number.NEGATIVE_INFINITY;
      for (const [t, v] of shifts.sort((a, b) => a[0] - b[0])) {
        if (t - last < 1000 && t - windowStart < 5000) windowValue += v;
        else {
          windowValue = v;
          windowStart = t;
        }
        last = t;
        cls = Math.max(cls, windowValue);
      }
      resolve({ lcp, cls, element, shifts: shifts.length });
    }, 250);
  });
}

/** Runs in the page: presses the first task's Complete button, resolves with ms until the completed count changed and painted. */
function clickToUpdatedCount() {
  return new Promise((resolve) => {
    const doc = globalThis.document;
    const count = () => doc.querySelector('[data-testid="dash-completed"]')?.textContent.trim();
    const before = count();
    const button = doc.querySelector('button[aria-label^="Mark "][aria-label$=" as complete"]');
    if (!button || before === undefined) {
      resolve(null);
      return;
    }
    const started = globalThis.performance.now();
    let timeout;
    const observer = new globalThis.MutationObserver(() => {
      if (count() === before) return;
      observer.disconnect();
      globalThis.clearTimeout(timeout);
      // The frame that shows it: after the next animation frame, once it is painted.
      globalThis.requestAnimationFrame(() => globalThis.setTimeout(() => resolve(globalThis.performance.now() - started), 0));
    });
    observer.observe(doc.body, { subtree: true, childList: true, characterData: true });
    timeout = globalThis.setTimeout(() => {
      observer.disconnect();
      resolve(null);
    }, 15_000);
    button.click();
  });
}

async function vitals(browser, url, ready, session) {
  const context = await contextFor(browser, session);
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    // The network's quiet is seen from outside the page; a locator's wait runs Playwright's script on
    // the page's main thread, which took 10–90 ms from a dashboard's start-up on two cores.
    await page.waitForLoadState('networkidle');
    await ready(page);
    await page.waitForTimeout(500);
    return await page.evaluate(readVitals);
  } finally {
    await context.close();
  }
}

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {{ shell: string }} origins
 * @param {{ token: string, user: object }} session the demo employee
 */
export async function measurePageSpeed({ report, browser, origins, session, baselinePort }) {
  const baseline = await startBaselineServer(baselinePort);
  try {
    const pages = {
      baseline: { name: 'static baseline page', url: baseline.url, ready: (page) => page.locator('h1').waitFor() },
      landing: { name: 'landing page (/)', url: `${origins.shell}/`, ready: READY.landing },
      employeeDashboard: { name: 'employee dashboard (/app/dashboard)', url: `${origins.shell}/app/dashboard`, ready: READY.employeeDashboard, session },
    };
    const samples = Object.fromEntries(Object.keys(pages).map((k) => [k, []]));
    // Interleaved, so a burst of load on the machine hits every page alike.
    for (let i = 0; i < PAGE_TARGETS.loads; i++) {
      for (const [key, p] of Object.entries(pages)) samples[key].push(await vitals(browser, p.url, p.ready, p.session));
    }
    const summary = Object.fromEntries(Object.entries(samples).map(([key, s]) => [key, {
      lcpMs: round(median(s.map((x) => x.lcp))),
      lcpRuns: s.map((x) => round(x.lcp)),
      cls: round(Math.max(...s.map((x) => x.cls)) * 1000) / 1000,
      lcpElement: s.at(-1).element,
    }]));

    // Click → updated count, on a fresh dashboard load; each press completes the next task.
    const delay = designDelayMs();
    const context = await contextFor(browser, session);
    const clicks = [];
    try {
      const page = await context.newPage();
      await page.goto(pages.employeeDashboard.url, { waitUntil: 'load' });
      await READY.employeeDashboard(page);
      await page.waitForLoadState('networkidle');
      for (let i = 0; i < PAGE_TARGETS.clicks; i++) {
        const ms = await page.evaluate(clickToUpdatedCount);
        if (ms === null) break;
        clicks.push(round(ms));
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
      }
    } finally {
      await context.close();
    }
    const clickMs = clicks.length ? round(median(clicks)) : Number.NaN;
    const beyond = round(clickMs - delay);

    console.info(`\n### 4. Page speed in Chromium (median of ${PAGE_TARGETS.loads} cold loads; CLS: worst load)\n`);
    const ratio = (key) => round(summary[key].lcpMs / summary.baseline.lcpMs);
    table(['page', 'LCP ms', 'LCP runs ms', '× baseline LCP', 'LCP element', 'CLS', `LCP ≤ ${PAGE_TARGETS.lcpRatio}× baseline`, `CLS ≤ ${PAGE_TARGETS.cls}`], Object.entries(pages).map(([key, p]) => [
      p.name, summary[key].lcpMs, summary[key].lcpRuns.join(', '), ratio(key), summary[key].lcpElement, summary[key].cls,
      key === 'baseline' ? '–' : verdict(ratio(key) <= PAGE_TARGETS.lcpRatio), key === 'baseline' ? '–' : verdict(summary[key].cls <= PAGE_TARGETS.cls),
    ]));
    console.info(`\nComplete → updated count: ${clicks.join(', ')} ms (median ${clickMs}); design delay ${delay} ms → ${round(clickMs / delay)}× the delay, ${beyond} ms beyond it`);

    for (const key of ['landing', 'employeeDashboard']) {
      const s = summary[key];
      report.check({ item: 4, figure: `LCP of the ${pages[key].name} ÷ the static baseline's (${s.lcpMs} ms against ${summary.baseline.lcpMs} ms)`, value: ratio(key), unit: '×', target: `≤ ${PAGE_TARGETS.lcpRatio}×`, met: ratio(key) <= PAGE_TARGETS.lcpRatio });
      report.check({ item: 4, figure: `CLS of the ${pages[key].name} (worst of ${PAGE_TARGETS.loads})`, value: s.cls, target: `≤ ${PAGE_TARGETS.cls}`, met: s.cls <= PAGE_TARGETS.cls });
    }
    report.check({ item: 4, figure: `Complete → updated count (${round(clickMs / delay)}× the ${delay} ms design delay)`, value: clickMs, unit: 'ms', target: '– (delay by design)', met: null });
    report.check({ item: 4, figure: `… of which beyond the ${delay} ms design delay`, value: beyond, unit: 'ms', target: `≤ ${PAGE_TARGETS.beyondDelayMs} ms (ours)`, met: beyond <= PAGE_TARGETS.beyondDelayMs });
    report.section('pageSpeed', { loads: PAGE_TARGETS.loads, pages: summary, samples, click: { runs: clicks, medianMs: clickMs, designDelayMs: delay, beyondDelayMs: beyond, ratioToDelay: round(clickMs / delay) }, targets: PAGE_TARGETS });
  } finally {
    await baseline.stop();
  }
}
