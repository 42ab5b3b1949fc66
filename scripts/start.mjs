#!/usr/bin/env node
// `npm start`: build what is not built (turbo replays cached builds in seconds), then serve.
// First: .env (when present) must be in process.env before any other module reads it.
import './lib/load-dotenv.mjs';
import { spawnSync, spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './lib/paths.mjs';

const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };
const turbo = path.join(repoRoot, 'node_modules', '.bin', 'turbo');
console.info('embark: building (cached parts are reused)…');
const build = spawnSync(turbo, ['run', 'build', '--output-logs=errors-only'], { cwd: repoRoot, env, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('embark: the build failed; see the errors above.');
  process.exit(build.status ?? 1);
}
const serve = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'serve.mjs')], { cwd: repoRoot, env, stdio: 'inherit' });
// The child receives Ctrl-C from the terminal itself; forward TERM for non-interactive stops.
process.on('SIGTERM', () => serve.kill('SIGTERM'));
process.on('SIGINT', () => {});
serve.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
