// Build-time helpers shared by the shell and the remotes: ONE definition of the Module Federation
// singletons (docs/bundles.md) and of the loaders that compile TypeScript/TSX (including shared-ui's
// own source, which is consumed untranspiled) and CSS. Plain ESM so webpack-cli loads it without a TS hook.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ContractManifestPlugin } from './contract.mjs';
import { asksForGraphqlSandbox } from './graphql-sandbox.mjs';

const sharedUiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharedUiPackage = JSON.parse(readFileSync(path.join(sharedUiDir, 'package.json'), 'utf8'));

/** Source folder of @embark/shared-ui (the symlink target of node_modules/@embark/shared-ui). */
export const SHARED_UI_SRC = path.join(sharedUiDir, 'src');

/** Share strategy of every container: use what is already loaded; never fetch remotes to compare versions. */
export const SHARE_STRATEGY = 'loaded-first';

/**
 * `experiments.optimization` of every container: compile out federation runtime code this project
 * never runs (~3 KB gzip on every signed-in page). No snapshot plugin: the runtime registers remotes
 * by their remoteEntry.js URL; the shell reads a remote's mf-manifest.json itself (for the contract
 * check and the versions, shell/src/remotes/manifests.ts), and nothing preloads remote assets.
 * Target web: the containers only ever run in browsers (no Node entry loading).
 */
export const FEDERATION_OPTIMIZATION = { disableSnapshot: true, target: 'web' };

/**
 * A remote's `experiments.optimization`: as FEDERATION_OPTIMIZATION, and without the code that
 * loads other remotes (only the shell does; the remotes consume shared modules and expose ./App).
 */
export const REMOTE_FEDERATION_OPTIMIZATION = { ...FEDERATION_OPTIMIZATION, disableRemote: true };

/**
 * shared-ui's code entry points besides the index: the subpaths of its package.json `exports` that
 * name a source module (not the stylesheets, the build helpers or package.json), e.g.
 * `@embark/shared-ui/page-text/admin`. Each is a shared singleton of its own, so the page has one
 * copy of it whichever container loads it, and only pages that import it fetch it.
 */
export const SHARED_UI_SUBPATHS = Object.entries(sharedUiPackage.exports)
  .filter(([subpath, target]) => subpath !== '.' && !subpath.includes('*') && /^\.\/src\/.+\.tsx?$/.test(target))
  .map(([subpath]) => `${sharedUiPackage.name}${subpath.slice(1)}`);

/**
 * Shared singletons, keyed by import request. Deep entry points are listed explicitly so that the
 * host's copy is used for them too (react/jsx-runtime, react-dom/client, shared-ui's subpaths).
 * `package` names the dependency whose range becomes `requiredVersion`; a subpath carries its
 * package's version (webpack reads it from shared-ui's package.json), like the index.
 */
const SINGLETONS = [
  { request: 'react', package: 'react' },
  { request: 'react/jsx-runtime', package: 'react' },
  { request: 'react/jsx-dev-runtime', package: 'react' },
  { request: 'react-dom', package: 'react-dom' },
  { request: 'react-dom/client', package: 'react-dom' },
  { request: sharedUiPackage.name, package: sharedUiPackage.name },
  ...SHARED_UI_SUBPATHS.map((request) => ({ request, package: sharedUiPackage.name })),
];

const surfacesDir = path.join(sharedUiDir, 'build', 'surfaces');
const surfaceRequire = createRequire(path.join(surfacesDir, 'package.json'));

