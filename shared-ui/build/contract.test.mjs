// Unit tests of the contract's build side (node --test): the names each shared part provides, its
// version, the additive rule, and what a remote records as its needs. Real builds run all of it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { collectNeeds, contractVersion, hashNames, providedContract, SHARED_UI_KEY, surfaceNames } from './contract.mjs';
import { SURFACES } from './webpack.mjs';

describe('provided names', () => {
  it('reads a surface as its list of re-exported names', () => {
    const source = "// comment { Fake }\nexport {\n  B,\n  A as Alias, // why\n} from 'x';\nexport { C } from 'y';\n";
    assert.deepEqual(surfaceNames(source), ['Alias', 'B', 'C']);
  });

  it('gives each part a version whose build metadata is the hash of what it provides', () => {
    const contract = providedContract();
    assert.deepEqual(Object.keys(contract).sort(), [SHARED_UI_KEY, ...SURFACES.map((s) => s.shareKey)].sort());
    const router = contract['react-router'];
    assert.ok(router.names.includes('Link'));
    assert.equal(router.version.split('+')[1], hashNames(router.names));
    // Values only: shared-ui's TypeScript types are erased and are never provided at run time.
    assert.ok(contract[SHARED_UI_KEY].names.includes('ApiError'));
    assert.ok(!contract[SHARED_UI_KEY].names.includes('RuntimeConfig'));
    const recorded = JSON.parse(readFileSync(new URL('./contract.json', import.meta.url), 'utf8')).surfaces;
    for (const [key, part] of Object.entries(contract)) assert.ok(part.version.startsWith(`${recorded[key].version}+`), key);
  });
});

describe('the additive rule', () => {
  const recorded = { version: '1.2.0', names: ['A', 'B'] };

  it('accepts added names (a new hash, the same semver)', () => {
    assert.equal(contractVersion('k', ['A', 'B', 'C'], recorded), `1.2.0+${hashNames(['A', 'B', 'C'])}`);
    assert.notEqual(hashNames(['A', 'B', 'C']), hashNames(['A', 'B']));
    assert.equal(hashNames(['B', 'A']), hashNames(['A', 'B']));
  });

  it('fails on a removed or renamed name, naming it and the way out', () => {
    assert.throws(() => contractVersion('react-router', ['A', 'Bee'], recorded), /react-router 1\.2\.0 provides B, which the build no longer has.*raise the major version/);
  });

  it('requires a recorded semver for every part', () => {
    assert.throws(() => contractVersion('k', ['A'], undefined), /needs an entry/);
    assert.throws(() => contractVersion('k', ['A'], { version: 'next', names: [] }), /needs an entry/);
  });
});

describe('a remote’s needs', () => {
  it('collects the named imports from shared-ui and from every request a surface stands for', () => {
    const needs = collectNeeds(
      [
        { request: '@embark/shared-ui', ids: ['Button'] },
        { request: '@apollo/client/react', ids: ['useQuery'] },
        { request: '@apollo/client', ids: ['ApolloClient', 'prototype'] },
        { request: 'react-router', ids: ['Link'] },
        { request: 'react', ids: ['useState'] },
        { request: '@embark/shared-ui', ids: [] },
        { request: './local', ids: ['x'] },
      ],
      new Map(),
    );
    assert.deepEqual(Object.fromEntries([...needs].map(([key, names]) => [key, [...names].sort()])), {
      '@embark/shared-ui': ['Button'],
      '@apollo/client': ['ApolloClient', 'useQuery'],
      'react-router': ['Link'],
    });
  });
});
