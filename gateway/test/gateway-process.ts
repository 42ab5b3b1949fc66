import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import os from 'node:os';
import { gatewayPackageDir } from '../src/config/repo-root';

/*
 * The gateway's own entry points run as real processes from source (through
 * @swc-node/register, like `npm run dev`), with exactly the environment given:
 * nothing of the test runner's (not even its NODE_ENV) leaks in.
 */

export interface Started {
  child: ChildProcessWithoutNullStreams;
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs `script` (a path under gateway/, e.g. src/index.ts) with `args` and only `env` (plus PATH and HOME). */
export function startSource(script: string, env: Record<string, string>, args: string[] = []): Started {
  let output = '';
  const child = spawn(process.execPath, ['-r', '@swc-node/register', script, ...args], {
    cwd: gatewayPackageDir(),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
  });
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, output: () => output, exit };
}

/** The gateway (src/index.ts) with `env`. */
export function startGateway(env: Record<string, string>): Started {
  return startSource('src/index.ts', env);
}

/** Polls `probe` every 50 ms until it returns non-null; the error carries `what()` (e.g. the process output). */
export async function waitFor<T>(probe: () => T | null, timeoutMs: number, what: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The port a started gateway listens on, from its "ready at" line. */
export function waitForPort(gateway: Started, timeoutMs = 25_000): Promise<string> {
  return waitFor(() => /ready at http:\/\/localhost:(\d+)/.exec(gateway.output())?.[1] ?? null, timeoutMs, gateway.output);
}
