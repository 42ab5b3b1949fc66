// A front end's GraphQL operations as self-contained documents: each operation printed with the
// fragments it uses (from any of the package's .graphql files). The build writes them to
// dist/persisted-operations.json, and the API gate reads the same list from a release's sources.
import crypto from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Kind, parse, print, visit } from 'graphql';

/** The package-relative folders a front end keeps its operation documents in. */
export const DOCUMENT_ROOT = 'src';
const SKIPPED = ['/__generated__/', '/node_modules/', '/dist/'];

/** Whether a package-relative path is one of the package's operation documents. */
export function isOperationDocument(relativePath) {
  const posix = `/${relativePath.split('\\').join('/')}`;
  return posix.startsWith(`/${DOCUMENT_ROOT}/`) && posix.endsWith('.graphql') && !SKIPPED.some((part) => posix.includes(part));
}

/** The operations of the front end in `packageDir` as its working tree has them (see collectOperations). */
export async function operationsInFolder(packageDir) {
  const entries = await readdir(path.join(packageDir, DOCUMENT_ROOT), { recursive: true, withFileTypes: true });
  const locations = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(packageDir, path.join(entry.parentPath ?? entry.path, entry.name)).split(path.sep).join('/'))
    .filter(isOperationDocument)
    .sort();
  const files = await Promise.all(locations.map(async (location) => ({ location, source: await readFile(path.join(packageDir, location), 'utf8') })));
  return collectOperations(files);
}

/**
 * @param {{ location: string, source: string }[]} files the package's .graphql documents
 * @returns {{ name: string, type: string, source: string, document: string, hash: string }[]} sorted by name
 */
export function collectOperations(files) {
  const fragments = new Map();
  const operations = [];
  for (const { location, source } of files) {
    let document;
    try {
      document = parse(source);
    } catch (error) {
      throw new Error(`${location}: ${error instanceof Error ? error.message : String(error)}`);
    }
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
      if (definition.kind === Kind.OPERATION_DEFINITION) {
        if (!definition.name) throw new Error(`${location}: every operation needs a name (persisted operations are listed by name)`);
        operations.push({ location, definition });
      }
    }
  }
  const result = operations.map(({ location, definition }) => {
    const used = fragmentsUsedBy(definition, fragments, location);
    const text = [definition, ...used].map((node) => print(node)).join('\n\n');
    return {
      name: definition.name.value,
      type: definition.operation,
      source: location,
      document: text,
      hash: `sha256:${crypto.createHash('sha256').update(text, 'utf8').digest('hex')}`,
    };
  });
  const names = new Set();
  for (const { name, source } of result) {
    if (names.has(name)) throw new Error(`${source}: the operation name ${name} is used twice`);
    names.add(name);
  }
  return result.sort((a, b) => a.name.localeCompare(b.name));
}

/** The fragment definitions an operation spreads, directly or through other fragments, by name. */
function fragmentsUsedBy(operation, fragments, location) {
  const found = new Map();
  const pending = [operation];
  while (pending.length) {
    visit(pending.pop(), {
      FragmentSpread(node) {
        const name = node.name.value;
        if (found.has(name)) return;
        const fragment = fragments.get(name);
        if (!fragment) throw new Error(`${location}: unknown fragment ${name}`);
        found.set(name, fragment);
        pending.push(fragment);
      },
    });
  }
  return [...found.keys()].sort().map((name) => found.get(name));
}
