import { defineConfig } from '@playwright/test';
import fs from 'node:fs';
import { nginxInstalled } from './nginx-stack.mjs';
import { PRODUCTION_PATH } from './shards.mjs';
import { urls } from './stack.mjs';

// Debian's Chromium (installed by .ci/run); Playwright's own browser download is not possible here.
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));

// The production serving path (nginx with the docker/ templates) runs one spec, once. CI must have
// nginx (.ci/run installs it); elsewhere its absence only leaves that project out, and says so.
// E2E_NGINX=0: a shard without that spec (run-shards.mjs) starts no nginx.
const nginxWanted = process.env.E2E_NGINX !== '0';
const withNginx = nginxWanted && nginxInstalled();
if (nginxWanted && !withNginx) {
  if (process.env.CI) throw new Error('nginx is not installed: the production-path project needs it (.ci/run installs it)');
  console.warn('e2e: nginx is not installed; the production-path project is left out (apt-get install nginx)');
}
const productionPath = PRODUCTION_PATH;
const stackServer = {
  command: 'node server.mjs',
  url: `${urls.shell}/runtime-config.json`,
  timeout: 240_000,
  reuseExistingServer: false,
  // Playwright kills the process tree by default, which would leave the embedded PostgreSQL
  // running on its port and data dir; SIGTERM lets serve.mjs drain the gateway and stop it.
  gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
  stdout: 'pipe',
  stderr: 'pipe',
} as const;
// In front of the same gateway as the stack above (its database and demo accounts).
const nginxServer = {
  command: 'node nginx-server.mjs',
  url: `${urls.nginx.shell}/runtime-config.json`,
  timeout: 30_000,
  reuseExistingServer: false,
  gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  stdout: 'pipe',
  stderr: 'pipe',
} as const;

export default defineConfig({
  testDir: './tests',
  // Per stack, so suites run in parallel on other ports (E2E_*_PORT) keep their own traces.
  outputDir: `test-results/${new URL(urls.shell).port}`,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    baseURL: urls.shell,
    // Recording a trace of every test cost about a quarter of the suite's CPU (measured on 2 cores); in CI the
    // retry of a failed test records one instead. Locally there is no retry, so every test records and a failure keeps it.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      ...(systemChromium ? { executablePath: systemChromium } : {}),
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: productionPath },
    ...(withNginx ? [{ name: 'production-path', use: { browserName: 'chromium' as const, baseURL: urls.nginx.shell }, testMatch: productionPath }] : []),
  ],
  webServer: withNginx ? [stackServer, nginxServer] : [stackServer],
});
