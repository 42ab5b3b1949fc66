// CPU time of processes, from /proc (Linux): what one server process and the PostgreSQL cluster
// spend per request, so a ratio can be split into its Node.js and database parts.
import fs from 'node:fs';
import path from 'node:path';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ; 100 on Linux). */
const TICKS_PER_S = 100;

function statFields(pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: split after its closing one.
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** User + system CPU of `pid` so far, in ms (0 when it is gone or /proc is not there). */
export function processCpuMs(pid) {
  const f = statFields(pid);
  // After the name: state(0) ppid(1) … utime(11) stime(12).
  return f ? ((Number(f[11]) + Number(f[12])) * 1000) / TICKS_PER_S : 0;
}

/**
 * CPU of a PostgreSQL cluster so far, in ms: its postmaster, its live backends, and the backends
 * that have exited (the postmaster reaps them, so theirs is in its cutime/cstime): a connection
 * closed between two readings is still counted.
 */
export function clusterCpuMs(clusterDir) {
  let postmaster;
  try {
    postmaster = Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return 0;
  }
  const own = statFields(postmaster);
  // utime(11) stime(12) cutime(13) cstime(14).
  let ms = own ? ((Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14])) * 1000) / TICKS_PER_S : 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const f = statFields(entry);
    if (f && Number(f[1]) === postmaster) ms += processCpuMs(entry);
  }
  return ms;
}
