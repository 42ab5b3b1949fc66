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

export default (_env, argv) => {
  const production = argv.mode === 'production';
  const base = baseConfig({ appDir, production, MiniCssExtractPlugin });
  return {
    name: 'employee_mfe',
    mode: production ? 'production' : 'development',
    context: appDir,
    // Production emits only the federated container (remoteEntry.js + chunks). Development adds
    // the standalone page for the team (src/index.ts → bootstrap with its own router and client).
    entry: production ? {} : { main: './src/index.ts' },
    output: {
      path: path.join(appDir, 'dist'),
      publicPath: 'auto', // chunks load from this remote's own origin, wherever it is deployed
      uniqueName: 'employee_mfe',
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
      port: Number(process.env.EMPLOYEE_PORT || 3001),
      headers: { 'Access-Control-Allow-Origin': '*' },
      historyApiFallback: true,
      proxy: gatewayProxy(),
    },
  };
};
