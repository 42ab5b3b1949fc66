// The benchmarks drive the BUILT gateway and reuse a few of its pieces: its embedded
// PostgreSQL manager, its config parser (for the production argon2 parameters) and its pure
// checklist/dashboard rules (so the bare floor server answers exactly the same JSON).
// Dependencies are resolved from the gateway package, so hoisting does not matter.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { artifacts, repoRoot } from '../../scripts/lib/paths.mjs';

const gatewayDir = path.join(repoRoot, 'gateway');
const fromGateway = createRequire(path.join(gatewayDir, 'package.json'));

/**
 * The built gateway the benchmarks drive: gateway/dist, or BENCH_GATEWAY_DIST (a build of one
 * commit elsewhere, so a shared working tree's unfinished edits stay out of the measurement;
 * its dependencies must resolve from there, e.g. a `node_modules` link to gateway/node_modules).
 */
export const builtGateway = process.env.BENCH_GATEWAY_DIST ? path.resolve(process.env.BENCH_GATEWAY_DIST) : path.dirname(artifacts.gateway);

export function requireBuilt(relative) {
  if (!fs.existsSync(path.join(builtGateway, 'index.js'))) throw new Error(`the gateway is not built in ${builtGateway}: run \`npm run build\` (npm run bench builds first)`);
  return fromGateway(path.join(builtGateway, relative));
}

/** A dependency of the gateway (pg, @node-rs/argon2, jose…), as the gateway resolves it. */
export const gatewayDependency = (name) => fromGateway(name);
