import path from 'node:path';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { remoteWebpackConfig } from '@embark/shared-ui/build/webpack.mjs';
import { federationConfig } from './module-federation.config.mjs';

export default remoteWebpackConfig({
  appDir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'admin_mfe',
  port: Number(process.env.ADMIN_PORT || 3002),
  federationConfig,
  HtmlWebpackPlugin,
  MiniCssExtractPlugin,
  ModuleFederationPlugin,
});
