// Import-boundary rule for the workspace. Written locally because the rules are
// ours (docs/architecture.md#import-rules): a remote never imports the shell or
// the gateway, features never import each other, no package reaches into
// another with `../`, and a gateway module is entered only through its index.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Packages lint from their own folder, so the workspace root comes from this file, not the cwd.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PACKAGES = ['shell', 'employee-mfe', 'admin-mfe', 'gateway', 'shared-ui', 'e2e'];
// Which workspace packages each package may import by name.
const ALLOWED_WORKSPACE_DEPS = {
  shell: ['@embark/shared-ui'],
  'employee-mfe': ['@embark/shared-ui'],
  'admin-mfe': ['@embark/shared-ui'],
  // Itself by name: a subpath entry reaches the rest of shared-ui through its public entry points,
  // so Module Federation bundles each module once (docs/bundles.md).
  'shared-ui': ['@embark/shared-ui'],
  gateway: [],
  e2e: [],
};

function locate(root, file) {
  const rel = path.relative(root, file).split(path.sep);
  const pkg = PACKAGES.includes(rel[0]) ? rel[0] : null;
  const featureIdx = rel.indexOf('features');
  const feature = pkg && rel[1] === 'src' && featureIdx === 2 ? rel[3] : null;
  // gateway/src/modules/<module>/...: `entry` when the path is the module itself or its index.
  const inModules = pkg === 'gateway' && rel[1] === 'src' && rel[2] === 'modules' && rel.length > 3;
  const module = inModules ? rel[3] : null;
  const rest = inModules ? rel.slice(4).join('/') : '';
  const entry = inModules && (rest === '' || /^index(\.[cm]?[jt]s)?$/.test(rest));
  return { pkg, feature, module, entry };
}

export const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep package, feature and gateway module boundaries (docs/architecture.md#import-rules)' },
    schema: [],
    messages: {
      crossPackage: "'{{spec}}' reaches into another package ({{target}}); import it by its package name or move the code to shared-ui.",
      forbiddenPackage: "{{pkg}} must not import '{{spec}}' (allowed workspace imports: {{allowed}}).",
      crossFeature: "Feature '{{from}}' must not import feature '{{to}}'; move shared code to shared-ui or the app layer.",
      moduleInternals: "'{{spec}}' reaches inside the gateway module '{{to}}'; import its index ('../{{to}}') instead, and export what is needed there.",
    },
  },
  create(context) {
    const root = ROOT;
    const file = context.filename;
    const here = locate(root, file);
    if (!here.pkg) return {};

    function check(node, spec) {
      if (typeof spec !== 'string') return;
      if (spec.startsWith('@embark/')) {
        const name = spec.split('/').slice(0, 2).join('/');
        const allowed = ALLOWED_WORKSPACE_DEPS[here.pkg] ?? [];
        if (!allowed.includes(name)) {
          context.report({ node, messageId: 'forbiddenPackage', data: { pkg: here.pkg, spec, allowed: allowed.join(', ') || 'none' } });
        }
        return;
      }
      if (!spec.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(file), spec);
      const target = locate(root, resolved);
      // The whole-stack suites may drive the root serving tooling (scripts/), nothing else outside their package.
      const rootTooling = here.pkg === 'e2e' && path.relative(root, resolved).split(path.sep)[0] === 'scripts';
      if (target.pkg !== here.pkg && !rootTooling) {
        context.report({ node, messageId: 'crossPackage', data: { spec, target: target.pkg ?? 'outside the workspace' } });
        return;
      }
      if (here.feature && target.feature && target.feature !== here.feature) {
        context.report({ node, messageId: 'crossFeature', data: { from: here.feature, to: target.feature } });
      }
      // A module's files (its __tests__ included) use each other freely; everyone else goes through its index.
      if (target.module && target.module !== here.module && !target.entry) {
        context.report({ node, messageId: 'moduleInternals', data: { spec, to: target.module } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};


