/// <reference types="node" />
/**
 * Modules that apps import by path (`@embark/shared-ui/src/...`) instead of through the shared
 * singleton are bundled into each app that uses them, together with everything they import. A copy
 * is harmless for wording and stateless components, but not for anything whose identity or state
 * must be one per page (a React context, a cache, a listener set, a class checked with
 * `instanceof`). This test lists every module such an import reaches at run time and fails when a
 * new one appears, so the copy is reviewed before it ships (docs/bundles.md).
 */
import fs from 'node:fs';
import path from 'node:path';

const SRC = __dirname;

/** Imported by path by the apps (docs/bundles.md). */
const BY_PATH_ENTRIES = [
  ...fs.readdirSync(path.join(SRC, 'kit/page-text')).map((file) => `kit/page-text/${file}`),
  'kit/documents.ts',
  'kit/apollo-client.ts',
  ...['Modal', 'ConfirmDialog', 'FormField', 'DataTable', 'Pagination'].map((name) => `components/${name}.tsx`),
];

/** What they may pull in, and why a second copy in a remote is safe. */
const SAFE_TO_COPY: Record<string, string> = {
  'kit/messages.ts': 'constants and pure wording functions',
  'kit/constants.ts': 'constants',
  'kit/storage.ts': 'storage keys and localStorage readers (the state is in localStorage)',
  'kit/http-errors.ts': 'pure mapping of HTTP failures to words',
  'kit/auth-debug-log.ts': 'writes to localStorage only',
  'kit/auth-session.ts': 'its hooks live on a global Symbol.for key, shared by every copy',
  'kit/api-client.ts': 'ApiError is recognised by a Symbol.for brand, not by class identity; a second client instance reads the same stored token and reports to the same hooks',
  'components/Button.tsx': 'stateless component',
  'components/Icon.tsx': 'stateless component',
  'components/cx.ts': 'pure function',
};

function resolve(from: string, specifier: string): string | null {
  const base = path.normalize(path.join(path.dirname(from), specifier));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (fs.existsSync(path.join(SRC, candidate))) return candidate;
  }
  return null;
}

/** Relative imports that exist at run time (`import type` is erased). */
function runtimeImports(file: string): string[] {
  const source = fs.readFileSync(path.join(SRC, file), 'utf8');
  const found: string[] = [];
  for (const match of source.matchAll(/^import\s+(type\s+)?[^'";]*?from\s+'(\.{1,2}\/[^']+)';/gms)) {
    const specifier = match[2];
    if (match[1] || !specifier || specifier.endsWith('.css')) continue;
    const resolved = resolve(file, specifier);
    if (resolved) found.push(resolved);
  }
  return found;
}

function reachedFrom(entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...runtimeImports(file));
  }
  for (const entry of entries) seen.delete(entry);
  return seen;
}

describe('modules imported by path (copied into each app that uses them)', () => {
  it('reach only modules whose copies are safe', () => {
    const reached = [...reachedFrom(BY_PATH_ENTRIES)].filter((file) => !BY_PATH_ENTRIES.includes(file)).sort();
    expect(reached.filter((file) => !(file in SAFE_TO_COPY))).toEqual([]);
  });

  it('never reach a React context or the singleton index', () => {
    const reached = reachedFrom(BY_PATH_ENTRIES);
    expect([...reached].filter((file) => file.startsWith('contracts/') || file === 'index.ts' || file.endsWith('/index.ts'))).toEqual([]);
  });

  it('the scan sees imports (a broken scan would pass everything)', () => {
    expect(runtimeImports('kit/documents.ts')).toEqual(expect.arrayContaining(['kit/api-client.ts', 'kit/messages.ts']));
    expect(runtimeImports('kit/auth-session.ts')).not.toContain('contracts/session.ts');
  });
});
