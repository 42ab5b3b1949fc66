// Unit tests of the build helpers (node --test): which shared-ui entry points are shared, and the
// check that fails a build bundling a shared-ui module twice. Every real build runs that check too.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SHARED_UI_SUBPATHS, sharedSingletons, sharedUiCopies } from './webpack.mjs';

const shared = { from: null, shared: true, label: 'consume shared module (default) @embark/shared-ui' };
const app = (label) => ({ from: null, shared: false, label });
const relative = (from) => ({ from, shared: false, label: from });

describe('shared-ui entry points', () => {
  it('shares every source subpath of the exports map, and nothing else', () => {
    assert.ok(SHARED_UI_SUBPATHS.includes('@embark/shared-ui/page-text/admin'));
    assert.ok(SHARED_UI_SUBPATHS.includes('@embark/shared-ui/components/DataTable'));
    assert.ok(SHARED_UI_SUBPATHS.includes('@embark/shared-ui/kit/documents'));
    assert.deepEqual(SHARED_UI_SUBPATHS.filter((request) => /styles|build|package\.json|\*/.test(request) || request === '@embark/shared-ui'), []);
  });

  it('makes each subpath a singleton with the same version range as the index', () => {
    const config = sharedSingletons({ name: 'app', dependencies: { react: '19.2.0', 'react-dom': '19.2.0', 'react-router': '7.9.0', '@apollo/client': '4.0.0', '@embark/shared-ui': '*' } });
    const index = config['@embark/shared-ui'];
    assert.deepEqual(index, { singleton: true, requiredVersion: '^0.1.0', strictVersion: false });
    for (const request of SHARED_UI_SUBPATHS) assert.deepEqual(config[request], index, request);
  });
});

describe('sharedUiCopies', () => {
  it('accepts modules that one shared entry bundles, and entries that import each other through the share', () => {
    const importers = new Map([
      ['src/index.ts', [shared]],
      ['src/kit/api-client.ts', [relative('src/index.ts')]],
      ['src/kit/documents.ts', [shared]],
      ['src/components/Modal.tsx', [shared]],
      ['src/components/ConfirmDialog.tsx', [shared]],
    ]);
    assert.deepEqual(sharedUiCopies(importers), []);
  });

  it('names a module that two shared entries bundle (a subpath importing the index by a relative path)', () => {
    const importers = new Map([
      ['src/index.ts', [shared]],
      ['src/kit/documents.ts', [shared]],
      ['src/kit/api-client.ts', [relative('src/index.ts'), relative('src/kit/documents.ts')]],
      ['src/kit/http-errors.ts', [relative('src/kit/api-client.ts')]],
    ]);
    assert.deepEqual(sharedUiCopies(importers), [
      'src/kit/api-client.ts is bundled into several shared modules (src/index.ts, src/kit/documents.ts): import it through its entry point, not by a relative path.',
      'src/kit/http-errors.ts is bundled into several shared modules (src/index.ts, src/kit/documents.ts): import it through its entry point, not by a relative path.',
    ]);
  });

  it('names an entry point that another entry also bundles', () => {
    const importers = new Map([
      ['src/components/Modal.tsx', [shared, relative('src/components/ConfirmDialog.tsx')]],
      ['src/components/ConfirmDialog.tsx', [shared]],
    ]);
    assert.deepEqual(sharedUiCopies(importers), [
      'src/components/Modal.tsx is bundled into several shared modules (src/components/ConfirmDialog.tsx, src/components/Modal.tsx): import it through its entry point, not by a relative path.',
    ]);
  });

  it('names a module an app bundles without going through the share', () => {
    const page = app('./src/features/documents/DocumentsPage.tsx');
    const importers = new Map([['src/kit/documents.ts', [shared, page, page]]]);
    assert.deepEqual(sharedUiCopies(importers), [
      'src/kit/documents.ts is bundled into ./src/features/documents/DocumentsPage.tsx: import it through @embark/shared-ui or one of its subpaths (shared-ui/package.json "exports").',
    ]);
  });

  it('follows import cycles without looping', () => {
    const importers = new Map([
      ['src/index.ts', [shared]],
      ['src/a.ts', [relative('src/index.ts'), relative('src/b.ts')]],
      ['src/b.ts', [relative('src/a.ts')]],
    ]);
    assert.deepEqual(sharedUiCopies(importers), []);
  });
});
