// Runs an operator command of the gateway (gateway/src/cli/<file>.ts, built to dist/cli/<file>.js):
// in the repository it first builds the gateway (turbo: a cache hit when nothing changed); in the
// gateway's Docker image, which has the build and no turbo, it runs the built command directly.
// Arguments, terminal and exit code pass straight through.
import './load-dotenv.mjs';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { GATEWAY_NODE_ARGS } from './gateway-node.mjs';
import { repoRoot } from './paths.mjs';

export function runGatewayCommand(name, file) {
  const command = path.join(repoRoot, 'gateway', 'dist', 'cli', `${file}.js`);
  const turbo = path.join(repoRoot, 'node_modules', '.bin', 'turbo');

  if (fs.existsSync(turbo)) {
    const build = spawnSync(turbo, ['run', 'build', '--filter=@embark/gateway', '--output-logs=errors-only'], {
      cwd: repoRoot,
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
      encoding: 'utf8',
    });
    if (build.status !== 0) {
      process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}${name}: the gateway does not build; see the errors above.\n`);
      process.exit(1);
    }
  } else if (!fs.existsSync(command)) {
    console.error(`${name}: the gateway is not built: run \`npm run build\` first.`);
    process.exit(1);
  }

  const run = spawnSync(process.execPath, [...GATEWAY_NODE_ARGS, command, ...process.argv.slice(2)], { cwd: repoRoot, stdio: 'inherit' });
  process.exit(run.status ?? (run.signal === 'SIGINT' ? 130 : 1));
}
