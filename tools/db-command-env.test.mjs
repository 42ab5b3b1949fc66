// What NODE_ENV the db:* launcher gives the gateway's command: a database named by DATABASE_URL is
// never reset or seeded with the demo accounts unless NODE_ENV says it is not production.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dbCommandNodeEnv } from '../scripts/lib/db-command-env.mjs';

const PRODUCTION_URL = 'postgres://embark:secret@db.internal:5432/embark';

test('unset, with DATABASE_URL: reset and seed see it unset (the gateway refuses them as production)', () => {
  for (const sub of ['reset', 'seed']) assert.equal(dbCommandNodeEnv(sub, { DATABASE_URL: PRODUCTION_URL }), undefined);
});

test('unset, with DATABASE_URL: the other commands run as development', () => {
  for (const sub of ['migrate', 'rollback', 'status']) assert.equal(dbCommandNodeEnv(sub, { DATABASE_URL: PRODUCTION_URL }), 'development');
});

test('unset, without DATABASE_URL (the embedded development database): every command runs as development', () => {
  for (const sub of ['migrate', 'rollback', 'status', 'seed', 'reset']) assert.equal(dbCommandNodeEnv(sub, {}), 'development');
});

test('a NODE_ENV that is set is kept', () => {
  assert.equal(dbCommandNodeEnv('reset', { NODE_ENV: 'development', DATABASE_URL: PRODUCTION_URL }), 'development');
  assert.equal(dbCommandNodeEnv('reset', { NODE_ENV: 'production' }), 'production');
});
