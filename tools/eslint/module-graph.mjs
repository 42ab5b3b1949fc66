// The import graph between the gateway's modules (gateway/src/modules/<m>/), for
// the "no cycles between modules" rule of docs/architecture.md#import-rules.
// Type-only imports count too: a cycle of types is still two modules that
// cannot be understood, changed or tested one without the other.
import fs from 'node:fs';
import path from 'node:path';

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[\s;])import\s*['"]([^'"]+)['"]/g;
const SOURCE = /\.(?:[cm]?[jt]s|tsx)$/;

/** Relative specifiers a source file imports (static, dynamic, side-effect and re-exports). */
export function importsOf(text) {
  const specs = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (spec?.startsWith('.')) specs.push(spec);
  }
  return specs;
}

function sourceFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // Tests may reach across modules for fixtures; the graph is about the code that ships.
    if (entry.isDirectory()) {
      if (entry.name !== '__tests__' && entry.name !== 'node_modules') out.push(...sourceFiles(full));
    } else if (SOURCE.test(entry.name) && !/\.test\.[cm]?[jt]sx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** module → Map(other module → the first file and specifier that import it). */
export function moduleGraph(modulesDir) {
  const modules = fs.readdirSync(modulesDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  const graph = new Map(modules.map((m) => [m, new Map()]));
  for (const from of modules) {
    for (const file of sourceFiles(path.join(modulesDir, from))) {
      for (const spec of importsOf(fs.readFileSync(file, 'utf8'))) {
        const rel = path.relative(modulesDir, path.resolve(path.dirname(file), spec)).split(path.sep);
        const to = rel[0];
        if (rel[0] === '..' || to === from || !graph.has(to)) continue;
        if (!graph.get(from).has(to)) graph.get(from).set(to, `${path.relative(modulesDir, file)} imports '${spec}'`);
      }
    }
  }
  return graph;
}

/** Every cycle's modules (strongly connected components of more than one module, or a module importing itself), sorted. */
export function moduleCycles(graph) {
  // Tarjan's algorithm.
  let index = 0;
  const stack = [];
  const state = new Map();
  const cycles = [];
  const visit = (node) => {
    state.set(node, { index, low: index, onStack: true });
    index++;
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!state.has(next)) {
        visit(next);
        state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
      } else if (state.get(next).onStack) {
        state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
      }
    }
    if (state.get(node).low === state.get(node).index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        state.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.has(node)) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles.sort((a, b) => a.join().localeCompare(b.join()));
}
