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
 * Seconds each spec took in a single-worker CI run on 2 cores. Playwright's own --shard splits by
 * test count, which left one shard two minutes behind the other; these only balance the split, so a
 * stale figure costs time, never coverage. A spec not listed counts as DEFAULT_SECONDS.
 */
export const SECONDS = {
  'shell.spec.ts': 128, 'admin.spec.ts': 73, 'profile.spec.ts': 50, 'documents.spec.ts': 39, 'auth.spec.ts': 37,
  'private-data.spec.ts': 30, 'skew.spec.ts': 26, 'checklist.spec.ts': 26, 'invitations.spec.ts': 24,
  'journal.spec.ts': 20, 'production-path.spec.ts': 19, 'owners-journey.spec.ts': 16, 'federation.spec.ts': 16,
  'timezones.spec.ts': 15, 'dates.spec.ts': 7, 'charts.spec.ts': 7, 'skew-contract.spec.ts': 6, 'reports.spec.ts': 6,
  'notifications-bell.spec.ts': 6, 'deployment.spec.ts': 4, 'api.spec.ts': 1,
};
const DEFAULT_SECONDS = 20;

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
