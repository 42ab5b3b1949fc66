import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { gatewayPackageDir } from '../config/repo-root';
import { printSortedSchema } from './print';

/** The committed contract at the repository root; front ends generate types from it. */
export const SCHEMA_FILE = path.resolve(gatewayPackageDir(), '..', 'schema.graphql');

async function main(): Promise<void> {
  const printed = await printSortedSchema();
  const previous = fs.existsSync(SCHEMA_FILE) ? fs.readFileSync(SCHEMA_FILE, 'utf8') : null;
  if (previous === printed) {
    console.info(`schema.graphql is up to date (${SCHEMA_FILE})`);
    return;
  }
  fs.writeFileSync(SCHEMA_FILE, printed);
  console.info(`wrote ${SCHEMA_FILE}`);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
