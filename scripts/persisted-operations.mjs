#!/usr/bin/env node
// Writes dist/persisted-operations.json for the front end in the current folder (its `build`
// script runs this after webpack): every GraphQL operation of src/**/*.graphql, printed with the
// fragments it uses and hashed. It records what this build sends to the API (docs/delivery.md).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { operationsInFolder } from './lib/graphql-operations.mjs';

const packageDir = process.cwd();

async function main() {
  const pkg = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8'));
  const operations = await operationsInFolder(packageDir);
  const out = path.join(packageDir, 'dist', 'persisted-operations.json');
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify({ package: pkg.name, version: pkg.version, operations }, null, 2)}\n`);
  console.info(`persisted-operations: ${path.relative(packageDir, out)} (${operations.length} operations)`);
}

main().catch((error) => {
  console.error(`persisted-operations: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
