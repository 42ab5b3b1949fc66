import { defineConfig } from '@playwright/test';
import fs from 'node:fs';
import { urls } from './stack.mjs';

// Debian's Chromium (installed by .ci/run); Playwright's own browser download is not possible here.
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));

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
    trace: 'retain-on-failure',
    launchOptions: {
      ...(systemChromium ? { executablePath: systemChromium } : {}),
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node server.mjs',
    url: `${urls.shell}/runtime-config.json`,
    timeout: 240_000,
    reuseExistingServer: false,
    // Playwright kills the process tree by default, which would leave the embedded PostgreSQL
    // running on its port and data dir; SIGTERM lets serve.mjs drain the gateway and stop it.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
