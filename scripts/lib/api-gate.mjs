// The API gate (docs/delivery.md#what-the-gates-check): the candidate's schema.graphql and
// openapi.json against the previous release's, and the GraphQL operations of the front ends'
// previous releases against the candidate schema, so whatever is deployed keeps working.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { CriticalityLevel, diff, DiffRule } from '@graphql-inspector/core';
import { diffOpenApi } from './openapi-diff.mjs';
import { collectOperations, isOperationDocument, operationsInFolder } from './graphql-operations.mjs';
import { fileAt, filesAt, previousRelease } from './git-refs.mjs';

/** The package whose releases carry the API (its schema files sit at the repository root). */
export const API_PACKAGE = 'gateway';
/** The front ends whose released operations must keep validating. */
export const FRONT_ENDS = ['shell', 'employee-mfe', 'admin-mfe'];

/**
 * GraphQL breaking changes. A removal passes when the old schema marked the field, enum value or
 * input field `@deprecated` and the old schema is a release (`released`), so the deprecation has
 * shipped; against the HEAD~1 stand-in no removal passes, since no deployed client was ever warned.
 * @returns {Promise<{ breaking: { path: string, message: string }[], dangerous: { path: string, message: string }[] }>}
 */
export async function diffGraphql(oldSdl, newSdl, { released = true } = {}) {
  const changes = await diff(buildSchema(oldSdl), buildSchema(newSdl), released ? [DiffRule.suppressRemovalOfDeprecatedField] : []);
  const pick = (level) => changes.filter((change) => change.criticality.level === level).map((change) => ({ path: change.path ?? '', message: change.message }));
  return { breaking: pick(CriticalityLevel.Breaking), dangerous: pick(CriticalityLevel.Dangerous) };
}

/** REST breaking changes, less those the previous release (a real one: `released`) already marked deprecated. */
export function diffRest(oldDoc, newDoc, { released = true } = {}) {
  const changes = diffOpenApi(oldDoc, newDoc);
  const retired = (change) => released && change.deprecated;
  return { breaking: changes.filter((change) => !retired(change)), retired: changes.filter(retired) };
}

/** Validation errors of operations against a schema: `[{ name, source, errors }]`, empty when all pass. */
export function invalidOperations(schema, operations) {
  const failures = [];
  for (const operation of operations) {
    const errors = validate(schema, parse(operation.document));
    if (errors.length) failures.push({ name: operation.name, source: operation.source, errors: errors.map((error) => error.message) });
  }
  return failures;
}

/** A front end's operations as its release `ref` had them, read from git. */
export function operationsAt(root, ref, pkg) {
  const files = filesAt(root, ref, `${pkg}/src`)
    .map((file) => path.posix.relative(pkg, file))
    .filter(isOperationDocument)
    .map((location) => ({ location, source: fileAt(root, ref, `${pkg}/${location}`) ?? '' }));
  return collectOperations(files);
}

/**
 * The schema a gateway release serves, its schema.graphql read from git: what the front ends'
 * current operations are held to. null when `api` is no release (the HEAD~1 stand-in says nothing
 * about what is deployed) or had no schema.graphql.
 * @param {{ ref: string, label: string, released: boolean } | null} api
 */
export function servedSchema(root, api) {
  const sdl = api?.released ? fileAt(root, api.ref, 'schema.graphql') : null;
  return api && sdl ? { release: api.label, schema: buildSchema(sdl) } : null;
}

/**
 * What a front end's working tree asks that a gateway release lacks: its operations validated
 * against the schema that release serves (servedSchema). The gateway ships first
 * (docs/delivery.md), so a front end with failures here waits for a newer gateway release.
 * @param {{ release: string, schema: import('graphql').GraphQLSchema }} served
 */
export async function aheadOfApi(root, pkg, served) {
  const operations = await operationsInFolder(path.join(root, pkg)).catch((error) => {
    if (error?.code === 'ENOENT') return [];
    throw error;
  });
  return { package: pkg, release: served.release, count: operations.length, failures: invalidOperations(served.schema, operations) };
}

/**
 * Runs the whole gate for the repository at `root`: the working tree is the candidate.
 * @param {{ root: string, base?: string, frontEnds?: string[] }} options `base` overrides the API baseline
 */
export async function checkApi({ root, base, frontEnds = FRONT_ENDS }) {
  const report = { baseline: null, graphql: null, rest: null, operations: [], ahead: [], problems: [] };
  // An explicit base is taken as a release: the caller says what is deployed.
  const baseline = base ? { ref: base, label: base, released: true } : previousRelease(root, API_PACKAGE);
  report.baseline = baseline?.label ?? null;
  const newSdl = await readFile(path.join(root, 'schema.graphql'), 'utf8');
  const newSchema = buildSchema(newSdl);

  const oldSdl = baseline ? fileAt(root, baseline.ref, 'schema.graphql') : null;
  if (baseline && oldSdl) {
    report.graphql = await diffGraphql(oldSdl, newSdl, { released: baseline.released });
    for (const change of report.graphql.breaking) report.problems.push(`GraphQL: ${change.message}`);
  }
  if (baseline) {
    const oldOpenApi = fileAt(root, baseline.ref, 'openapi.json');
    if (oldOpenApi) {
      const newOpenApi = JSON.parse(await readFile(path.join(root, 'openapi.json'), 'utf8'));
      report.rest = diffRest(JSON.parse(oldOpenApi), newOpenApi, { released: baseline.released });
      for (const change of report.rest.breaking) report.problems.push(`REST: ${change.route}: ${change.message}`);
    }
  }

  // The other direction, reported but not failed: a front end may wait for the next gateway release.
  const served = servedSchema(root, baseline);
  if (served) for (const pkg of frontEnds) report.ahead.push(await aheadOfApi(root, pkg, served));

  for (const pkg of frontEnds) {
    const release = previousRelease(root, pkg);
    if (!release) continue;
    const operations = operationsAt(root, release.ref, pkg);
    const failures = invalidOperations(newSchema, operations);
    report.operations.push({ package: pkg, release: release.label, count: operations.length, failures });
    for (const failure of failures) {
      report.problems.push(`${pkg} ${release.label}: operation ${failure.name} (${failure.source}) no longer validates: ${failure.errors.join('; ')}`);
    }
  }
  return report;
}
