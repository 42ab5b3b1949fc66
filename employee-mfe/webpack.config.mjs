import path from 'node:path';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { remoteWebpackConfig } from '@embark/shared-ui/build/webpack.mjs';
import { federationConfig } from './module-federation.config.mjs';

export default remoteWebpackConfig({
  appDir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'employee_mfe',
  port: Number(process.env.EMPLOYEE_PORT || 3001),
  federationConfig,
  HtmlWebpackPlugin,
  MiniCssExtractPlugin,
  ModuleFederationPlugin,
});
