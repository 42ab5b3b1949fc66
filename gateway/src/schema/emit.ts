import 'reflect-metadata';
import path from 'node:path';
import { gatewayPackageDir } from '../config/repo-root';
import { emitFile } from '../shared/emit-file';
import { printSortedSchema } from './print';

/** The committed contract at the repository root; front ends generate types from it. */
export const SCHEMA_FILE = path.resolve(gatewayPackageDir(), '..', 'schema.graphql');

async function main(): Promise<void> {
  emitFile(SCHEMA_FILE, await printSortedSchema());
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
