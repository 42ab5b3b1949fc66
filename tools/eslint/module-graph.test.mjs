import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { importsOf, moduleCycles, moduleGraph } from './module-graph.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const graphOf = (edges) => new Map(Object.entries(edges).map(([from, tos]) => [from, new Map(tos.map((to) => [to, `${from} imports ${to}`]))]));

describe('module graph', () => {
  it('reads static, type-only, multi-line, re-exported, dynamic and side-effect imports', () => {
    const text = [
      "import { a } from '../users';",
      "import type { B } from '../roles/roles.service';",
      'import {\n  c,\n  d,\n} from "./local";',
      "export * from '../audit';",
      "const m = await import('../journal');",
      "import '../side-effect';",
      "import express from 'express';",
    ].join('\n');
    assert.deepEqual(importsOf(text), ['../users', '../roles/roles.service', './local', '../audit', '../journal', '../side-effect']);
  });

  it('finds a cycle between modules, however long, and not a one-way chain', () => {
    assert.deepEqual(moduleCycles(graphOf({ a: ['b'], b: ['c'], c: [] })), []);
    assert.deepEqual(moduleCycles(graphOf({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] })), [['a', 'b', 'c']]);
    assert.deepEqual(moduleCycles(graphOf({ checklist: ['documents', 'users'], documents: ['checklist'], users: ['checklist'] })), [['checklist', 'documents', 'users']]);
  });

  it('has no cycles between the gateway modules', () => {
    const graph = moduleGraph(path.join(root, 'gateway', 'src', 'modules'));
    assert.ok(graph.size >= 5, 'the modules folder was found');
    const cycles = moduleCycles(graph).map((cycle) => {
      const edges = cycle.flatMap((from) => cycle.filter((to) => graph.get(from).has(to)).map((to) => `    ${graph.get(from).get(to)}`));
      return `${cycle.join(' ↔ ')}\n${edges.join('\n')}`;
    });
    assert.deepEqual(cycles, [], `modules import each other in a cycle (docs/architecture.md#import-rules):\n${cycles.join('\n')}`);
  });
});
