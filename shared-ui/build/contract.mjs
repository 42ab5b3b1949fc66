// The shell–remote contract (docs/federation.md, "Contract"): what the shell provides to the remotes
// (shared-ui's index and each surface, by name) and what each remote needs, with versions, all
// computed at build time. The shell checks a remote's needs before any of its code runs
// (shell/src/remotes/contract-plugin.ts); a remote writes them into its mf-manifest.json.
// Plain ESM, like webpack.mjs, so webpack-cli and node --test load it without a TS hook.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHARED_UI_SRC, SURFACES } from './webpack.mjs';

const buildDir = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** Each shared part's semver and the names that version promised (docs/federation.md, "Contract"). */
export const CONTRACT_FILE = path.join(buildDir, 'contract.json');

/** Share key of shared-ui's index in the contract, as in the federation share scope. */
export const SHARED_UI_KEY = '@embark/shared-ui';

/** The file name the federation plugin gives the manifest, and where the shell looks for it. */
export const MANIFEST_FILE = 'mf-manifest.json';

/** Names a surface file re-exports: it is a list of `export { a, b as c } from '…'` statements. */
export function surfaceNames(source) {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const names = [];
  for (const [, list] of code.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const item of list.split(',')) {
      const name = item.trim().split(/\s+as\s+/).pop()?.trim();
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return [...new Set(names)].sort();
}

/**
 * The value names shared-ui's index exports (types are erased, so a remote cannot need them). The
 * TypeScript checker follows the `export *` chains the same way the bundle does.
 */
export function sharedUiIndexNames() {
  const ts = require('typescript');
  const file = path.join(SHARED_UI_SRC, 'index.ts');
  const program = ts.createProgram([file], {
    noLib: true,
    types: [],
    skipLibCheck: true,
    noEmit: true,
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  });
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(file));
  if (!moduleSymbol) throw new Error('contract: shared-ui/src/index.ts has no exports');
  return checker
    .getExportsOfModule(moduleSymbol)
    .filter((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return (target.flags & ts.SymbolFlags.Value) !== 0;
    })
    .map((symbol) => symbol.name)
    .sort();
}

/** Short, stable hash of a list of names (order does not matter). */
export function hashNames(names) {
  return createHash('sha256').update([...names].sort().join('\n')).digest('hex').slice(0, 10);
}

/**
 * Checks the names a part provides now against its entry in contract.json and returns its contract
 * version, `<semver>+<hash of the names>`. The contract is additive: a name of the recorded version
 * that is gone is a breaking change, which only a new major version (with its own names) may make.
 * @param {string} key share key
 * @param {string[]} names what the part provides now
 * @param {{ version: string, names: string[] } | undefined} recorded its entry in contract.json
 */
export function contractVersion(key, names, recorded) {
  if (!recorded || !/^\d+\.\d+\.\d+$/.test(recorded.version)) {
    throw new Error(`contract: ${key} needs an entry { "version": "x.y.z", "names": [...] } in shared-ui/build/contract.json`);
  }
  const removed = recorded.names.filter((name) => !names.includes(name));
  if (removed.length > 0) {
    throw new Error(
      `contract: ${key} ${recorded.version} provides ${removed.join(', ')}, which the build no longer has. ` +
        'Removing or renaming a shared name breaks the deployed remotes: keep it, or raise the major version in ' +
        'shared-ui/build/contract.json and set its "names" to the new list (docs/federation.md, "Contract").',
    );
  }
  return `${recorded.version}+${hashNames(names)}`;
}

let provided = null;

/**
 * What the shell provides, per share key: contract version and names. Computed once per build
 * process (the TypeScript pass over shared-ui takes a few seconds).
 * @returns {Record<string, { version: string, names: string[] }>}
 */
export function providedContract() {
  if (provided) return provided;
  const recorded = JSON.parse(readFileSync(CONTRACT_FILE, 'utf8')).surfaces;
  const parts = [[SHARED_UI_KEY, sharedUiIndexNames()], ...SURFACES.map((surface) => [surface.shareKey, surfaceNames(readFileSync(surface.file, 'utf8'))])];
  provided = Object.fromEntries(parts.map(([key, names]) => [key, { version: contractVersion(key, names, recorded[key]), names }]));
  return provided;
}

