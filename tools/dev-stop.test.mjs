// `npm run dev` (scripts/dev.mjs) on ports and a DATA_DIR of its own: it comes up, and a SIGINT (Ctrl-C)
// or a SIGTERM to its process group stops everything it started, the embedded PostgreSQL and MailDev
// included. Heavy (the gateway, three webpack dev servers and the codegen watcher): about a minute per
// signal on 2 cores.
// Ports: DEV_TEST_PORT_BASE (default 13160) and the five after it.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '../scripts/lib/paths.mjs';
import { descendants, stopLeftovers } from '../scripts/lib/process-tree.mjs';

const base = Number(process.env.DEV_TEST_PORT_BASE || 13160);
const ports = { shell: base, employee: base + 1, admin: base + 2, gateway: base + 3, postgres: base + 4, metrics: base + 5 };
const STARTUP_MS = 240_000;
const STOP_MS = 60_000;

/** Every process as `{ pid, ppid, pgid, command }`. */
function processes() {
  const ps = spawnSync('ps', ['-A', '-o', 'pid=', '-o', 'ppid=', '-o', 'pgid=', '-o', 'args='], { encoding: 'utf8' });
  return ps.stdout
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter(Boolean)
    .map(([, pid, ppid, pgid, command]) => ({ pid: Number(pid), ppid: Number(ppid), pgid: Number(pgid), command }));
}

