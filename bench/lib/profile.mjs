// The heaviest frames of a V8 CPU profile (node --cpu-prof), by self time: what
// docs/performance.md lists before and after a change. Frames are merged by function, file and
// line, so one function reached by many call paths counts once.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../scripts/lib/paths.mjs';

/** A frame's place, short: the package for a dependency, the repository path for our code. */
function place({ url, lineNumber }) {
  if (!url) return '';
  const file = url.replace(/^file:\/\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(file);
  const shown = pkg ? `${pkg[1]}/${pkg[2]}` : file.startsWith(repoRoot) ? path.relative(repoRoot, file) : file;
  return `${shown}:${lineNumber + 1}`;
}

/**
 * @param {string} file a .cpuprofile
 * @returns {{ totalMs: number, busyMs: number, top: Array<{ frame: string, where: string, selfMs: number, busyShare: number }> }}
 *   busyShare: the frame's share of the time the process was not idle
 */
export function topSelfTime(file, n = 10) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const frames = new Map();
  let totalUs = 0;
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const { callFrame } = byNode.get(id);
    totalUs += us;
    if (callFrame.functionName === '(idle)') idleUs += us;
    const key = `${callFrame.functionName}\u0000${callFrame.url}\u0000${callFrame.lineNumber}`;
    const frame = frames.get(key) ?? { frame: callFrame.functionName || '(anonymous)', where: place(callFrame), us: 0 };
    frame.us += us;
    frames.set(key, frame);
  }
  const busyUs = totalUs - idleUs;
  const top = [...frames.values()]
    .filter((f) => f.frame !== '(idle)')
    .sort((a, b) => b.us - a.us)
    .slice(0, n)
    .map((f) => ({ frame: f.frame, where: f.where, selfMs: Math.round(f.us / 1000), busyShare: Math.round((1000 * f.us) / busyUs) / 10 }));
  return { totalMs: Math.round(totalUs / 1000), busyMs: Math.round(busyUs / 1000), top };
}

/** The newest .cpuprofile in `dir`, or null. */
export function newestProfile(dir) {
  if (!fs.existsSync(dir)) return null;
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).map((f) => path.join(dir, f));
  return files.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0] ?? null;
}

// Standalone: node bench/lib/profile.mjs <file.cpuprofile> [n]
if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  const { totalMs, busyMs, top } = topSelfTime(process.argv[2], Number(process.argv[3] || 10));
  console.info(`${process.argv[2]}: ${totalMs} ms sampled, ${busyMs} ms busy\n`);
  console.info('| # | self ms | % of busy | frame | where |\n|---:|---:|---:|---|---|');
  top.forEach((f, i) => console.info(`| ${i + 1} | ${f.selfMs} | ${f.busyShare} | \`${f.frame}\` | ${f.where} |`));
}