/**
 * Singletons shared through a narrow surface (docs/bundles.md). Module Federation cannot tree-shake
 * a shared module: it provides it with every export kept, because it cannot know what other
 * containers will use. Shared whole, react-router, Apollo Client and graphql cost 161 KB gzip on
 * every signed-in page, most of it code no screen runs (data routers, server rendering, `gql` and
 * the GraphQL parser, hooks we never call); behind surfaces, 68 KB. The singleton is a file in
 * ./surfaces that re-exports what our code uses; the package behind it is an ordinary, tree-shaken
 * dependency of that file, bundled once (in the shell, which provides it).
 * Our sources' imports of the listed requests resolve to the surface (a rule-level alias, so the
 * packages' own imports of each other are untouched), and the surface file is the shared module,
 * under the package's share key and version. graphql needs no entry: nothing of ours imports it at
 * run time (documents are generated ASTs), so only Apollo's use of it is bundled, once, behind the
 * Apollo surface. SurfaceExportsCheckPlugin fails a build that imports a name a surface lacks.
 */
export const SURFACES = [
  {
    file: path.join(surfacesDir, 'react-router.mjs'),
    shareKey: 'react-router',
    package: 'react-router',
    requests: ['react-router'],
  },
  {
    file: path.join(surfacesDir, 'apollo-client.mjs'),
    shareKey: '@apollo/client',
    package: '@apollo/client',
    requests: ['@apollo/client', '@apollo/client/react', '@apollo/client/link/error'],
  },
];

/** The `requiredVersion` of a dependency of the app: exact pins accept patches, workspaces use shared-ui's version. */
function requiredRange(appPackage, pkg) {
  let range = (appPackage.dependencies ?? {})[pkg];
  if (pkg === '@embark/shared-ui' && (range === undefined || range === '*' || range.startsWith('workspace:'))) {
    range = `^${sharedUiPackage.version}`;
  }
  if (range !== undefined && /^\d+\.\d+\.\d+$/.test(range)) range = `^${range}`;
  if (range === undefined) throw new Error(`sharedSingletons: ${pkg} must be a dependency of ${appPackage.name ?? 'the app'}`);
  return range;
}

/**
 * The `shared` option of ModuleFederationPlugin for an app, with `requiredVersion` taken from the
 * app's own package.json (workspace `*` ranges become `^<shared-ui version>`).
 * @param {{ name?: string, dependencies?: Record<string, string> }} appPackage the app's package.json
 * @returns {Record<string, { singleton: true, requiredVersion: string, strictVersion: boolean, shareKey?: string, version?: string }>}
 */
export function sharedSingletons(appPackage) {
  /** @type {Record<string, { singleton: true, requiredVersion: string, strictVersion: boolean, shareKey?: string, version?: string }>} */
  const shared = {};
  // strictVersion false: a mismatch logs a warning and still uses the singleton, rather than
  // throwing inside a remote; the versions are kept in step by the workspace.
  for (const { request, package: pkg } of SINGLETONS) {
    shared[request] = { singleton: true, requiredVersion: requiredRange(appPackage, pkg), strictVersion: false };
  }
  // Keyed by absolute path: the plugin matches it against the resolved file, i.e. after the alias.
  // The version is the package's as installed behind the surface (a file has none of its own).
  for (const surface of SURFACES) {
    shared[surface.file] = {
      singleton: true,
      shareKey: surface.shareKey,
      version: surfaceRequire(`${surface.package}/package.json`).version,
      requiredVersion: requiredRange(appPackage, surface.package),
      strictVersion: false,
    };
  }
  return shared;
}

/** Exact-match aliases sending our sources' imports of surfaced packages to the surface files. */
function surfaceAliases() {
  return Object.fromEntries(SURFACES.flatMap((surface) => surface.requests.map((request) => [`${request}$`, surface.file])));
}

/**
 * Fails the build when our code imports, from a surfaced package, a name its surface does not
 * export. Webpack cannot tell by itself: a consumed shared module has unknown exports, and the
 * import would only turn out `undefined` at run time.
 */
class SurfaceExportsCheckPlugin {
  /** @param {string[]} sourceDirs */
  constructor(sourceDirs) {
    this.sourceDirs = sourceDirs;
  }

