// Git look-ups shared by the release tooling: which commit is a package's previous release, and
// what a file or folder held there. Releases are tags `release/<package folder>/<version>`.
import { execFileSync } from 'node:child_process';

/** Runs git in `cwd` and returns its trimmed output; null when git fails and `optional` is set. */
export function git(cwd, args, { optional = false } = {}) {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 }).trimEnd();
  } catch (error) {
    if (optional) return null;
    const stderr = error && typeof error === 'object' && 'stderr' in error ? String(error.stderr).trim() : '';
    throw new Error(`git ${args.join(' ')} failed${stderr ? `: ${stderr}` : ''}`);
  }
}

/** The repository's top folder, seen from `cwd`. */
export function repositoryRoot(cwd) {
  return git(cwd, ['rev-parse', '--show-toplevel']);
}

/**
 * The previous release of a package: the nearest `release/<pkg>/*` tag reachable from HEAD, or of
 * any package when `pkg` is omitted; HEAD~1 when there is none; null in a repository of one commit.
 * `released` says whether the ref is a real release (a tag), not the HEAD~1 stand-in.
 * @returns {{ ref: string, label: string, released: boolean } | null}
 */
export function previousRelease(cwd, pkg) {
  const pattern = pkg ? `release/${pkg}/*` : 'release/*';
  const tag = git(cwd, ['describe', '--tags', '--abbrev=0', '--match', pattern, 'HEAD'], { optional: true });
  if (tag) return { ref: tag, label: tag, released: true };
  if (git(cwd, ['rev-parse', '--verify', '--quiet', 'HEAD~1^{commit}'], { optional: true })) return { ref: 'HEAD~1', label: 'HEAD~1 (no release tag yet)', released: false };
  return null;
}

/** A file's text at a commit; null when the file is not there. */
export function fileAt(cwd, ref, relativePath) {
  return git(cwd, ['show', `${ref}:${relativePath}`], { optional: true });
}

/** Every file path under a folder at a commit, relative to the repository root. */
export function filesAt(cwd, ref, folder) {
  const out = git(cwd, ['ls-tree', '-r', '--name-only', ref, '--', folder], { optional: true });
  return out ? out.split('\n').filter(Boolean) : [];
}
