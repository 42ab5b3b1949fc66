// `npm run check:api` end to end, in scratch git repositories with releases tagged as
// `npm run release` tags them: the gate reads the baseline and the released operations from git.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const checkApi = path.join(root, 'scripts', 'check-api.mjs');
const scratch = [];
after(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const SDL = (taskFields) => `type Query { tasks: [Task!]! }\ntype Task {\n  id: Int!\n  title: String!\n${taskFields}\n}\n`;
const OPENAPI = (extraPaths = {}) => ({
  openapi: '3.1.0',
  info: { title: 'fixture', version: '1' },
  paths: {
    '/tasks': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } } } } } } } },
    ...extraPaths,
  },
});
const DELETE_ROUTE = (deprecated) => ({ '/tasks/{id}': { delete: { ...(deprecated ? { deprecated: true } : {}), responses: { 204: { description: 'gone' } } } } });
const TASKS_QUERY = (fields) => `query Tasks {\n  tasks {\n    id\n    ${fields}\n  }\n}\n`;

function repo() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'embark-api-gate-'));
  scratch.push(dir);
  const git = (...args) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'gate@example.com');
  git('config', 'user.name', 'Gate test');
  git('config', 'commit.gpgsign', 'false');
  const write = (files) => {
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
    }
  };
  const commit = (message, files, tags = []) => {
    write(files);
    git('add', '-A');
    git('commit', '-q', '--allow-empty', '-m', message);
    for (const tag of tags) git('tag', '-a', tag, '-m', tag);
  };
  const run = () => spawnSync(process.execPath, [checkApi], { cwd: dir, encoding: 'utf8' });
  return { dir, commit, write, run };
}

/** A repository whose gateway and employee-mfe were released with the given schema, API and operations. */
function released({ sdl, openapi, operations }) {
  const r = repo();
  r.commit('release', {
    'schema.graphql': sdl,
    'openapi.json': openapi,
    'employee-mfe/src/features/tasks/api/tasks.graphql': operations,
    'employee-mfe/src/__generated__/ignored.graphql': 'this is not GraphQL and must be skipped',
  }, ['release/gateway/1.0.0', 'release/employee-mfe/1.0.0']);
  return r;
}

