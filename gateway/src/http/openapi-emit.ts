import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { gatewayPackageDir } from '../config/repo-root';
// Loads every routes module; each registers its paths in the OpenAPI registry.
import './api';
import { gatewayVersion } from './api-docs';
import { buildOpenApiDocument } from './openapi';

/** The committed REST contract at the repository root, next to schema.graphql. */
export const OPENAPI_FILE = path.resolve(gatewayPackageDir(), '..', 'openapi.json');

/** The document exactly as the gateway serves it at /api/openapi.json, as the file holds it. */
export function printOpenApiDocument(): string {
  return `${JSON.stringify(buildOpenApiDocument(gatewayVersion()), null, 2)}\n`;
}

function main(): void {
  const printed = printOpenApiDocument();
  const previous = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : null;
  if (previous === printed) {
    console.info(`openapi.json is up to date (${OPENAPI_FILE})`);
    return;
  }
  fs.writeFileSync(OPENAPI_FILE, printed);
  console.info(`wrote ${OPENAPI_FILE}`);
}

if (require.main === module) main();