  apply(compiler) {
    const requestToSurface = new Map(SURFACES.flatMap((surface) => surface.requests.map((request) => [request, surface])));
    compiler.hooks.thisCompilation.tap('SurfaceExportsCheckPlugin', (compilation) => {
      // After FlagDependencyExportsPlugin (default stage), so the surfaces' exports are known.
      compilation.hooks.finishModules.tap({ name: 'SurfaceExportsCheckPlugin', stage: 1000 }, (modules) => {
        /** @type {Map<string, Set<string>>} */
        const exported = new Map();
        for (const module of modules) {
          const surface = SURFACES.find((s) => s.file === module.resource);
          const provided = surface && compilation.moduleGraph.getExportsInfo(module).getProvidedExports();
          if (surface && Array.isArray(provided)) exported.set(surface.file, new Set(provided));
        }
        for (const module of modules) {
          const resource = module.resource;
          if (typeof resource !== 'string' || !this.sourceDirs.some((dir) => resource.startsWith(dir + path.sep))) continue;
          for (const dependency of module.dependencies) {
            const surface = requestToSurface.get(dependency.request);
            const name = Array.isArray(dependency.ids) ? dependency.ids[0] : undefined;
            const names = surface && exported.get(surface.file);
            if (!names || name === undefined || names.has(name)) continue;
            const error = new compiler.webpack.WebpackError(
              `'${name}' from '${dependency.request}' is not in the shared surface ${path.relative(sharedUiDir, surface.file)}: add it there (and deploy the shell first).`,
            );
            error.module = module;
            error.loc = dependency.loc;
            compilation.errors.push(error);
          }
        }
      });
    });
  }
}

const SHARED_MODULE_TYPES = new Set(['consume-shared-module', 'provide-module']);

/**
 * Which shared-ui modules a build would bundle twice. A module imported through a shared entry
 * point (`@embark/shared-ui` or one of its subpaths) is a shared module: one copy on the page, as
 * its fallback or provided code. Everything it imports by a relative path is bundled into it. So a
 * module is copied when two shared modules reach it by relative imports (or one does and it is
 * also an entry point itself), and when an app imports it without going through a shared entry.
 * @param {Map<string, Array<{ from: string | null, shared: boolean, label: string }>>} importersOf
 *   each shared-ui source file in the build, with who imports it: a federation shared module
 *   (`shared`), another shared-ui file (`from`), or anything else (`from: null`)
 * @returns {string[]} one line per problem, empty when every module has one home
 */
export function sharedUiCopies(importersOf) {
  const problems = [];
  /** @type {Map<string, string[]>} shared-ui file → shared-ui files it imports by a relative path */
  const imports = new Map();
  const entries = [];
  for (const [file, importers] of importersOf) {
    if (importers.some((importer) => importer.shared)) entries.push(file);
    for (const importer of importers) {
      if (importer.shared) continue;
      if (importer.from === null) {
        problems.push(`${shortName(file)} is bundled into ${importer.label}: import it through @embark/shared-ui or one of its subpaths (shared-ui/package.json "exports").`);
        continue;
      }
      imports.set(importer.from, [...(imports.get(importer.from) ?? []), file]);
    }
  }
  /** @type {Map<string, Set<string>>} shared-ui file → the shared entries that bundle it */
  const bundledBy = new Map();
  for (const entry of entries) {
    const pending = [entry];
    const seen = new Set();
    while (pending.length > 0) {
      const file = /** @type {string} */ (pending.pop());
      if (seen.has(file)) continue;
      seen.add(file);
      bundledBy.set(file, (bundledBy.get(file) ?? new Set()).add(entry));
      pending.push(...(imports.get(file) ?? []));
    }
  }
  for (const [file, owners] of bundledBy) {
    if (owners.size < 2) continue;
    const names = [...owners].map(shortName).sort().join(', ');
    problems.push(`${shortName(file)} is bundled into several shared modules (${names}): import it through its entry point, not by a relative path.`);
  }
  // One line per problem, however many import statements show it.
  return [...new Set(problems)];
}

function shortName(file) {
  return path.isAbsolute(file) ? path.relative(sharedUiDir, file) : file;
}