describe('check:api', () => {
  it('passes when nothing changed since the release', () => {
    const r = released({ sdl: SDL('  due_date: String'), openapi: OPENAPI(DELETE_ROUTE(false)), operations: TASKS_QUERY('due_date') });
    r.commit('docs only', { 'README.md': 'hello\n' });
    const result = r.run();
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /comparing schema\.graphql and openapi\.json with release\/gateway\/1\.0\.0/);
    assert.match(result.stdout, /employee-mfe release\/employee-mfe\/1\.0\.0: 1 operations, 0 invalid/);
  });

  it('fails on a removed GraphQL field', () => {
    const r = released({ sdl: SDL('  due_date: String'), openapi: OPENAPI(), operations: TASKS_QUERY('title') });
    r.commit('drop due_date', { 'schema.graphql': SDL('') });
    const result = r.run();
    assert.equal(result.status, 1);
    assert.match(result.stderr, /✗ GraphQL: Field 'due_date' .*was removed from object type 'Task'/);
  });

  it('fails on a removed REST route', () => {
    const r = released({ sdl: SDL(''), openapi: OPENAPI(DELETE_ROUTE(false)), operations: TASKS_QUERY('title') });
    r.commit('drop the delete route', { 'openapi.json': OPENAPI() });
    const result = r.run();
    assert.equal(result.status, 1);
    assert.match(result.stderr, /✗ REST: DELETE \/tasks\/\{id\}: DELETE \/tasks\/\{id\} was removed/);
  });

  it('passes on removals deprecated in the previous release', () => {
    const r = released({ sdl: SDL('  due_date: String @deprecated(reason: "Use dueDate")\n  dueDate: String'), openapi: OPENAPI(DELETE_ROUTE(true)), operations: TASKS_QUERY('dueDate') });
    r.commit('retire due_date and the delete route', { 'schema.graphql': SDL('  dueDate: String'), 'openapi.json': OPENAPI() });
    const result = r.run();
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /GraphQL: 0 breaking, 1 dangerous/);
    assert.match(result.stdout, /~ DELETE \/tasks\/\{id\}: .*was removed \(deprecated in the baseline\)/);
    assert.match(result.stdout, /check:api: ok/);
  });

  it('fails when the deprecation has not shipped in a release yet', () => {
    const r = released({ sdl: SDL('  due_date: String\n  dueDate: String'), openapi: OPENAPI(DELETE_ROUTE(false)), operations: TASKS_QUERY('dueDate') });
    r.commit('deprecate', { 'schema.graphql': SDL('  due_date: String @deprecated(reason: "Use dueDate")\n  dueDate: String'), 'openapi.json': OPENAPI(DELETE_ROUTE(true)) });
    r.commit('remove in the same release', { 'schema.graphql': SDL('  dueDate: String'), 'openapi.json': OPENAPI() });
    const result = r.run();
    assert.equal(result.status, 1);
    assert.match(result.stderr, /✗ GraphQL: Field 'due_date'/);
    assert.match(result.stderr, /✗ REST: DELETE \/tasks\/\{id\}/);
  });

  it('fails when a previous release’s operation no longer validates, even after a deprecation', () => {
    // The deployed employee-mfe still asks for due_date; its sources have moved on since.
    const r = released({ sdl: SDL('  due_date: String @deprecated(reason: "Use dueDate")\n  dueDate: String'), openapi: OPENAPI(), operations: TASKS_QUERY('due_date') });
    r.commit('remote moves to dueDate; field removed', {
      'employee-mfe/src/features/tasks/api/tasks.graphql': TASKS_QUERY('dueDate'),
      'schema.graphql': SDL('  dueDate: String'),
    });
    const result = r.run();
    assert.equal(result.status, 1);
    assert.match(result.stdout, /GraphQL: 0 breaking, 1 dangerous/);
    assert.match(result.stderr, /✗ employee-mfe release\/employee-mfe\/1\.0\.0: operation Tasks \(src\/features\/tasks\/api\/tasks\.graphql\) no longer validates: Cannot query field "due_date" on type "Task"/);
  });

  it('lists, without failing, current operations that the gateway release lacks', () => {
    const r = released({ sdl: SDL('  due_date: String'), openapi: OPENAPI(), operations: TASKS_QUERY('due_date') });
    r.commit('a new field, and the remote asks for it', {
      'schema.graphql': SDL('  due_date: String\n  owner: String'),
      'employee-mfe/src/features/tasks/api/tasks.graphql': TASKS_QUERY('due_date\n    owner'),
    });
    const result = r.run();
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /employee-mfe \(working tree\) against release\/gateway\/1\.0\.0: 1 of 1 operations need a newer gateway; release it first/);
    assert.match(result.stdout, /~ Tasks \(src\/features\/tasks\/api\/tasks\.graphql\): Cannot query field "owner" on type "Task"/);
    assert.match(result.stdout, /check:api: ok/);

    r.commit('the gateway released', {}, ['release/gateway/1.1.0']);
    const after = r.run();
    assert.equal(after.status, 0, after.stderr);
    assert.match(after.stdout, /employee-mfe \(working tree\) against release\/gateway\/1\.1\.0: 1 operations, all valid/);
  });

  it('compares with HEAD~1 when nothing was released yet', () => {
    const r = repo();
    r.commit('first', { 'schema.graphql': SDL('  due_date: String'), 'openapi.json': OPENAPI() });
    r.commit('second', { 'schema.graphql': SDL('') });
    const result = r.run();
    assert.equal(result.status, 1);
    assert.match(result.stdout, /with HEAD~1 \(no release tag yet\)/);
    assert.match(result.stderr, /Field 'due_date'/);
    // HEAD~1 is no deployed gateway: the working tree's operations are not held to it.
    assert.doesNotMatch(result.stdout, /working tree/);
  });

  it('lets no deprecated field or route go while nothing was released yet', () => {
    const r = repo();
    r.commit('deprecate', { 'schema.graphql': SDL('  due_date: String @deprecated(reason: "Use dueDate")\n  dueDate: String'), 'openapi.json': OPENAPI(DELETE_ROUTE(true)) });
    r.commit('remove', { 'schema.graphql': SDL('  dueDate: String'), 'openapi.json': OPENAPI() });
    const result = r.run();
    assert.equal(result.status, 1);
    assert.match(result.stdout, /with HEAD~1 \(no release tag yet\)/);
    assert.match(result.stdout, /GraphQL: 1 breaking, 0 dangerous/);
    assert.match(result.stdout, /REST: 1 breaking, 0 retired/);
  });
});
