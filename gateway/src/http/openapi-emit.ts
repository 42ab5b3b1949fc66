import 'reflect-metadata';
import path from 'node:path';
import { gatewayPackageDir } from '../config/repo-root';
import { emitFile } from '../shared/emit-file';
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

if (require.main === module) emitFile(OPENAPI_FILE, printOpenApiDocument());