/** Version of the federation runtime the shell provides to the remotes (their `externalRuntime`). */
export function federationRuntimeVersion() {
  // Its exports map hides package.json: walk up from the entry file to the package's root.
  let dir = path.dirname(require.resolve('@module-federation/runtime-core'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

/**
 * The build's identity: package version and commit. The commit is the git revision of the app's
 * folder, or EMBARK_COMMIT when there is no git (a build from a source archive), else "unknown".
 * @param {string} appDir
 */
export function buildIdentity(appDir, env = process.env) {
  const pkg = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  let commit = env.EMBARK_COMMIT || '';
  if (!commit) {
    try {
      commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: appDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      commit = 'unknown';
    }
  }
  return { name: pkg.name, version: pkg.version, commit };
}

/**
 * What the shell's own code learns at build time (DefinePlugin `__EMBARK_BUILD__`): its identity,
 * the runtime version and the version string of each part it provides. Names stay out of the
 * bundle: the shell reads the names it provides from the loaded modules themselves.
 * @param {string} appDir
 */
export function shellBuildInfo(appDir) {
  const versions = Object.fromEntries(Object.entries(providedContract()).map(([key, part]) => [key, part.version]));
  return { ...buildIdentity(appDir), runtime: federationRuntimeVersion(), provides: versions };
}

/**
 * The names a module imports from each contract part, read from webpack's dependencies: an import
 * of `@embark/shared-ui` or of a surfaced request (`react-router`, `@apollo/client/react`, …).
 * @param {Iterable<{ request?: string, ids?: string[] }>} dependencies
 * @param {Map<string, Set<string>>} needs share key → names, filled in
 */
export function collectNeeds(dependencies, needs) {
  const keyOf = new Map([[SHARED_UI_KEY, SHARED_UI_KEY], ...SURFACES.flatMap((surface) => surface.requests.map((request) => [request, surface.shareKey]))]);
  for (const dependency of dependencies) {
    const key = typeof dependency.request === 'string' ? keyOf.get(dependency.request) : undefined;
    const name = Array.isArray(dependency.ids) ? dependency.ids[0] : undefined;
    if (!key || name === undefined || name === 'default') continue;
    if (!needs.has(key)) needs.set(key, new Set());
    needs.get(key)?.add(name);
  }
  return needs;
}

/**
 * A remote's side of the contract: records which names of each shared part its code (and the
 * shared-ui modules bundled into it) imports, and writes them, with the versions it was built
 * against, its own version and commit, into the `embark` field of its mf-manifest.json.
 */
export class ContractManifestPlugin {
  /** @param {{ appDir: string, sourceDirs: string[] }} options */
  constructor({ appDir, sourceDirs }) {
    this.appDir = appDir;
    this.sourceDirs = sourceDirs;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ContractManifestPlugin', (compilation) => {
      /** @type {Map<string, Set<string>>} */
      const needs = new Map();
      compilation.hooks.finishModules.tap('ContractManifestPlugin', (modules) => {
        for (const module of modules) {
          const resource = module.resource;
          if (typeof resource !== 'string' || !this.sourceDirs.some((dir) => resource.startsWith(dir + path.sep))) continue;
          collectNeeds(module.dependencies, needs);
        }
      });
      compilation.hooks.processAssets.tap({ name: 'ContractManifestPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const asset = compilation.getAsset(MANIFEST_FILE);
        if (!asset) {
          compilation.errors.push(new compiler.webpack.WebpackError(`ContractManifestPlugin: no ${MANIFEST_FILE} (set the federation plugin's "manifest" option)`));
          return;
        }
        const manifest = JSON.parse(asset.source.source().toString());
        const contract = providedContract();
        const needed = Object.fromEntries(
          [...needs].sort(([a], [b]) => a.localeCompare(b)).map(([key, names]) => [key, { version: contract[key].version, names: [...names].sort() }]),
        );
        manifest.embark = { ...buildIdentity(this.appDir), contract: { runtime: federationRuntimeVersion(), needs: needed } };
        compilation.updateAsset(MANIFEST_FILE, new compiler.webpack.sources.RawSource(JSON.stringify(manifest, null, 2)));
      });
    });
  }
}
