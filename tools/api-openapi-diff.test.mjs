import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { diffOpenApi } from '../scripts/lib/openapi-diff.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A document with one POST /tasks taking `body` and answering 201 with `result` (a Task reference). */
function doc({ body, task, parameters = [], extra = {} }) {
  return {
    openapi: '3.1.0',
    info: { title: 'fixture', version: '1' },
    components: { schemas: { Task: task } },
    paths: {
      '/users/{id}/tasks': {
        post: {
          parameters,
          requestBody: { required: true, content: { 'application/json': { schema: body } } },
          responses: {
            201: { description: 'created', content: { 'application/json': { schema: { type: 'object', properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Task' } } }, required: ['data'] } } } },
            400: { description: 'bad', content: { 'application/json': { schema: { type: 'object' } } } },
          },
        },
      },
      ...extra,
    },
  };
}
const TASK = { type: 'object', properties: { id: { type: 'integer' }, title: { type: 'string' }, due_date: { type: ['string', 'null'] } }, required: ['id', 'title', 'due_date'] };
const BODY = { type: 'object', properties: { title: { type: 'string' }, priority: { type: 'string', enum: ['low', 'medium', 'high'] } }, required: ['title'] };
const kinds = (changes) => changes.map((change) => `${change.kind} ${change.where}${change.deprecated ? ' (deprecated)' : ''}`);

describe('openapi diff', () => {
  it('finds nothing between a document and itself (the real openapi.json)', () => {
    const current = JSON.parse(readFileSync(path.join(root, 'openapi.json'), 'utf8'));
    assert.deepEqual(diffOpenApi(current, structuredClone(current)), []);
  });

  it('reports a removed route, and says when it was deprecated', () => {
    const extra = (deprecated) => ({ '/tasks/{taskId}': { delete: { deprecated, responses: { 204: { description: 'gone' } } } } });
    assert.deepEqual(kinds(diffOpenApi(doc({ body: BODY, task: TASK, extra: extra(false) }), doc({ body: BODY, task: TASK }))), ['route-removed ']);
    assert.deepEqual(kinds(diffOpenApi(doc({ body: BODY, task: TASK, extra: extra(true) }), doc({ body: BODY, task: TASK }))), ['route-removed  (deprecated)']);
  });

  it('matches routes whatever their parameters are called', () => {
    const renamed = doc({ body: BODY, task: TASK });
    renamed.paths['/users/{userId}/tasks'] = renamed.paths['/users/{id}/tasks'];
    delete renamed.paths['/users/{id}/tasks'];
    assert.deepEqual(diffOpenApi(doc({ body: BODY, task: TASK }), renamed), []);
  });

  it('reports a removed or now optional response property, through references and arrays', () => {
    const { due_date: _gone, ...properties } = TASK.properties;
    const changes = diffOpenApi(doc({ body: BODY, task: TASK }), doc({ body: BODY, task: { ...TASK, properties, required: ['id'] } }));
    assert.deepEqual(kinds(changes), ['response-property-optional response 201.data[].title', 'response-property-removed response 201.data[].due_date']);
    assert.equal(changes[1].message, 'response 201.data[]: property due_date was removed');
  });

  it('lets a property deprecated in the old document go', () => {
    const deprecated = { ...TASK, properties: { ...TASK.properties, due_date: { type: ['string', 'null'], deprecated: true } } };
    const { due_date: _gone, ...properties } = TASK.properties;
    const changes = diffOpenApi(doc({ body: BODY, task: deprecated }), doc({ body: BODY, task: { ...TASK, properties, required: ['id', 'title'] } }));
    assert.deepEqual(kinds(changes), ['response-property-removed response 201.data[].due_date (deprecated)']);
  });

  it('reports a new required request property and a new required parameter; optional ones are fine', () => {
    const stricter = { ...BODY, properties: { ...BODY.properties, owner: { type: 'string' }, note: { type: 'string' } }, required: ['title', 'owner'] };
    const parameters = [{ in: 'query', name: 'notify', required: true, schema: { type: 'boolean' } }, { in: 'query', name: 'dry', schema: { type: 'boolean' } }];
    assert.deepEqual(kinds(diffOpenApi(doc({ body: BODY, task: TASK }), doc({ body: stricter, task: TASK, parameters }))), [
      'required-parameter-added parameter query:notify',
      'required-property-added request body.owner',
    ]);
  });

  it('reports a narrowed request enum; a widened one is fine', () => {
    const narrowed = { ...BODY, properties: { ...BODY.properties, priority: { type: 'string', enum: ['low', 'high'] } } };
    const widened = { ...BODY, properties: { ...BODY.properties, priority: { type: 'string', enum: ['low', 'medium', 'high', 'urgent'] } } };
    const changes = diffOpenApi(doc({ body: BODY, task: TASK }), doc({ body: narrowed, task: TASK }));
    assert.deepEqual(kinds(changes), ['enum-narrowed request body.priority']);
    assert.equal(changes[0].message, 'request body.priority: no longer accepts medium');
    assert.deepEqual(diffOpenApi(doc({ body: BODY, task: TASK }), doc({ body: widened, task: TASK })), []);
  });

  it('reports a changed type in either direction, and allows the safe widening of each', () => {
    const idAsString = { ...TASK, properties: { ...TASK.properties, id: { type: 'string' } } };
    assert.deepEqual(kinds(diffOpenApi(doc({ body: BODY, task: TASK }), doc({ body: BODY, task: idAsString }))), ['type-changed response 201.data[].id']);
    // A response that stops sending null is fine; a request that stops accepting a type is not.
    const neverNull = { ...TASK, properties: { ...TASK.properties, due_date: { type: 'string' } } };
    assert.deepEqual(diffOpenApi(doc({ body: BODY, task: TASK }), doc({ body: BODY, task: neverNull })), []);
    const titleAsNumber = { ...BODY, properties: { ...BODY.properties, title: { type: 'number' } } };
    assert.deepEqual(kinds(diffOpenApi(doc({ body: BODY, task: TASK }), doc({ body: titleAsNumber, task: TASK }))), ['type-changed request body.title']);
  });

  it('ends on recursive schemas', () => {
    const tree = { type: 'object', properties: { id: { type: 'integer' }, children: { type: 'array', items: { $ref: '#/components/schemas/Task' } } } };
    assert.deepEqual(diffOpenApi(doc({ body: BODY, task: tree }), doc({ body: BODY, task: structuredClone(tree) })), []);
  });
});