/**
 * Fails the build when a shared-ui module would be bundled twice (sharedUiCopies): every module of
 * shared-ui reaches the page through one shared entry point, so its state, its contexts and its
 * classes exist once, and no page downloads it twice.
 */
class SharedUiCopiesCheckPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('SharedUiCopiesCheckPlugin', (compilation) => {
      compilation.hooks.finishModules.tap('SharedUiCopiesCheckPlugin', (modules) => {
        const inSharedUi = (resource) => typeof resource === 'string' && resource.startsWith(SHARED_UI_SRC + path.sep);
        /** @type {Map<string, Array<{ from: string | null, shared: boolean, label: string }>>} */
        const importersOf = new Map();
        for (const module of modules) {
          if (!inSharedUi(module.resource)) continue;
          const importers = [];
          for (const connection of compilation.moduleGraph.getIncomingConnections(module)) {
            const origin = connection.originModule;
            if (!origin || origin === module) continue;
            importers.push({
              shared: SHARED_MODULE_TYPES.has(origin.type),
              from: inSharedUi(origin.resource) ? origin.resource : null,
              label: origin.readableIdentifier(compilation.requestShortener),
            });
          }
          importersOf.set(module.resource, importers);
        }
        for (const problem of sharedUiCopies(importersOf)) compilation.errors.push(new compiler.webpack.WebpackError(problem));
      });
    });
  }
}

/**
 * Loader rules and resolve settings common to every front end.
 * The app passes its own mini-css-extract-plugin class (shared-ui has no build dependencies).
 * `federated` (default true): route our imports of surfaced packages to the shared surfaces and
 * check them; false for builds without Module Federation (the shell's landing prerender).
 * @param {{ appDir: string, production: boolean, MiniCssExtractPlugin: typeof import('mini-css-extract-plugin').default, federated?: boolean }} options
 */
export function baseConfig({ appDir, production, MiniCssExtractPlugin, federated = true }) {
  const sourceDirs = [path.join(appDir, 'src'), SHARED_UI_SRC];
  return {
    // The browsers we support run ES2022 (the level swc compiles to), so webpack's own runtime code
    // can use it too (arrow functions, const, destructuring) instead of its ES5 default.
    target: ['web', 'es2022'],
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          include: sourceDirs,
          // Applies to imports made BY these files only: the packages' own imports stay as they are.
          ...(federated ? { resolve: { alias: surfaceAliases() } } : {}),
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                target: 'es2022',
                transform: { react: { runtime: 'automatic', development: !production } },
              },
              sourceMaps: true,
            },
          },
        },
        {
          test: /\.css$/,
          use: [MiniCssExtractPlugin.loader, { loader: 'css-loader', options: { importLoaders: 0 } }],
        },
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash:8].css' : '[name].css',
        chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      }),
      ...(federated ? [new SurfaceExportsCheckPlugin(sourceDirs), new SharedUiCopiesCheckPlugin()] : []),
    ],
  };
}

/** Gateway origin for dev proxies (`GATEWAY_URL`, else http://localhost:$GATEWAY_PORT or 4000). */
export function gatewayUrl(env = process.env) {
  return env.GATEWAY_URL || `http://localhost:${env.GATEWAY_PORT || 4000}`;
}

/**
 * webpack-dev-server proxy of `/api` and `/graphql` to the gateway. A browser's GET /graphql stays
 * here (the page's not-found screen): see graphql-sandbox.mjs.
 * @param {NodeJS.ProcessEnv} [env]
 */
export function gatewayProxy(env = process.env) {
  /** @type {(pathname: string, req: import('node:http').IncomingMessage) => boolean} */
  const toGateway = (pathname, req) => /^\/(api|graphql)(\/|$)/.test(pathname) && !asksForGraphqlSandbox(req.method, pathname, req.headers.accept);
  return [{ context: toGateway, target: gatewayUrl(env), changeOrigin: true }];
}

