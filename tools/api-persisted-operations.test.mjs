import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { collectOperations, isOperationDocument } from '../scripts/lib/graphql-operations.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scratch = [];
after(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const FRAGMENTS = {
  location: 'src/features/journal/api/fragments.graphql',
  source: 'fragment Entry on JournalEntry { id title ...Tags }\nfragment Tags on JournalEntry { tags }\nfragment Unused on JournalEntry { content }\n',
};
const QUERIES = {
  location: 'src/features/journal/api/journal.graphql',
  source: 'query Journal { journalEntries { data { ...Entry } } }\nmutation Delete($id: Int!) { deleteJournalEntry(id: $id) }\n',
};

describe('persisted operations', () => {
  it('prints each operation with the fragments it uses, from any file, and hashes it', () => {
    const operations = collectOperations([QUERIES, FRAGMENTS]);
    assert.deepEqual(operations.map(({ name, type, source }) => ({ name, type, source })), [
      { name: 'Delete', type: 'mutation', source: 'src/features/journal/api/journal.graphql' },
      { name: 'Journal', type: 'query', source: 'src/features/journal/api/journal.graphql' },
    ]);
    const journal = operations[1];
    assert.equal(journal.document, [
      'query Journal {\n  journalEntries {\n    data {\n      ...Entry\n    }\n  }\n}',
      'fragment Entry on JournalEntry {\n  id\n  title\n  ...Tags\n}',
      'fragment Tags on JournalEntry {\n  tags\n}',
    ].join('\n\n'));
    assert.match(journal.hash, /^sha256:[0-9a-f]{64}$/);
    assert.equal(collectOperations([FRAGMENTS, QUERIES])[1].hash, journal.hash);
  });

  it('refuses anonymous operations, duplicate names and unknown fragments', () => {
    assert.throws(() => collectOperations([{ location: 'src/a.graphql', source: '{ me { id } }' }]), /src\/a\.graphql: every operation needs a name/);
    assert.throws(() => collectOperations([QUERIES, FRAGMENTS, { location: 'src/b.graphql', source: 'query Journal { me { id } }' }]), /the operation name Journal is used twice/);
    assert.throws(() => collectOperations([QUERIES]), /unknown fragment Entry/);
  });

  it('reads documents under src/, never generated or built files', () => {
    assert.equal(isOperationDocument('src/features/a/api/a.graphql'), true);
    assert.equal(isOperationDocument('src/__generated__/documents/a.graphql'), false);
    assert.equal(isOperationDocument('dist/a.graphql'), false);
    assert.equal(isOperationDocument('src/features/a/api/a.ts'), false);
  });

  it('the build step writes dist/persisted-operations.json for the package it runs in', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'embark-persisted-'));
    scratch.push(dir);
    for (const file of [FRAGMENTS, QUERIES]) {
      mkdirSync(path.dirname(path.join(dir, file.location)), { recursive: true });
      writeFileSync(path.join(dir, file.location), file.source);
    }
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@embark/fixture-mfe', version: '1.2.3' }));
    const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'persisted-operations.mjs')], { cwd: dir, encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /dist\/persisted-operations\.json \(2 operations\)/);
    const written = JSON.parse(readFileSync(path.join(dir, 'dist', 'persisted-operations.json'), 'utf8'));
    assert.equal(written.package, '@embark/fixture-mfe');
    assert.equal(written.version, '1.2.3');
    assert.deepEqual(written.operations.map((operation) => operation.name), ['Delete', 'Journal']);
  });
});
