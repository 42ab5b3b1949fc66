#!/usr/bin/env node
// `npm run dev`: every part in watch mode (turbo), with mail going to a MailDev started here when
// SMTP_URL is unset, as `npm start` does.
// First: .env (when present) must be in process.env before any other module reads it.
import './lib/load-dotenv.mjs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startLocalMail } from './lib/maildev.mjs';
import { repoRoot } from './lib/paths.mjs';

const mail = await startLocalMail().catch((err) => {
  console.error(`embark: ${err.message}`);
  process.exit(1);
});
if (mail) console.info(`embark: mail inbox ${mail.inboxUrl} (MailDev: SMTP_URL is not set)`);

const turbo = path.join(repoRoot, 'node_modules', '.bin', 'turbo');
const dev = spawn(turbo, ['run', 'dev', '--parallel'], {
  cwd: repoRoot,
  // The gateway on its own treats an unset NODE_ENV as production; watch mode is development.
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development', TURBO_TELEMETRY_DISABLED: '1', ...mail?.env },
  stdio: 'inherit',
});
// turbo gets Ctrl-C from the terminal itself; forward TERM for non-interactive stops.
process.on('SIGTERM', () => dev.kill('SIGTERM'));
process.on('SIGINT', () => {});
dev.on('exit', async (code, signal) => {
  await mail?.stop();
  process.exit(code ?? (signal ? 1 : 0));
});
