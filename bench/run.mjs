#!/usr/bin/env node
// `npm run bench`: measures the production builds and prints each figure with its target
// and its ratio to a baseline measured in the same run. Results: bench/results/latest.json.
// A measurement, not a gate: missed targets are reported (and recorded), not turned into a failure.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { launchStack, stackEnv } from '../scripts/lib/stack.mjs';
import { repoRoot } from '../scripts/lib/paths.mjs';
import { measureBundles, signIn } from './bundles.mjs';

const ports = { shell: 3200, employee: 3201, admin: 3202, gateway: 4200, embeddedPg: 54332 };
const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
const origins = {
  shell: `http://localhost:${ports.shell}`,
  employee: `http://localhost:${ports.employee}`,
  admin: `http://localhost:${ports.admin}`,
};
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
const kb = (bytes) => (bytes / 1024).toFixed(1);

const stack = await launchStack({ env: stackEnv(ports, path.join(repoRoot, '.data', 'bench')), stdio: ['ignore', 'ignore', 'inherit'] });
const browser = await chromium.launch({
  ...(systemChromium ? { executablePath: systemChromium } : {}),
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
});
try {
  const sessions = {
    employee: await signIn(gatewayUrl, 'employee@example.com', 'Employee12345'),
    admin: await signIn(gatewayUrl, 'admin@example.com', 'Admin12345'),
  };
  const bundles = await measureBundles(browser, origins, sessions);
  const baseline = bundles.landing.totalBytes;
  const rows = [
    ['landing page (/)', bundles.landing, bundles.budgetsKb.landing],
    ['employee dashboard (/app/dashboard)', bundles.employeeDashboard, bundles.budgetsKb.employeeDashboard],
    ['admin index (/app/admin)', bundles.adminIndex, bundles.budgetsKb.adminIndex],
  ];
  console.info('\nJavaScript fetched to reach each page (gzip -9 of each response body, production builds)\n');
  console.info('| page | files | shell KB | employee-mfe KB | admin-mfe KB | total KB | × landing | target KB | met |');
  console.info('|---|---:|---:|---:|---:|---:|---:|---:|:--:|');
  for (const [name, m, budget] of rows) {
    const met = budget === null ? '–' : m.totalBytes <= budget * 1024 ? 'yes' : 'NO';
    console.info(`| ${name} | ${m.files} | ${kb(m.byOrigin.shell)} | ${kb(m.byOrigin.employee)} | ${kb(m.byOrigin.admin)} | ${kb(m.totalBytes)} | ${(m.totalBytes / baseline).toFixed(2)} | ${budget ?? '–'} | ${met} |`);
  }
  const adminLeak = bundles.employeeDashboard.byOrigin.admin;
  console.info(`\nadmin-mfe bytes fetched by an employee: ${adminLeak} (target 0: ${adminLeak === 0 ? 'met' : 'NOT met'})`);
  const results = { measuredAt: new Date().toISOString(), node: process.version, bundles };
  fs.mkdirSync(path.join(repoRoot, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(repoRoot, 'bench', 'results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.info('\nwritten: bench/results/latest.json');
} finally {
  await browser.close();
  await stack.stop();
}