function descendantsOf(rootPid) {
  const all = processes();
  const tree = new Map([[rootPid, null]]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const proc of all) {
      if (tree.has(proc.ppid) && !tree.has(proc.pid)) {
        tree.set(proc.pid, proc);
        grew = true;
      }
    }
  }
  return [...tree.values()].filter(Boolean);
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/** Whether something accepts TCP connections on 127.0.0.1:port. */
function listening(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(what, check, ms, output) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms / 1000} s waiting for ${what}; dev said:\n${output().slice(-4_000)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('npm run dev', () => {
  // Ctrl-C in a terminal (SIGINT to dev's group; dev stops turbo, in a group of its own, with SIGTERM) and a
  // service manager's stop (SIGTERM).
  for (const signal of ['SIGINT', 'SIGTERM']) {
    it(`comes up, and a ${signal} to its process group leaves nothing running`, { timeout: STARTUP_MS + STOP_MS + 30_000 }, async (t) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'embark-dev-'));
      // Run as root, the embedded PostgreSQL runs as `postgres`, which must reach its cluster here.
      fs.chmodSync(dataDir, 0o755);
      for (const [name, port] of Object.entries(ports)) assert.equal(await listening(port), false, `port ${port} (${name}) is taken: set DEV_TEST_PORT_BASE`);

      const dev = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'dev.mjs')], {
        cwd: repoRoot,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          DATA_DIR: dataDir,
          SHELL_PORT: String(ports.shell),
          EMPLOYEE_PORT: String(ports.employee),
          ADMIN_PORT: String(ports.admin),
          GATEWAY_PORT: String(ports.gateway),
          EMBEDDED_PG_PORT: String(ports.postgres),
          METRICS_PORT: String(ports.metrics),
          MAILDEV_SMTP_PORT: '0',
          MAILDEV_WEB_PORT: '0',
          SMTP_URL: '',
          DATABASE_URL: '',
          // An empty database is enough to start; the demo data would only slow this down.
          SEED_DEMO: 'false',
          LOG_LEVEL: 'warn',
        },
        // Its own process group, as a terminal gives `npm run dev`.
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let log = '';
      const collect = (chunk) => {
        log = (log + chunk).slice(-200_000);
      };
      dev.stdout.on('data', collect);
      dev.stderr.on('data', collect);
      const exited = new Promise((resolve) => dev.once('exit', (code, signal) => resolve({ code, signal })));
      let tree = [];
      t.after(() => {
        // Whatever the outcome, leave nothing behind for the next test.
        for (const proc of [{ pid: -dev.pid }, ...tree]) {
          try {
            process.kill(proc.pid, 'SIGKILL');
          } catch {
            // gone
          }
        }
        fs.rmSync(dataDir, { recursive: true, force: true });
      });

      await waitFor('the gateway to answer /healthz', async () => {
        try {
          return (await fetch(`http://127.0.0.1:${ports.gateway}/healthz`)).ok;
        } catch {
          return false;
        }
      }, STARTUP_MS, () => log);
      await waitFor('the webpack dev servers to listen', async () => (await Promise.all([ports.shell, ports.employee, ports.admin].map(listening))).every(Boolean), STARTUP_MS, () => log);
      const mailPort = /mail inbox http:\/\/localhost:(\d+)/.exec(log)?.[1];
      assert.ok(mailPort, `dev names its MailDev inbox:\n${log.slice(0, 2_000)}`);
      assert.equal(await listening(Number(mailPort)), true, 'MailDev is up');

      tree = descendantsOf(dev.pid);
      const postgres = tree.find((proc) => /\/postgres -D /.test(proc.command));
      assert.ok(postgres, `the embedded PostgreSQL runs under dev:\n${tree.map((p) => p.command).join('\n')}`);
      assert.ok(tree.some((proc) => /graphql-codegen .*--watch/.test(proc.command)), 'the codegen watcher runs under dev');
      assert.equal(tree.filter((proc) => /webpack/.test(proc.command) && !/^(sh|npm)\b/.test(proc.command)).length >= 3, true, 'three webpack dev servers run under dev');

      // The shell's dev server hands GraphQL to the gateway, but never a development gateway's Apollo
      // sandbox to a browser: its CDN scripts would run on the portal's origin beside the stored token.
      // Checked once `tree` is known, so that a failure here still stops everything (t.after).
      const shell = `http://127.0.0.1:${ports.shell}`;
      const graphql = await fetch(`${shell}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }), signal: AbortSignal.timeout(30_000) });
      assert.deepEqual(await graphql.json(), { data: { __typename: 'Query' } });
      const page = await (await fetch(`${shell}/graphql`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }, signal: AbortSignal.timeout(30_000) })).text();
      assert.doesNotMatch(page, /apollographql/i, 'the shell origin serves no Apollo sandbox');
      assert.match(page, /<div id="root"/, "the shell's own page (its not-found screen) instead");

      process.kill(-dev.pid, signal);
      const result = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve(null), STOP_MS).unref())]);
      assert.ok(result, `dev did not exit within ${STOP_MS / 1000} s of ${signal}:\n${log.slice(-4_000)}`);

      for (const line of log.split('\n').filter((l) => l.startsWith('embark:'))) t.diagnostic(line);
      const group = processes().filter((proc) => proc.pgid === dev.pid);
      assert.deepEqual(group.map((p) => p.command), [], 'nothing is left in dev\'s process group');
      const left = tree.filter((proc) => alive(proc.pid));
      assert.deepEqual(left.map((p) => `${p.pid} ${p.command}`), [], 'nothing dev started is still running');
      for (const [name, port] of Object.entries({ ...ports, maildev: Number(mailPort) })) {
        assert.equal(await listening(port), false, `port ${port} (${name}) is free`);
      }
      assert.equal(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION')), true, 'the cluster is in DATA_DIR');
      assert.equal(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid')), false, 'the embedded PostgreSQL shut down cleanly (no postmaster.pid)');
    });
  }

  it('stops what outlived its parent, like a database in a session of its own', async () => {
    // A parent that starts a detached child (as the gateway starts PostgreSQL) and waits.
    const script = "const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' }); c.unref(); console.log(c.pid); setInterval(() => {}, 1000);";
    const parent = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const childPid = Number(await new Promise((resolve) => parent.stdout.once('data', (chunk) => resolve(String(chunk).trim()))));
    const tree = descendants(parent.pid);
    assert.deepEqual(tree.map((p) => p.pid), [childPid]);
    // The parent is cut short: its child lives on, reparented.
    parent.kill('SIGKILL');
    await new Promise((resolve) => parent.once('exit', resolve));
    assert.equal(alive(childPid), true);

    const stopped = await stopLeftovers(tree, 5_000);
    assert.deepEqual(stopped.map((p) => p.pid), [childPid]);
    assert.equal(alive(childPid), false);
  });
});
