// A cold `npm start` says which part is building and how many are done (scripts/lib/build-progress.mjs).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createProgress, partName, runWithProgress } from '../scripts/lib/build-progress.mjs';

// The shape of `turbo run build --dry-run=json`'s tasks, trimmed to what the progress reads.
const TASKS = [
  { taskId: '@embark/shared-ui#build', package: '@embark/shared-ui', task: 'build', command: 'node build.mjs', dependencies: [] },
  { taskId: '@embark/shell#codegen', package: '@embark/shell', task: 'codegen', command: 'node codegen.mjs', dependencies: [] },
  { taskId: '@embark/shell#build', package: '@embark/shell', task: 'build', command: 'webpack', dependencies: ['@embark/shared-ui#build', '@embark/shell#codegen'] },
  { taskId: '@embark/e2e#build', package: '@embark/e2e', task: 'build', command: '<NONEXISTENT>', dependencies: [] },
];

describe('build progress', () => {
  it('names a part by its folder, and a side task beside it', () => {
    assert.equal(partName('@embark/shell#build', 'build'), 'shell');
    assert.equal(partName('@embark/shell#codegen', 'build'), 'shell (codegen)');
  });

  it('counts only tasks with a command, and says what builds once its dependencies are done', () => {
    const progress = createProgress(TASKS, 'build');
    assert.equal(progress.total, 3);
    assert.equal(progress.start(), 'embark: [0/3] building shared-ui, shell (codegen)…');
    assert.equal(progress.line('@embark/shell:codegen: cache hit, replaying logs 1234'), 'embark: [1/3] shell (codegen) up to date (cached); building shared-ui…');
    // Later lines of the same block are output, not progress.
    assert.equal(progress.line('@embark/shell:codegen: wrote 3 files'), null);
    assert.equal(progress.line('@embark/shared-ui:build: > node build.mjs'), 'embark: [2/3] shared-ui built; building shell…');
    assert.equal(progress.line('@embark/shell:build: compiled successfully'), 'embark: [3/3] shell built');
    assert.equal(progress.cachedCount(), 1);
  });

  it('shows only the failed part\'s output when a build fails', () => {
    const progress = createProgress(TASKS, 'build');
    progress.line('@embark/shared-ui:build: all good');
    progress.line('@embark/shell:build: ERROR in ./src/main.tsx');
    progress.line('@embark/shell:build: Module not found');
    progress.line(' ERROR  run failed: command exited (1)');
    assert.equal(progress.failureOutput(), '@embark/shell:build: ERROR in ./src/main.tsx\n@embark/shell:build: Module not found\n ERROR  run failed: command exited (1)');
  });

  it('reports a real turbo run part by part, then its replay from the cache', async () => {
    const run = async () => {
      const lines = [];
      const code = await runWithProgress('typecheck', { extraArgs: ['--filter=@embark/shared-ui'], print: (l) => lines.push(l) });
      return { code, lines };
    };
    const first = await run();
    assert.equal(first.code, 0, first.lines.join('\n'));
    assert.match(first.lines[0], /^embark: \[0\/1\] building shared-ui…$/);
    assert.match(first.lines.at(-2), /^embark: \[1\/1\] shared-ui (built|up to date \(cached\))$/);
    assert.match(first.lines.at(-1), /^embark: \[1\/1\] done in \d+ s \([01] cached\)$/);
    const second = await run();
    assert.equal(second.code, 0, second.lines.join('\n'));
    assert.deepEqual(second.lines.slice(1), ['embark: [1/1] shared-ui up to date (cached)', second.lines.at(-1)]);
    assert.match(second.lines.at(-1), /^embark: \[1\/1\] done in \d+ s \(1 cached\)$/);
  });
});
