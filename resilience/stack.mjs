// The pieces the resilience suite drives: a PostgreSQL cluster the test owns (so it can
// restart it under load) and the built gateway running against it as a real process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { artifacts, repoRoot } from '../scripts/lib/paths.mjs';

const require = createRequire(import.meta.url);

/** The gateway's own embedded-PostgreSQL manager (built), so root/non-root handling is the product's. */
function embedded() {
  if (!fs.existsSync(artifacts.gateway)) throw new Error('gateway is not built: run `npm run build` first');
  return require(path.join(repoRoot, 'gateway', 'dist', 'db', 'embedded.js'));
}

const quietLogger = {
  debug() {}, info() {}, warn() {}, error: (msg, fields) => console.error('[postgres]', msg, fields ?? ''),
  child() { return quietLogger; },
};

/** A durable cluster under DATA_DIR that can be stopped and started again on the same port and data. */
export function database({ dataDir, port }) {
  const options = { dataDir, name: 'postgres', port, logger: quietLogger, database: 'embark', durable: true };
  let server = null;
  return {
    async start() {
      server = await embedded().startEmbeddedPostgres(options);
      return server;
    },
    async stop() {
      await server?.stop();
      server = null;
    },
    get url() {
      if (!server) throw new Error('database not started');
      return server.url;
    },
  };
}

/** Spawns `node gateway/dist/index.js` and resolves once /readyz answers 200. */
export async function startGateway({ port, databaseUrl, dataDir, env = {} }) {
  const stderr = [];
  const child = spawn(process.execPath, [artifacts.gateway], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      GATEWAY_PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: 'resilience-suite-secret-0123456789abcdef',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Production requires SMTP_URL; nothing here sends mail, so any address will do.
      SMTP_URL: 'smtp://127.0.0.1:2525',
      ...env,
    },
    // Logs (stdout, warn and up) and crashes (stderr) both kept: a test that sees the process exit prints them.
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => stderr.push(chunk.toString()));
  child.stderr.on('data', (chunk) => stderr.push(chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`gateway exited early (${child.exitCode}):\n${stderr.join('')}`);
    try {
      if ((await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(1000) })).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    base,
    stderr,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** One HTTP call, never throwing: the outcome is data for the assertions. */
export async function call(base, method, route, { token, body, timeoutMs = 5000 } = {}) {
  const started = Date.now();
  try {
    const res = await fetch(base + route, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    return { method, route, started, ended: Date.now(), status: res.status, text };
  } catch (err) {
    return { method, route, started, ended: Date.now(), status: 0, text: String(err?.cause?.code ?? err?.name ?? err) };
  }
}

export async function signIn(base, email, password) {
  const r = await call(base, 'POST', '/api/auth/login', { body: { email, password } });
  if (r.status !== 200) throw new Error(`sign-in failed for ${email}: ${r.status} ${r.text}`);
  return JSON.parse(r.text).token;
}

/** True when a body leaks internals: a stack frame, a file path or a driver message. */
export function leaksInternals(text) {
  return /\n\s+at |\.ts:\d+|\.js:\d+|node_modules|ECONNREFUSED|terminating connection|QueryFailedError/.test(text);
}
