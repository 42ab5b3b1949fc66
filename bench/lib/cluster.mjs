// A throwaway PostgreSQL cluster the benchmarks own (the gateway's own embedded-PostgreSQL
// manager, built), with one database per data set, and the built gateway run against one of
// them as a real process: the same shape as resilience/stack.mjs, with benchmark settings.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { GATEWAY_NODE_ARGS } from '../../scripts/lib/gateway-node.mjs';
import { repoRoot } from '../../scripts/lib/paths.mjs';
import { track } from './cleanup.mjs';
import { builtGateway, gatewayDependency, requireBuilt } from './gateway-deps.mjs';

/** Fixed and public: only these throwaway databases ever trust it. */
export const BENCH_JWT_SECRET = 'embark-bench-secret-0123456789abcdef0123456789';

const quietLogger = {
  debug() {}, info() {}, warn() {},
  error: (msg, fields) => console.error('[bench postgres]', msg, fields ?? ''),
  child() { return quietLogger; },
};

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A killed earlier run may have left its postmaster on the directory we are about to wipe. */
async function stopStalePostgres(clusterDir) {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && alive(pid); waited += 200) await new Promise((r) => setTimeout(r, 200));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}

/** Runs `fn(client)` on a fresh connection to `url` and closes it. */
export async function withClient(url, fn) {
  const { Client } = gatewayDependency('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Starts a fresh, non-durable cluster (fsync off: the data is generated and thrown away)
 * under `dataDir`. `createDatabase(name)` answers the URL of a new, empty database.
 */
export async function startCluster({ dataDir, port }) {
  await stopStalePostgres(path.join(dataDir, 'postgres'));
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const { startEmbeddedPostgres } = requireBuilt('db/embedded.js');
  const server = await startEmbeddedPostgres({ dataDir, name: 'postgres', port, logger: quietLogger, database: 'bench', durable: false });
  const stop = track(`PostgreSQL :${port}`, () => server.stop());
  return {
    adminUrl: server.adminUrl,
    /** The cluster's data directory (its postmaster.pid: bench/lib/cpu.mjs reads the cluster's CPU through it). */
    clusterDir: path.join(dataDir, 'postgres'),
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
      await withClient(server.adminUrl, (c) => c.query(`create database ${name}`));
      const url = new URL(server.adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    stop,
  };
}

/**
 * Spawns `node gateway/dist/index.js` in production mode against `databaseUrl` (migrations
 * run at start, no demo data) and resolves once /readyz answers 200.
 */
export async function startGateway({ port, databaseUrl, dataDir, env = {}, nodeArgs = [] }) {
  const stderr = [];
  const child = spawn(process.execPath, [...GATEWAY_NODE_ARGS, ...nodeArgs, path.join(builtGateway, 'index.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      GATEWAY_PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: BENCH_JWT_SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // Production requires SMTP_URL; nothing here sends mail, so any address will do.
      SMTP_URL: 'smtp://127.0.0.1:2525',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (chunk) => stderr.push(chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = track(`gateway :${port}`, async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the gateway exited early (${child.exitCode}):\n${stderr.join('').slice(-3000)}`);
    }
    try {
      if ((await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(1000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the gateway on :${port} was not ready within 120 s:\n${stderr.join('').slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, child, stderr, stop };
}
