import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { canSearch, ensureUsableBinaries, fallbackClusterDir, findBlockingDirectory, locateBundledBinaries, type Identity, type StatInfo } from '../pg-paths';

const POSTGRES: Identity = { uid: 101, gids: [104] };

function dir(mode: number, uid = 0, gid = 0): StatInfo {
  return { mode: 0o040000 | mode, uid, gid, isDirectory: () => true };
}

describe('canSearch', () => {
  it('uses owner bits for the owner, even when others may search', () => {
    expect(canSearch(dir(0o700, 101), POSTGRES)).toBe(true);
    expect(canSearch(dir(0o055, 101), POSTGRES)).toBe(false);
  });
  it('uses group bits for a member of the group', () => {
    expect(canSearch(dir(0o710, 0, 104), POSTGRES)).toBe(true);
    expect(canSearch(dir(0o701, 0, 104), POSTGRES)).toBe(false);
  });
  it('uses other bits for everyone else', () => {
    expect(canSearch(dir(0o755), POSTGRES)).toBe(true);
    expect(canSearch(dir(0o750), POSTGRES)).toBe(false);
    expect(canSearch(dir(0o700), POSTGRES)).toBe(false);
  });
  it('lets root through everything', () => {
    expect(canSearch(dir(0o000), { uid: 0, gids: [0] })).toBe(true);
  });
});

describe('findBlockingDirectory', () => {
  const tree: Record<string, StatInfo> = {
    '/': dir(0o755),
    '/root': dir(0o700),
    '/root/app': dir(0o755),
    '/root/app/node_modules': dir(0o755),
    '/srv': dir(0o755),
    '/srv/app': dir(0o755),
  };
  const stat = (p: string): StatInfo => {
    const st = tree[p];
    if (!st) throw Object.assign(new Error(`ENOENT: ${p}`), { code: 'ENOENT' });
    return st;
  };

  it('names the 0700 home that blocks the postgres user', () => {
    expect(findBlockingDirectory('/root/app/node_modules', POSTGRES, stat)).toBe('/root');
  });
  it('returns null for a traversable path', () => {
    expect(findBlockingDirectory('/srv/app', POSTGRES, stat)).toBeNull();
  });
  it('stops at the first missing component (we create it 0755)', () => {
    expect(findBlockingDirectory('/srv/app/.data/postgres', POSTGRES, stat)).toBeNull();
  });
  it('works on the real filesystem', () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'embark-traverse-'));
    try {
      const inner = path.join(base, 'a', 'b');
      fs.mkdirSync(inner, { recursive: true });
      fs.chmodSync(base, 0o755);
      fs.chmodSync(path.join(base, 'a'), 0o700);
      const stranger: Identity = { uid: 54321, gids: [54321] };
      expect(findBlockingDirectory(inner, stranger)).toBe(path.join(base, 'a'));
      fs.chmodSync(path.join(base, 'a'), 0o711);
      expect(findBlockingDirectory(inner, stranger)).toBeNull();
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});

describe('fallbackClusterDir', () => {
  it('is stable per configured path and keeps the cluster name', () => {
    const a = fallbackClusterDir('/root/app/.data/postgres');
    expect(a).toBe(fallbackClusterDir('/root/app/.data/postgres'));
    expect(a).not.toBe(fallbackClusterDir('/home/x/.data/postgres'));
    expect(path.basename(a)).toMatch(/^postgres-[0-9a-f]{12}$/);
  });
});

describe('ensureUsableBinaries', () => {
  it('uses node_modules directly when it is traversable', () => {
    const bundled = locateBundledBinaries();
    expect(fs.existsSync(path.join(bundled.nativeDir, 'bin', 'postgres'))).toBe(true);
    if (findBlockingDirectory(bundled.nativeDir, { uid: 65534, gids: [65534] }) === null) {
      expect(ensureUsableBinaries(bundled, { uid: 65534, gids: [65534] })).toEqual({ nativeDir: bundled.nativeDir, copied: false });
    }
  });

  it('copies the binaries to a traversable cache that another user can run', () => {
    const cacheRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'embark-pgcache-'));
    fs.chmodSync(cacheRoot, 0o755);
    try {
      const bundled = locateBundledBinaries();
      const first = ensureUsableBinaries(bundled, { uid: 65534, gids: [65534] }, cacheRoot, true);
      expect(first.copied).toBe(true);
      expect(first.nativeDir).toBe(path.join(cacheRoot, bundled.version, 'native'));
      // Symlinks survive as symlinks (the ICU libraries are linked by version).
      expect(fs.lstatSync(path.join(first.nativeDir, 'lib', 'libicuuc.so')).isSymbolicLink()).toBe(true);
      // Reused on the next start.
      expect(ensureUsableBinaries(bundled, { uid: 65534, gids: [65534] }, cacheRoot, true)).toEqual(first);
      // The copy runs, as an unprivileged user when we can switch to one.
      const asNobody = os.userInfo().uid === 0 ? { uid: 65534, gid: 65534 } : {};
      const version = execFileSync(path.join(first.nativeDir, 'bin', 'postgres'), ['--version'], { encoding: 'utf8', ...asNobody });
      expect(version).toMatch(/^postgres \(PostgreSQL\) \d+/);
    } finally {
      fs.rmSync(cacheRoot, { recursive: true, force: true });
    }
  });
});
