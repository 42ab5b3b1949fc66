#!/usr/bin/env node
// `npm run check:api [-- --base <ref>]`: fails on a breaking API change that was not deprecated in
// the previous release, and on a previous front-end release whose operations no longer validate.
// It also lists the front ends' current operations that the gateway's release lacks (not a failure:
// such a front end waits for the next gateway release, and `npm run release` holds it until then).
// The rules: docs/delivery.md#contract-rules.
import { parseArgs } from 'node:util';
import { checkApi } from './lib/api-gate.mjs';
import { repositoryRoot } from './lib/git-refs.mjs';

const { values } = parseArgs({ options: { base: { type: 'string' } } });

async function main() {
  const root = repositoryRoot(process.cwd());
  const report = await checkApi({ root, base: values.base });
  if (!report.baseline) {
    console.info('check:api: no previous commit or release to compare with; nothing to check');
    return;
  }
  console.info(`check:api: comparing schema.graphql and openapi.json with ${report.baseline}`);
  if (report.graphql) {
    console.info(`  GraphQL: ${report.graphql.breaking.length} breaking, ${report.graphql.dangerous.length} dangerous (allowed)`);
    for (const change of report.graphql.dangerous) console.info(`    ~ ${change.message}`);
  } else console.info('  GraphQL: the baseline has no schema.graphql');
  if (report.rest) {
    console.info(`  REST: ${report.rest.breaking.length} breaking, ${report.rest.retired.length} retired after a deprecation`);
    for (const change of report.rest.retired) console.info(`    ~ ${change.route}: ${change.message} (deprecated in the baseline)`);
  } else console.info('  REST: the baseline has no openapi.json');
  for (const entry of report.operations) {
    console.info(`  ${entry.package} ${entry.release}: ${entry.count} operations, ${entry.failures.length} invalid`);
  }
  for (const entry of report.ahead) {
    if (!entry.failures.length) {
      console.info(`  ${entry.package} (working tree) against ${entry.release}: ${entry.count} operations, all valid`);
      continue;
    }
    console.info(`  ${entry.package} (working tree) against ${entry.release}: ${entry.failures.length} of ${entry.count} operations need a newer gateway; release it first`);
    for (const failure of entry.failures) console.info(`    ~ ${failure.name} (${failure.source}): ${failure.errors.join('; ')}`);
  }
  if (report.problems.length) {
    console.error('\ncheck:api: breaking changes (deprecate first, remove once the deprecation has shipped in a release; docs/delivery.md):');
    for (const problem of report.problems) console.error(`  ✗ ${problem}`);
    process.exitCode = 1;
    return;
  }
  console.info('check:api: ok');
}

main().catch((error) => {
  console.error(`check:api: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