/**
 * `output.filename` for entry chunks: content-hashed in production.
 *
 * Workaround for webpack >= 5.111 with @module-federation/enhanced 2.9 (module-federation/core#5077,
 * webpack/webpack#22199): the federation runtime module resolves the entry chunk's file name while
 * webpack is still hashing chunks, when `[contenthash]` cannot be filled in yet, and the build fails.
 * It only needs the file's directory depth, so while the hash is unknown we answer the same name
 * without it; the emitted file is still `[name].[contenthash:8].js`.
 * @param {boolean} production
 * @returns {string | ((pathData: import('webpack').PathData) => string)}
 */
export function entryFilename(production) {
  if (!production) return '[name].js';
  return (pathData) => {
    const chunk = /** @type {{ contentHash?: Record<string, string> } | undefined} */ (pathData.chunk);
    return chunk && !chunk.contentHash?.javascript ? '[name].js' : '[name].[contenthash:8].js';
  };
}

/**
 * HtmlWebpackPlugin's `templateContent` for an app's public/index.html (plain HTML, no template
 * syntax), read at each build. Given as `template`, the file would be compiled by a child compiler
 * that inherits the federation plugin: it bundles the shared surfaces again (Apollo, react-router)
 * and emits them beside the app's own chunks, under the same names in development (a build error).
 * @param {string} appDir
 * @returns {() => string}
 */
export function htmlTemplate(appDir) {
  return () => readFileSync(path.join(appDir, 'public', 'index.html'), 'utf8');
}

/**
 * Production-only aliases: react-router 7 resolves to its development build by default (its dev
 * warnings are on); production bundles use the build it ships for production.
 * @param {boolean} production
 * @param {NodeJS.Require} require the app's `createRequire(import.meta.url)`
 * @returns {Record<string, string>}
 */
export function productionAliases(production, require) {
  if (!production) return {};
  const developmentEntry = require.resolve('react-router'); // .../dist/development/index.js
  return { 'react-router$': path.join(path.dirname(developmentEntry), '..', 'production', 'index.mjs') };
}

/**
 * The whole webpack config of a remote (employee_mfe, admin_mfe): both build the same way and
 * differ only in name, port and federation config, so each team's file states just those.
 * Production emits only the federated container (remoteEntry.js + chunks); development adds the
 * standalone page for the team (src/index.ts → bootstrap with its own router and client).
 */
export function remoteWebpackConfig({ appDir, name, port, federationConfig, HtmlWebpackPlugin, MiniCssExtractPlugin, ModuleFederationPlugin }) {
  const require = createRequire(path.join(appDir, 'package.json'));
  return (_env, argv) => {
    const production = argv.mode === 'production';
    const base = baseConfig({ appDir, production, MiniCssExtractPlugin });
    return {
      name,
      mode: production ? 'production' : 'development',
      context: appDir,
      entry: production ? {} : { main: './src/index.ts' },
      output: {
        path: path.join(appDir, 'dist'),
        publicPath: 'auto', // chunks load from this remote's own origin, wherever it is deployed
        uniqueName: name,
        filename: entryFilename(production),
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        clean: true,
      },
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      target: base.target,
      resolve: { ...base.resolve, alias: productionAliases(production, require) },
      module: base.module,
      plugins: [
        ...base.plugins,
        // The manifest (mf-manifest.json) carries the remote's version, commit and contract needs,
        // which the shell checks before it loads remoteEntry.js (docs/federation.md, "Contract").
        new ModuleFederationPlugin({ ...federationConfig({ production }), manifest: true }),
        new ContractManifestPlugin({ appDir, sourceDirs: [path.join(appDir, 'src'), SHARED_UI_SRC] }),
        ...(production ? [] : [new HtmlWebpackPlugin({ templateContent: htmlTemplate(appDir), publicPath: '/' })]),
      ],
      performance: { hints: production ? 'warning' : false },
      devServer: {
        port,
        headers: { 'Access-Control-Allow-Origin': '*' },
        historyApiFallback: true,
        proxy: gatewayProxy(),
      },
    };
  };
}
