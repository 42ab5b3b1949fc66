import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { baseConfig, entryFilename, gatewayProxy, htmlTemplate, productionAliases } from '@embark/shared-ui/build/webpack.mjs';
import { shellBuildInfo } from '@embark/shared-ui/build/contract.mjs';
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
      employee_mfe: env.EMPLOYEE_REMOTE_URL || `http://localhost:${env.EMPLOYEE_PORT || 3001}/mf-manifest.json`,
      admin_mfe: env.ADMIN_REMOTE_URL || `http://localhost:${env.ADMIN_PORT || 3002}/mf-manifest.json`,
    },
  };
}

/*
 * Static first paint of the landing page (`/` must be fast: README, "Performance and resilience").
 *
 * Before the production build, a small Node build of src/features/landing/prerender.tsx renders the
 * React landing page to HTML and collects its CSS. Both go into index.html: the CSS inline (no
 * render-blocking request), the markup inside #root, and an inline boot script that loads the app's
 * scripts for every path except a guest's visit to `/`. So `/` paints from one HTML response and runs
 * no framework code; the app (React, router, federation runtime) loads on any other page, where
 * React replaces the static markup. Development builds skip all this and inject the scripts normally.
 */
const PRERENDER_DIR = path.join(appDir, 'node_modules', '.cache', 'embark-prerender');

function prerenderConfig() {
  const base = baseConfig({ appDir, production: true, MiniCssExtractPlugin, federated: false });
  const bundled = /^(\.|\/|@embark\/shared-ui)/;
  return {
    name: 'shell-prerender',
    mode: 'production',
    target: 'node20',
    context: appDir,
    entry: { prerender: './src/features/landing/prerender.tsx' },
    output: { path: PRERENDER_DIR, filename: '[name].cjs', library: { type: 'commonjs2' }, clean: true },
    // Node resolves react, react-dom and react-router at build time; only our sources are bundled.
    externalsPresets: { node: true },
    externals: [({ request }, callback) => (request && !bundled.test(request) ? callback(null, `commonjs ${request}`) : callback())],
    resolve: base.resolve,
    module: base.module,
    plugins: [new MiniCssExtractPlugin({ filename: '[name].css' })],
    optimization: { minimize: false, splitChunks: false },
    devtool: false,
    performance: { hints: false },
  };
}

/** Comments out, whitespace collapsed: enough for CSS that is inlined once (no strings with `{};` in it). */
function compactCss(css) {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}

async function buildStaticLanding() {
  const compiler = webpack(prerenderConfig());
  const stats = await new Promise((resolve, reject) => compiler.run((error, result) => (error ? reject(error) : resolve(result))));
  await new Promise((resolve) => compiler.close(resolve));
  if (!stats || stats.hasErrors()) throw new Error(`landing prerender failed:\n${stats?.toString('errors-only')}`);
  const bundle = path.join(PRERENDER_DIR, 'prerender.cjs');
  delete require.cache[bundle];
  const prerender = require(bundle);
  return {
    markup: prerender.renderLandingMarkup(),
    bootScript: prerender.bootScript,
    css: compactCss(fs.readFileSync(path.join(PRERENDER_DIR, 'prerender.css'), 'utf8')),
  };
}

class StaticLandingPlugin {
  apply(compiler) {
    /** @type {Awaited<ReturnType<typeof buildStaticLanding>> | null} */
    let landing = null;
    compiler.hooks.beforeRun.tapPromise('StaticLandingPlugin', async () => {
      landing = await buildStaticLanding();
    });
    compiler.hooks.thisCompilation.tap('StaticLandingPlugin', (compilation) => {
      const hooks = HtmlWebpackPlugin.getCompilationHooks(compilation);
      /** @type {string[]} */
      let scripts = [];
      hooks.beforeAssetTagGeneration.tapPromise('StaticLandingPlugin', async (data) => {
        scripts = data.assets.js;
        return data;
      });
      hooks.afterTemplateExecution.tapPromise('StaticLandingPlugin', async (data) => {
        if (!landing) throw new Error('StaticLandingPlugin: the landing page was not prerendered');
        data.html = data.html
          .replace('<!--embark:head-->', `<style>${landing.css}</style><script>${landing.bootScript(scripts, true)}</script>`)
          .replace('<!--embark:root-->', `<div id="static-landing">${landing.markup}</div>`);
        return data;
      });
    });
  }
}

/** Development: the template's placeholders are simply dropped (scripts are injected as usual). */
class DropPlaceholdersPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('DropPlaceholdersPlugin', (compilation) => {
      HtmlWebpackPlugin.getCompilationHooks(compilation).afterTemplateExecution.tapPromise('DropPlaceholdersPlugin', async (data) => {
        data.html = data.html.replace(/<!--embark:(head|root)-->/g, '');
        return data;
      });
    });
  }
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
    target: base.target,
    resolve: { ...base.resolve, alias: { ...runtimeAliases, ...productionAliases(production, require) } },
    module: base.module,
    plugins: [
      ...base.plugins,
      new ModuleFederationPlugin(federationConfig),
      // The shell's version, commit and contract (src/remotes/build-info.ts, docs/bundles.md "Contract").
      new webpack.DefinePlugin({ __EMBARK_BUILD__: JSON.stringify(shellBuildInfo(appDir)) }),
      production
        ? new HtmlWebpackPlugin({ templateContent: htmlTemplate(appDir), inject: false })
        : new HtmlWebpackPlugin({ templateContent: htmlTemplate(appDir), scriptLoading: 'defer' }),
      production ? new StaticLandingPlugin() : new DropPlaceholdersPlugin(),
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
