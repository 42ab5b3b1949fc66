// The pieces the resilience suite drives: a PostgreSQL cluster the test owns (so it can
// restart it under load) and the built gateway running against it as a real process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { GATEWAY_NODE_ARGS } from '../scripts/lib/gateway-node.mjs';
import { artifacts, repoRoot } from '../scripts/lib/paths.mjs';

const require = createRequire(import.meta.url);

/** The entry point of the gateway build the suite runs (RESILIENCE_GATEWAY_ENTRY: another build's index.js). */
const gatewayEntry = () => process.env.RESILIENCE_GATEWAY_ENTRY || artifacts.gateway;

/** A module of that gateway build (e.g. 'db/embedded.js'), so the tests read the product's own values and code. */
export function gatewayModule(relative) {
  const entry = gatewayEntry();
  if (!fs.existsSync(entry)) throw new Error('gateway is not built: run `npm run build` first');
  return require(path.join(path.dirname(entry), relative));
}

/** The gateway's own embedded-PostgreSQL manager (built), so root/non-root handling is the product's. */
const embedded = () => gatewayModule('db/embedded.js');

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
  // RESILIENCE_GATEWAY_ENTRY: another build's index.js (a clean checkout's), for a tree where gateway/dist is in flux.
  const child = spawn(process.execPath, [...GATEWAY_NODE_ARGS, gatewayEntry()], {
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
      // No metrics server: the default port (9464) is a developer's running instance's.
      METRICS_PORT: 'off',
      ...env,
    },
    // Logs (stdout, warn and up) and crashes (stderr) both kept: a test that sees the process exit prints them.
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => stderr.push(chunk.toString()));
  child.stderr.on('data', (chunk) => stderr.push(chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (let ready = false; !ready; ) {
    if (child.exitCode !== null) throw new Error(`gateway exited early (${child.exitCode}):\n${stderr.join('')}`);
    if (Date.now() > deadline) {
      // Said here, not left to the test's first request to fail with a confusing message.
      child.kill('SIGKILL');
      throw new Error(`gateway on ${port} was not ready within 120 s:\n${stderr.join('')}`);
    }
    try {
      ready = (await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(1000) })).ok;
    } catch {
      // not listening yet
    }
    if (!ready) await new Promise((r) => setTimeout(r, 200));
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
    /** kill -9: no drain, no shutdown hooks, whatever was in flight is cut where it stood. */
    async crash() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** One HTTP call, never throwing: the outcome is data for the assertions. */
export async function call(base, method, route, { token, body, raw, timeoutMs = 5000 } = {}) {
  const started = Date.now();
  try {
    // `raw`: a body that is not JSON, as { type, text } (a CSV import).
    const type = raw ? raw.type : body ? 'application/json' : null;
    const res = await fetch(base + route, {
      method,
      headers: { ...(type ? { 'content-type': type } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: raw ? raw.text : body ? JSON.stringify(body) : undefined,
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

/** A client on the test's own database, for checking what a crash left behind (the caller ends it). */
export async function sql(databaseUrl) {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: databaseUrl });
  // A connection the server drops is an error for the next query to report, not an unhandled event that ends the process.
  client.on('error', (err) => console.error(`[sql] ${err.message}`));
  await client.connect();
  return client;
}

/** `count` employees registered through the API, each signed in: { email, id, token }. */
export async function registerEmployees(base, prefix, count, password = 'Resilience123') {
  const accounts = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}-${i}@example.org`;
    const r = await call(base, 'POST', '/api/auth/register', { body: { name: `Resilience ${i}`, email, password, role_id: 1 }, timeoutMs: 30_000 });
    if (r.status !== 201) throw new Error(`registration ${i}: ${r.status} ${r.text}`);
    const { user, token } = JSON.parse(r.text);
    accounts.push({ email, id: user.id, token });
  }
  return accounts;
}

/** MailDev on fixed ports, in this process; `received()` reads its inbox back through the REST API. */
export async function mailDev({ smtpPort, webPort }) {
  const { startMailDev } = await import('../scripts/lib/maildev.mjs');
  const running = await startMailDev({ smtpPort, webPort });
  return {
    ...running,
    /** Every mail received so far: { id (our X-Embark-Mail-Id, or null), to, subject, text }. */
    async received() {
      const res = await fetch(`http://127.0.0.1:${running.webPort}/api/email`);
      if (!res.ok) throw new Error(`MailDev answered ${res.status}`);
      return (await res.json()).map((m) => ({
        id: m.headers?.['x-embark-mail-id'] ?? null,
        to: m.to?.map((t) => t.address) ?? [],
        subject: m.subject,
        text: m.text ?? '',
      }));
    },
  };
}

/** Polls `probe` until it answers something truthy; throws after `timeoutMs`, naming `what`. */
export async function waitFor(probe, what, timeoutMs = 30_000, everyMs = 200) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** How often each id occurs: a Map id → count. */
export function tally(ids) {
  const counts = new Map();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}
