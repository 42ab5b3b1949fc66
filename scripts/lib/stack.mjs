// Launches the whole built stack (`scripts/serve.mjs`) on given ports with its own fresh
// embedded database: used by the e2e suite and the benchmarks so they never touch a
// developer's running instance or data.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths.mjs';

/**
 * @param {{ shell: number, employee: number, admin: number, gateway: number, embeddedPg: number, mailDevSmtp?: number, mailDevWeb?: number }} ports
 *   MailDev's ports default to 0: any free port (the stack's own MailDev, never a developer's)
 * @param {string} dataDir wiped before start
 * @param {Record<string, string>} [extraEnv]
 */
export function stackEnv(ports, dataDir, extraEnv = {}) {
  return {
    SHELL_PORT: String(ports.shell),
    EMPLOYEE_PORT: String(ports.employee),
    ADMIN_PORT: String(ports.admin),
    GATEWAY_PORT: String(ports.gateway),
    EMBEDDED_PG_PORT: String(ports.embeddedPg),
    // Mail goes to the stack's own MailDev even when the developer's shell sets SMTP_URL.
    SMTP_URL: '',
    MAILDEV_SMTP_PORT: String(ports.mailDevSmtp ?? 0),
    MAILDEV_WEB_PORT: String(ports.mailDevWeb ?? 0),
    PUBLIC_URL: `http://localhost:${ports.shell}`,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    NODE_ENV: 'test',
    // Per-request lines drown the test output; warnings and errors still show.
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    // Every browser test registers from 127.0.0.1; the per-address cap (20 an hour) is proven by
    // the gateway's own tests and would otherwise stop the suite part-way.
    RATE_LIMIT_REGISTER_MAX: '10000',
    ...extraEnv,
  };
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A run that was killed (not stopped) can leave its embedded PostgreSQL running on the data
 * dir we are about to wipe; stop it first, or the new cluster would fight it for the port.
 */
async function stopStalePostgres(dataDir) {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  process.kill(pid, 'SIGINT'); // PostgreSQL's "fast" shutdown
  for (let waited = 0; waited < 15_000 && alive(pid); waited += 200) await new Promise((r) => setTimeout(r, 200));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}

/** Starts serve.mjs and resolves once the shell answers; `stop()` shuts everything down. */
export async function launchStack({ env, stdio = 'inherit', readyTimeoutMs = 240_000 }) {
  await stopStalePostgres(env.DATA_DIR);
  fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'serve.mjs')], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio,
  });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  const url = `http://localhost:${env.SHELL_PORT}/runtime-config.json`;
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the stack exited early with code ${child.exitCode}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return { child, stop, exited };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await stop();
  throw new Error(`the stack did not come up within ${readyTimeoutMs / 1000}s`);
}
