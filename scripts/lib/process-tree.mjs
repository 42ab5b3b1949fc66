// The processes a launcher started, directly or not, so that stopping it can check none is left:
// the embedded PostgreSQL runs in a session of its own (so a Ctrl-C reaches the gateway first), and
// a gateway cut short by its supervisor leaves it running.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** `{ pid, ppid, command }` of every process, from `ps` (Linux and macOS). */
export function listProcesses() {
  const ps = spawnSync('ps', ['-A', '-o', 'pid=', '-o', 'ppid=', '-o', 'args='], { encoding: 'utf8' });
  if (ps.status !== 0) return [];
  return ps.stdout
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter(Boolean)
    .map(([, pid, ppid, command]) => ({ pid: Number(pid), ppid: Number(ppid), command }));
}

/** Start time of a process (Linux: clock ticks since boot), so a reused pid is not taken for it; null elsewhere. */
function startTime(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Every descendant of `rootPid`, deepest last, each with what identifies it later. */
export function descendants(rootPid) {
  const all = listProcesses();
  const found = [];
  const parents = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const proc of all) {
      if (parents.has(proc.ppid) && !parents.has(proc.pid)) {
        parents.add(proc.pid);
        found.push({ ...proc, start: startTime(proc.pid) });
        grew = true;
      }
    }
  }
  return found;
}

/** Those of `procs` still running (the same process, not a reused pid). */
export function stillRunning(procs) {
  return procs.filter((proc) => {
    try {
      process.kill(proc.pid, 0);
    } catch (error) {
      if (error?.code !== 'EPERM') return false;
    }
    const start = startTime(proc.pid);
    return proc.start === null || start === null || start === proc.start;
  });
}

/**
 * SIGTERM to each of `procs` still running but a PostgreSQL server's workers (the server stops them
 * itself; signalled one by one, it would take their exit for a crash), SIGKILL to what is left after
 * `graceMs`. Resolves to the processes that were still running.
 */
export async function stopLeftovers(procs, graceMs = 10_000) {
  const left = stillRunning(procs);
  const postmasters = new Set(left.filter((proc) => /\/postgres\s/.test(proc.command)).map((proc) => proc.pid));
  for (const proc of left.filter((p) => !postmasters.has(p.ppid))) {
    try {
      process.kill(proc.pid, 'SIGTERM');
    } catch {
      // gone meanwhile
    }
  }
  const deadline = Date.now() + graceMs;
  while (stillRunning(left).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  for (const proc of stillRunning(left)) {
    try {
      process.kill(proc.pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  return left;
}
