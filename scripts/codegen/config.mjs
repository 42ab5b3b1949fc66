// graphql-codegen CLI configuration: the front ends' operation types, generated from the root
// schema.graphql (the contract; never from gateway code).
//
// From a package directory (its `codegen` script, `graphql-codegen --config ../scripts/codegen/config.mjs`)
// it generates that package; from the repository root (`npm run codegen:watch`, part of `npm run dev`)
// every front end, in one watcher.
// Reads   schema.graphql (the parent of the packages)
// Collects <package>/src/**/*.graphql
// Writes  <package>/src/__generated__/graphql.ts and documents/… (split-preset.mjs)
// Output is deterministic: files are sorted, paths are package-relative and POSIX, no timestamps.
import fs from 'node:fs';
import path from 'node:path';
import { removeStaleModules, splitPreset } from './split-preset.mjs';

const FRONT_ENDS = ['shell', 'employee-mfe', 'admin-mfe'];

const cwd = process.cwd();
const inPackage = fs.existsSync(path.join(cwd, 'src'));
const root = inPackage ? path.dirname(cwd) : cwd;
const packageDirs = inPackage ? [cwd] : FRONT_ENDS.map((name) => path.join(root, name)).filter((dir) => fs.existsSync(path.join(dir, 'src')));
const schema = path.join(root, 'schema.graphql');
if (!fs.existsSync(schema)) throw new Error(`codegen: cannot read the schema at ${schema}. Run \`npm run schema\` at the repository root.`);

/** Paths as the CLI takes them: relative to the working directory, POSIX. */
const fromCwd = (file) => path.relative(cwd, file).split(path.sep).join('/') || '.';
const outDirOf = (dir) => `${fromCwd(path.join(dir, 'src', '__generated__'))}/`;

/** @type {import('@graphql-codegen/cli').CodegenConfig} */
const config = {
  schema: fromCwd(schema),
  // A package without .graphql files still gets its (empty) graphql.ts.
  ignoreNoDocuments: true,
  generates: Object.fromEntries(
    packageDirs.map((dir) => [
      outDirOf(dir),
      {
        documents: [`${fromCwd(path.join(dir, 'src'))}/**/*.graphql`, `!${fromCwd(path.join(dir, 'src'))}/**/__generated__/**`],
        preset: splitPreset,
        // `extension` also keeps the watcher from reacting to its own output.
        presetConfig: { packageDir: dir, extension: '.ts' },
        plugins: ['typescript-operations', 'typed-document-node'],
        config: {
          useTypeImports: true,
          enumsAsTypes: true,
          avoidOptionals: false,
          // DateTimeISO (graphql-scalars) is an ISO 8601 string on the wire; JSONObject (audit details) any JSON object.
          scalars: { ID: 'string', DateTimeISO: 'string', JSONObject: '{ [key: string]: unknown }' },
          dedupeFragments: true,
        },
      },
    ]),
  ),
  hooks: {
    // Run with --errors-only: one line per file that changed is what a developer needs to see.
    afterOneFileWrite: (file) => console.info(`codegen: wrote ${fromCwd(path.resolve(file))}`),
    afterAllFileWrite: (...files) => removeStaleModules(files, packageDirs.map(outDirOf)),
  },
};

export default config;
