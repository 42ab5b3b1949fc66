#!/usr/bin/env node
// The Playwright suite split into shards that run at the same time, each against its own stack
// (ports, database, MailDev, nginx), so no shard sees another's data. Each shard runs its files in
// order on one worker, as a single run would. Why two on two cores: docs/decisions.md (test isolation).
//
//   node run-shards.mjs                   the whole suite in E2E_SHARDS shards (default 2)
//   node run-shards.mjs <playwright args>  one plain run with those arguments (a spec, --grep, ...)
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { PRODUCTION_PATH, planShards, specFiles } from './shards.mjs';
import { shardPorts } from './stack.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const shards = Number(process.env.E2E_SHARDS || 2);
if (!Number.isInteger(shards) || shards < 1 || shards > 4) {
  console.error(`E2E_SHARDS must be an integer from 1 to 4 (got "${process.env.E2E_SHARDS}")`);
  process.exit(2);
}
const args = process.argv.slice(2);
const playwright = path.join(here, '..', 'node_modules', '@playwright', 'test', 'cli.js');

/** Runs Playwright with `playwrightArgs` on shard `index`'s ports; its lines carry its tag. */
function run(index, playwrightArgs, tag, extraEnv) {
  const env = { ...process.env, ...shardPorts(index), ...extraEnv };
  const child = spawn(process.execPath, [playwright, 'test', ...playwrightArgs], { cwd: here, env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${tag}${line}\n`));
  }
  const done = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ tag, code: code ?? (signal ? 1 : 0) })));
  return { child, done };
}

const started = Date.now();
const plan = args.length > 0 || shards === 1 ? null : planShards(specFiles(), shards);
const runs = plan
  ? plan.map((shard, i) => {
      console.info(`e2e: shard ${i + 1}/${plan.length} (about ${shard.seconds} s): ${shard.files.join(' ')}`);
      // nginx only for the shard that runs the production-path spec (playwright.config.ts).
      const nginx = { E2E_NGINX: shard.files.some((file) => PRODUCTION_PATH.test(file)) ? '1' : '0' };
      return run(i + 1, shard.files.map((file) => `tests/${file}`), `[${i + 1}/${plan.length}] `, nginx);
    })
  : [run(1, args, '', {})];
// Playwright stops its web servers (and their databases) on SIGINT/SIGTERM: pass the signal on.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => runs.forEach((r) => r.child.kill(signal)));
const results = await Promise.all(runs.map((r) => r.done));
const failed = results.filter((r) => r.code !== 0);
console.info(`e2e: ${runs.length} run${runs.length > 1 ? 's' : ''} in ${((Date.now() - started) / 60_000).toFixed(1)} min; ${failed.length === 0 ? 'all passed' : `failed: ${failed.map((r) => r.tag.trim() || 'the run').join(', ')}`}`);
process.exit(failed.length === 0 ? 0 : 1);
