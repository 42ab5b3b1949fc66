#!/usr/bin/env node
// `npm run dev`: every part in watch mode (turbo's persistent `dev` tasks, with the codegen watcher
// beside them), with mail going to a MailDev started here when SMTP_URL is unset, as `npm start` does.
//
// Stopping it (Ctrl-C, or SIGTERM to it or its process group) stops everything it started: turbo
// stops its tasks, then anything of the tree that outlived them is stopped here. The embedded
// PostgreSQL runs in a session of its own, and a gateway cut short by a second interrupt (turbo and
// `node --watch` both forward the first) would leave it running.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startLocalMail } from './lib/maildev.mjs';
import { repoRoot } from './lib/paths.mjs';
import { descendants, stopLeftovers } from './lib/process-tree.mjs';

const mail = await startLocalMail().catch((err) => {
  console.error(`embark: ${err.message}`);
  process.exit(1);
});
if (mail) console.info(`embark: mail inbox ${mail.inboxUrl} (MailDev: SMTP_URL is not set)`);

const turbo = path.join(repoRoot, 'node_modules', '.bin', 'turbo');
// --concurrency: above the persistent tasks (four parts and the codegen watcher), which turbo
// refuses to start otherwise. --env-mode=loose: nothing of dev is cached, so every variable the
// parts read (ports, DATA_DIR, the gateway's settings) reaches them without a list to keep up.
const args = ['run', 'dev', '--concurrency=20', '--env-mode=loose', '--ui=stream'];
const dev = spawn(turbo, args, {
  cwd: repoRoot,
  // The gateway on its own treats an unset NODE_ENV as production; watch mode is development.
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development', TURBO_TELEMETRY_DISABLED: '1', ...mail?.env },
  // Its own process group, so it gets each stop once, from here (a Ctrl-C reaches this group).
  detached: true,
  stdio: ['ignore', 'inherit', 'inherit'],
});

/** What was running under turbo when the stop began; checked once turbo is gone. */
let tree = null;
function stop() {
  if (tree === null) {
    tree = descendants(dev.pid);
    console.info('embark: stopping…');
  }
  try {
    // SIGTERM whatever stopped us: turbo's npm wrapper forwards SIGTERM to turbo but not SIGINT, which
    // it leaves to the terminal's process group, and turbo runs in a group of its own.
    dev.kill('SIGTERM');
  } catch {
    // already gone
  }
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('SIGHUP', stop);

dev.on('exit', async (code, signal) => {
  const left = await stopLeftovers(tree ?? []);
  if (left.length > 0) console.info(`embark: stopped what outlived its task: ${left.map((p) => `${p.pid} ${p.command.slice(0, 60)}`).join('; ')}`);
  await mail?.stop();
  process.exit(tree !== null ? 0 : (code ?? (signal ? 1 : 0)));
});
