import fs from 'node:fs';
import path from 'node:path';
import { configVariables } from '../env';
import { findRepoRoot } from '../repo-root';

/*
 * The README's Configuration table and .env.example against what the code reads: the
 * gateway's parser (configVariables records every read), the operator commands, the
 * launchers in scripts/ and the front ends' build configs (read from their source); .env.example also holds what docker-compose.yml
 * interpolates. A missing or extra row fails.
 */

const root = findRepoRoot() as string;

function sourcesUnder(dir: string, ext: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile() && e.name.endsWith(ext)).map((e) => path.join(e.parentPath, e.name));
}

/** Names read by `process.env.X`, `env.X`, `env['X']` or `port('X', …)` / `portFromEnv('X', …)` in `files`. */
function readsIn(files: string[]): Set<string> {
  const patterns = [/\benv\.([A-Z][A-Z0-9_]*)\b/g, /\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g, /\b(?:port|portFromEnv)\(['"]([A-Z][A-Z0-9_]*)['"]/g];
  const names = new Set<string>();
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const [, name] of source.matchAll(pattern)) if (name !== undefined) names.add(name);
  }
  return names;
}

/** Every variable the code reads, sorted. */
function variablesRead(): string[] {
  const launchers = sourcesUnder(path.join(root, 'scripts'), '.mjs');
  const commands = sourcesUnder(path.join(root, 'gateway', 'src', 'cli'), '.ts').filter((f) => !f.includes('__tests__'));
  const builds = [
    // Not its tests, nor the unit tests' own set-up (jest-*.mjs), which sets the zone they run in rather than reading one.
    ...sourcesUnder(path.join(root, 'shared-ui', 'build'), '.mjs').filter((f) => !f.endsWith('.test.mjs') && !path.basename(f).startsWith('jest-')),
    ...['shell', 'employee-mfe', 'admin-mfe'].map((app) => path.join(root, app, 'webpack.config.mjs')),
  ];
  return [...new Set([...configVariables(), ...readsIn(launchers), ...readsIn(commands), ...readsIn(builds)])].sort();
}

/** The variables named in the first column of the README's Configuration table. */
function readmeRows(): string[] {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = /^## Configuration\n([\s\S]*?)^#{2,3} /m.exec(readme)?.[1];
  if (section === undefined) throw new Error('README.md has no "## Configuration" section');
  const names: string[] = [];
  for (const line of section.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const firstCell = line.split('|')[1] ?? '';
    for (const [, name] of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) if (name !== undefined) names.push(name);
  }
  return names;
}

/** The variables .env.example sets or shows commented out (`# NAME=`). */
function envExampleNames(): string[] {
  const text = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
  return [...text.matchAll(/^#?\s?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] ?? '');
}

describe('the documented configuration', () => {
  const read = variablesRead();

  it('finds the variables the code reads', () => {
    // A floor against a scanner that silently finds nothing.
    expect(read).toEqual(expect.arrayContaining(['DATABASE_URL', 'GATEWAY_PORT', 'SHELL_PORT', 'EMPLOYEE_REMOTE_URL', 'ADMIN_PASSWORD_FILE', 'RATE_LIMIT_LOGIN_ACCOUNT_MAX', 'EMBARK_COMMIT']));
  });

  it('has one README Configuration row per variable the code reads, and no other', () => {
    const rows = readmeRows();
    const duplicates = rows.filter((name, i) => rows.indexOf(name) !== i);
    expect({ missing: read.filter((n) => !rows.includes(n)), extra: rows.filter((n) => !read.includes(n)), duplicates }).toEqual({ missing: [], extra: [], duplicates: [] });
  });

  it('lists every variable in .env.example, and no other', () => {
    // docker compose reads .env too, so the variables docker-compose.yml interpolates belong there as well.
    const compose = fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    const expected = [...new Set([...read, ...[...compose.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1] ?? '')])];
    const names = envExampleNames();
    const duplicates = names.filter((name, i) => names.indexOf(name) !== i);
    expect({ missing: expected.filter((n) => !names.includes(n)), extra: names.filter((n) => !expected.includes(n)), duplicates }).toEqual({ missing: [], extra: [], duplicates: [] });
  });
});
