// How run-shards.mjs splits the suite: which spec files each shard runs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const testDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'tests');

// Playwright's default testMatch (**/*.@(spec|test).?(c|m)[jt]s?(x)): a shard must find every file a plain run finds.
const TEST_FILE = /\.(spec|test)\.[cm]?[jt]sx?$/;

/** The spec of the production serving path: its own project, with nginx (playwright.config.ts). */
export const PRODUCTION_PATH = /production-path\.spec\.ts$/;

/** Every test file under `dir`, as a path relative to it with forward slashes ('x.spec.ts', 'sub/y.spec.ts'). */
export function specFiles(dir = testDir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && TEST_FILE.test(entry.name))
    .map((entry) => path.relative(dir, path.join(entry.parentPath ?? entry.path, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * Seconds each spec's tests took in a two-shard CI-mode run on 2 cores (2026-11-29; skew specs
 * estimated, their builds were absent). Playwright's own --shard splits by test count, which left
 * one shard two minutes behind the other; these only balance the split, so a stale figure costs
 * time, never coverage. A spec not listed counts as DEFAULT_SECONDS.
 */
export const SECONDS = {
  'shell.spec.ts': 372, 'admin.spec.ts': 147, 'documents.spec.ts': 90, 'profile.spec.ts': 87, 'auth.spec.ts': 74,
  'invitations.spec.ts': 58, 'checklist.spec.ts': 54, 'private-data.spec.ts': 52, 'journal.spec.ts': 48,
  'skew.spec.ts': 40, 'federation.spec.ts': 30, 'charts.spec.ts': 29, 'owners-journey.spec.ts': 26,
  'production-path.spec.ts': 18, 'dates.spec.ts': 17, 'timezones.spec.ts': 15, 'reports.spec.ts': 15,
  'notifications-bell.spec.ts': 13, 'skew-contract.spec.ts': 11, 'deployment.spec.ts': 9, 'api.spec.ts': 1,
};
const DEFAULT_SECONDS = 40;

/** Longest first, each to the shard with the least so far; every spec file lands in exactly one. */
export function planShards(files, count) {
  const plan = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  const weight = (file) => SECONDS[file] ?? DEFAULT_SECONDS;
  for (const file of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = plan.reduce((min, shard) => (shard.seconds < min.seconds ? shard : min));
    lightest.files.push(file);
    lightest.seconds += weight(file);
  }
  return plan.filter((shard) => shard.files.length > 0);
}
