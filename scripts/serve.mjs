#!/usr/bin/env node
// `npm run serve`: serves the already-built parts, each on its own port, and the
// gateway. Remote locations are read from the environment here, at serve time,
// and handed to the shell through /runtime-config.json (no rebuild to move a remote).
// Without SMTP_URL, mail goes to a MailDev started here (the inbox is printed below).
// First: .env (when present) must be in process.env before any other module reads it.
import './lib/load-dotenv.mjs';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { portFromEnv as port } from './lib/env.mjs';
import { startStaticServer } from './lib/static-server.mjs';
import { startLocalMail } from './lib/maildev.mjs';
import { inlineHashesOfFile, remoteHeaders, remoteUrlProblem, shellHeaders } from './lib/security-headers.mjs';
import { GATEWAY_NODE_ARGS } from './lib/gateway-node.mjs';
import { artifacts, repoRoot } from './lib/paths.mjs';

const ports = {
  shell: port('SHELL_PORT', 3000),
  employee: port('EMPLOYEE_PORT', 3001),
  admin: port('ADMIN_PORT', 3002),
  gateway: port('GATEWAY_PORT', 4000),
};
const host = process.env.HOST || '127.0.0.1';
const publicHost = process.env.PUBLIC_HOST || 'localhost';
const runtimeConfig = {
  remotes: {
    // The manifest, not remoteEntry.js: the shell then checks the remote's contract and shows its version.
    employee_mfe: process.env.EMPLOYEE_REMOTE_URL || `http://${publicHost}:${ports.employee}/mf-manifest.json`,
    admin_mfe: process.env.ADMIN_REMOTE_URL || `http://${publicHost}:${ports.admin}/mf-manifest.json`,
  },
};
// Refused before anything starts, as the nginx image refuses them: these go into the page and its CSP.
for (const [variable, value] of [['EMPLOYEE_REMOTE_URL', runtimeConfig.remotes.employee_mfe], ['ADMIN_REMOTE_URL', runtimeConfig.remotes.admin_mfe]]) {
  const name = process.env[variable] ? variable : `${variable} (built from PUBLIC_HOST)`;
  let problem = remoteUrlProblem(name, value);
  if (!problem && /^https?:/i.test(value)) {
    // The shape is right but URL still refuses some (a port above 65535, an IPv4 address out of range).
    try {
      new URL(value);
    } catch {
      problem = `${name} is not a valid URL (got '${value}')`;
    }
  }
  if (problem) {
    console.error(`embark: ${problem}`);
    process.exit(1);
  }
}
const readyTimeoutMs = Number(process.env.GATEWAY_READY_TIMEOUT_MS || 180_000);
// The gateway on its own treats an unset NODE_ENV as production; this launcher runs the demo unless told otherwise.
const nodeEnv = process.env.NODE_ENV || 'development';

const missing = Object.entries(artifacts).filter(([, file]) => !fs.existsSync(file));
if (missing.length > 0) {
  console.error(`embark: not built yet (${missing.map(([n, f]) => `${n}: ${path.relative(repoRoot, f)}`).join(', ')}).`);
  console.error('Run `npm run build` first, or `npm start`, which builds and then serves.');
  process.exit(1);
}

let stopping = false;
const servers = [];
const mail = await startLocalMail().catch((err) => {
  console.error(`embark: ${err.message}`);
  process.exit(1);
});
const gateway = spawn(process.execPath, [...GATEWAY_NODE_ARGS, artifacts.gateway], {
  cwd: repoRoot,
  env: {
    ...process.env,
    NODE_ENV: nodeEnv,
    GATEWAY_PORT: String(ports.gateway),
    // Links in mail lead to the shell this script serves, unless told otherwise.
    PUBLIC_URL: process.env.PUBLIC_URL || `http://${publicHost}:${ports.shell}`,
    ...mail?.env,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
gateway.on('exit', (code, signal) => {
  if (!stopping) {
    console.error(`embark: the gateway stopped unexpectedly (${signal ?? `exit code ${code}`}); shutting down.`);
    void shutdown(1);
  }
});

async function waitForGateway() {
  const deadline = Date.now() + readyTimeoutMs;
  const url = `http://127.0.0.1:${ports.gateway}/readyz`;
  while (Date.now() < deadline) {
    if (stopping) return false;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  await Promise.all(servers.map((s) => s.close()));
  if (gateway.exitCode === null && gateway.signalCode === null) {
    const exited = new Promise((r) => gateway.once('exit', r));
    gateway.kill('SIGTERM');
    const timer = setTimeout(() => gateway.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  // After the gateway: its mail worker may have been sending.
  await mail?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

// The shell's policy follows the runtime config above and the inline scripts of the build being served:
// read again when index.html changes, so a rebuild under a running server keeps its boot script allowed.
let shellPolicy = { mtimeMs: -1, headers: {} };
const headers = {
  shell: () => {
    let build;
    try {
      const { mtimeMs } = fs.statSync(artifacts.shell);
      if (mtimeMs === shellPolicy.mtimeMs) return shellPolicy.headers;
      build = { mtimeMs, hashes: inlineHashesOfFile(artifacts.shell) };
    } catch {
      // index.html is being rewritten: the last policy stands until it is back.
      return shellPolicy.headers;
    }
    // Outside the catch: a policy that cannot be built must never turn into answers without one.
    shellPolicy = { mtimeMs: build.mtimeMs, headers: shellHeaders({ runtimeConfig, hashes: build.hashes }) };
    return shellPolicy.headers;
  },
  remote: remoteHeaders(),
};
// Built once now, from the file checked above, so the first page already carries it.
headers.shell();

try {
  servers.push(await startStaticServer({ name: 'employee-mfe', root: path.join(repoRoot, 'employee-mfe', 'dist'), port: ports.employee, host, cors: true, headers: headers.remote }));
  servers.push(await startStaticServer({ name: 'admin-mfe', root: path.join(repoRoot, 'admin-mfe', 'dist'), port: ports.admin, host, cors: true, headers: headers.remote }));
  if (!(await waitForGateway())) {
    console.error(`embark: the gateway did not become ready on port ${ports.gateway} within ${readyTimeoutMs / 1000}s.`);
    await shutdown(1);
  }
  servers.push(await startStaticServer({
    name: 'shell', root: path.join(repoRoot, 'shell', 'dist'), port: ports.shell, host,
    spa: true, runtimeConfig, proxyTarget: `http://127.0.0.1:${ports.gateway}`, headers: headers.shell,
  }));
} catch (err) {
  console.error(`embark: could not start a server: ${err instanceof Error ? err.message : String(err)}`);
  await shutdown(1);
}

console.info(`
  Embark is running
    app           http://${publicHost}:${ports.shell}
    employee-mfe  ${runtimeConfig.remotes.employee_mfe}
    admin-mfe     ${runtimeConfig.remotes.admin_mfe}
    gateway       http://${publicHost}:${ports.gateway}  (/graphql, /api, /healthz, /readyz)
${mail ? `    mail inbox    ${mail.inboxUrl}  (MailDev: SMTP_URL is not set)\n` : ''}${nodeEnv === 'production'
    ? '  First administrator: npm run admin:create -- --email you@example.com --name "Your Name"'
    : '  Demo accounts: admin@example.com / Admin12345, employee@example.com / Employee12345'}
  Press Ctrl-C to stop.
`);
