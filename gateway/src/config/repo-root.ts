import fs from 'node:fs';
import path from 'node:path';

/**
 * The monorepo root: the nearest ancestor whose package.json declares
 * `workspaces`. Resolved from this file's location (not the cwd) so it is the
 * same whether the gateway runs from src/ (swc) or dist/ (tsc), and whatever
 * directory npm started it in. Returns null when the gateway was deployed
 * without the monorepo around it (e.g. a slim container image).
 */
export function findRepoRoot(start: string = __dirname): string | null {
  let dir = path.resolve(start);
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    try {
      const parsed = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { workspaces?: unknown };
      if (parsed.workspaces !== undefined) return dir;
    } catch {
      // No (readable) package.json here; keep walking up.
    }
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** The gateway package directory (holds the gateway's package.json). */
export function gatewayPackageDir(): string {
  // src/config and dist/config are both two levels below the package root.
  return path.resolve(__dirname, '..', '..');
}
