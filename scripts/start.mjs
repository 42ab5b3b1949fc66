#!/usr/bin/env node
// `npm start`: build what is not built (turbo replays cached builds in seconds), then serve.
// First: .env (when present) must be in process.env before any other module reads it.
import './lib/load-dotenv.mjs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { runWithProgress } from './lib/build-progress.mjs';
import { repoRoot } from './lib/paths.mjs';

const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };
// One line per part as it finishes (`[3/7] shell built; building admin-mfe…`), cached parts included.
const status = await runWithProgress('build', { env });
if (status !== 0) {
  console.error('embark: the build failed; see the errors above.');
  process.exit(status);
}
const serve = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'serve.mjs')], { cwd: repoRoot, env, stdio: 'inherit' });
// The child receives Ctrl-C from the terminal itself; forward TERM for non-interactive stops.
process.on('SIGTERM', () => serve.kill('SIGTERM'));
process.on('SIGINT', () => {});
serve.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
