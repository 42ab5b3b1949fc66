// Build-time helpers shared by the shell and the remotes: ONE definition of the Module Federation
// singletons (DESIGN §6) and of the loaders that compile TypeScript/TSX (including shared-ui's own
// source, which is consumed untranspiled) and CSS. Plain ESM so webpack-cli loads it without a TS hook.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const sharedUiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharedUiPackage = JSON.parse(readFileSync(path.join(sharedUiDir, 'package.json'), 'utf8'));

/** Source folder of @embark/shared-ui (the symlink target of node_modules/@embark/shared-ui). */
export const SHARED_UI_SRC = path.join(sharedUiDir, 'src');

/** Share strategy of every container: use what is already loaded; never fetch remotes to compare versions. */
export const SHARE_STRATEGY = 'loaded-first';

/**
 * Shared singletons, keyed by import request. Deep entry points are listed explicitly so that the
 * host's copy is used for them too (react/jsx-runtime, react-dom/client, @apollo/client/react).
 * `package` names the dependency whose range becomes `requiredVersion`.
 */
const SINGLETONS = [
  { request: 'react', package: 'react' },
  { request: 'react/jsx-runtime', package: 'react' },
  { request: 'react/jsx-dev-runtime', package: 'react' },
  { request: 'react-dom', package: 'react-dom' },
  { request: 'react-dom/client', package: 'react-dom' },
  { request: 'react-router', package: 'react-router' },
  { request: '@apollo/client', package: '@apollo/client' },
  { request: '@apollo/client/react', package: '@apollo/client' },
  { request: 'graphql', package: 'graphql' },
  { request: '@embark/shared-ui', package: '@embark/shared-ui' },
];

/**
 * The `shared` option of ModuleFederationPlugin for an app, with `requiredVersion` taken from the
 * app's own package.json (workspace `*` ranges become `^<shared-ui version>`).
 * @param {{ dependencies?: Record<string, string> }} appPackage the app's package.json
 * @returns {Record<string, { singleton: true, requiredVersion: string, strictVersion: boolean }>}
 */
export function sharedSingletons(appPackage) {
  const deps = appPackage.dependencies ?? {};
  /** @type {Record<string, { singleton: true, requiredVersion: string, strictVersion: boolean }>} */
  const shared = {};
  for (const { request, package: pkg } of SINGLETONS) {
    let range = deps[pkg];
    if (pkg === '@embark/shared-ui' && (range === undefined || range === '*' || range.startsWith('workspace:'))) {
      range = `^${sharedUiPackage.version}`;
    }
    if (range !== undefined && /^\d+\.\d+\.\d+$/.test(range)) range = `^${range}`; // exact pins (graphql) accept patches
    if (range === undefined) throw new Error(`sharedSingletons: ${pkg} must be a dependency of ${appPackage.name ?? 'the app'}`);
    // strictVersion false: a mismatch logs a warning and still uses the singleton, rather than
    // throwing inside a remote; the versions are kept in step by the workspace.
    shared[request] = { singleton: true, requiredVersion: range, strictVersion: false };
  }
  return shared;
}

/**
 * Loader rules and resolve settings common to every front end.
 * The app passes its own mini-css-extract-plugin class (shared-ui has no build dependencies).
 * @param {{ appDir: string, production: boolean, MiniCssExtractPlugin: typeof import('mini-css-extract-plugin').default }} options
 */
export function baseConfig({ appDir, production, MiniCssExtractPlugin }) {
  return {
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          include: [path.join(appDir, 'src'), SHARED_UI_SRC],
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
    ],
  };
}

/** Gateway origin for dev proxies (`GATEWAY_URL`, else http://localhost:$GATEWAY_PORT or 4000). */
export function gatewayUrl(env = process.env) {
  return env.GATEWAY_URL || `http://localhost:${env.GATEWAY_PORT || 4000}`;
}

/** webpack-dev-server proxy of `/api` and `/graphql` to the gateway. */
export function gatewayProxy(env = process.env) {
  return [{ context: ['/api', '/graphql'], target: gatewayUrl(env), changeOrigin: true }];
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
      resolve: { ...base.resolve, alias: productionAliases(production, require) },
      module: base.module,
      plugins: [
        ...base.plugins,
        new ModuleFederationPlugin(federationConfig({ production })),
        ...(production ? [] : [new HtmlWebpackPlugin({ template: './public/index.html', publicPath: '/' })]),
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
