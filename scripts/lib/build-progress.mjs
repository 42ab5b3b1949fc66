// Progress of a turbo run, one plain line per event (readable in a terminal and in a log file):
// which parts are building and how many of the run's steps are done.
//
// turbo has no per-task completion event, so the run's tasks come from `--dry-run=json`, and the
// run itself uses `--log-order=grouped`: turbo prints a task's output in one block when the task
// ends, so the first line of a block says that task is done. The output is kept and shown for a
// run that fails, as `--output-logs=errors-only` did.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './paths.mjs';

const turbo = path.join(repoRoot, 'node_modules', '.bin', 'turbo');
const HEARTBEAT_MS = 20_000;

/** `shell` for `@embark/shell#build`, `shell (codegen)` for another task. */
export function partName(taskId, mainTask) {
  const [pkg, task] = taskId.split('#');
  const name = pkg.replace(/^@embark\//, '');
  return task === mainTask ? name : `${name} (${task})`;
}

/**
 * Follows a grouped turbo run's output. `tasks`: the dry run's tasks (`taskId`, `task`, `package`,
 * `command`, `dependencies`). Call `line()` with each output line; it answers the progress lines to print.
 */
export function createProgress(tasks, mainTask) {
  const real = tasks.filter((t) => t.command !== '<NONEXISTENT>');
  const realIds = new Set(real.map((t) => t.taskId));
  const deps = new Map(real.map((t) => [t.taskId, (t.dependencies ?? []).filter((d) => realIds.has(d))]));
  // turbo prefixes each line of a task's output with `<package>:<task>: `.
  const prefixes = real.map((t) => ({ id: t.taskId, prefix: `${t.package}:${t.task}: ` }));
  const done = new Map();
  const output = new Map(real.map((t) => [t.taskId, []]));
  const other = [];
  const total = real.length;

  const running = () => real.filter((t) => !done.has(t.taskId) && deps.get(t.taskId).every((d) => done.has(d))).map((t) => partName(t.taskId, mainTask));
  const count = () => `[${done.size}/${total}]`;
  const building = () => {
    const now = running();
    return now.length ? `; building ${now.join(', ')}…` : '';
  };

  return {
    total,
    start: () => `embark: ${count()} building ${running().join(', ')}…`,
    heartbeat: (seconds) => `embark: ${count()} still building ${running().join(', ')} (${seconds} s)`,
    /** @returns {string | null} a progress line when this line ends a task */
    line(text) {
      const match = prefixes.find((p) => text.startsWith(p.prefix));
      if (!match) {
        other.push(text);
        return null;
      }
      output.get(match.id).push(text);
      if (done.has(match.id)) return null;
      const rest = text.slice(match.prefix.length);
      const cached = /^cache hit/.test(rest);
      done.set(match.id, cached);
      const name = partName(match.id, mainTask);
      return `embark: ${count()} ${name} ${cached ? 'up to date (cached)' : 'built'}${building()}`;
    },
    /** What to show when the run fails: the failed tasks' output, else everything. */
    failureOutput() {
      const failed = [...output.values()].filter((lines) => lines.some((l) => /\bERR(OR|!)\b|error TS\d+|ERROR in /.test(l)));
      return [...(failed.length ? failed : [...output.values()]).flat(), ...other].join('\n');
    },
    cachedCount: () => [...done.values()].filter(Boolean).length,
  };
}

/** The tasks `turbo run <task>` would run, from its dry run. */
export function plannedTasks(task, extraArgs = [], env = process.env) {
  const dry = spawnSync(turbo, ['run', task, '--dry-run=json', ...extraArgs], { cwd: repoRoot, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (dry.status !== 0) throw new Error(`turbo could not plan \`${task}\`:\n${dry.stdout}${dry.stderr}`);
  return JSON.parse(dry.stdout).tasks;
}

/**
 * Runs `turbo run <task>` printing progress lines with `print`. Resolves to the exit code.
 * @param {string} task
 * @param {{ env?: NodeJS.ProcessEnv, extraArgs?: string[], print?: (line: string) => void }} options
 */
export async function runWithProgress(task, { env = process.env, extraArgs = [], print = (l) => console.info(l) } = {}) {
  const progress = createProgress(plannedTasks(task, extraArgs, env), task);
  const started = Date.now();
  print(progress.start());
  const run = spawn(turbo, ['run', task, '--log-order=grouped', '--log-prefix=task', '--output-logs=full', '--ui=stream', ...extraArgs], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let pending = '';
  const onData = (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const said = progress.line(line.replace(/\r$/, ''));
      if (said) print(said);
    }
  };
  run.stdout.setEncoding('utf8').on('data', onData);
  run.stderr.setEncoding('utf8').on('data', onData);
  const heartbeat = setInterval(() => print(progress.heartbeat(Math.round((Date.now() - started) / 1000))), HEARTBEAT_MS);
  const code = await new Promise((resolve) => run.once('close', (status, signal) => resolve(status ?? (signal ? 1 : 0))));
  clearInterval(heartbeat);
  if (pending) progress.line(pending);
  if (code !== 0) {
    print(progress.failureOutput());
  } else {
    const seconds = Math.round((Date.now() - started) / 1000);
    print(`embark: [${progress.total}/${progress.total}] done in ${seconds} s (${progress.cachedCount()} cached)`);
  }
  return code;
}
