import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { baseConfig, entryFilename, gatewayProxy, productionAliases } from '@embark/shared-ui/build/webpack.mjs';
import { federationConfig } from './module-federation.config.mjs';

const appDir = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/**
 * `experiments.provideExternalRuntime` makes the plugin add its runtime plugin by `require.resolve`,
 * i.e. the package's CommonJS build, which drags in a second (CommonJS) copy of the federation
 * runtime core next to the ESM one the bundler runtime uses (+50 KB, and the global it provides would
 * be a different instance). Point that path at the package's ESM build so one copy is bundled.
 */
const injectRuntimePluginCjs = require.resolve('@module-federation/inject-external-runtime-core-plugin');
const runtimeAliases = {
  [injectRuntimePluginCjs]: path.join(path.dirname(injectRuntimePluginCjs), 'index.js'),
};

/** Dev-only runtime config (production: the static server writes /runtime-config.json from env). */
function devRuntimeConfig(env = process.env) {
  return {
    remotes: {
      employee_mfe: env.EMPLOYEE_REMOTE_URL || `http://localhost:${env.EMPLOYEE_PORT || 3001}/remoteEntry.js`,
      admin_mfe: env.ADMIN_REMOTE_URL || `http://localhost:${env.ADMIN_PORT || 3002}/remoteEntry.js`,
    },
  };
}

export default (_env, argv) => {
  const production = argv.mode === 'production';
  const base = baseConfig({ appDir, production, MiniCssExtractPlugin });
  return {
    name: 'shell',
    mode: production ? 'production' : 'development',
    context: appDir,
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(appDir, 'dist'),
      publicPath: '/',
      filename: entryFilename(production),
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    // Maps as separate files that the bundle does not reference (no sourceMappingURL for users).
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: { ...base.resolve, alias: { ...runtimeAliases, ...productionAliases(production, require) } },
    module: base.module,
    plugins: [
      ...base.plugins,
      new ModuleFederationPlugin(federationConfig),
      new HtmlWebpackPlugin({ template: './public/index.html', scriptLoading: 'defer' }),
    ],
    performance: { hints: production ? 'warning' : false },
    devServer: {
      port: Number(process.env.SHELL_PORT || 3000),
      historyApiFallback: true,
      proxy: gatewayProxy(),
      setupMiddlewares(middlewares, devServer) {
        devServer.app?.get('/runtime-config.json', (_req, res) => {
          res.set('Cache-Control', 'no-store');
          res.json(devRuntimeConfig());
        });
        return middlewares;
      },
    },
  };
};
