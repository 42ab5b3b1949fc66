// Module Federation options of the admin remote. The shell loads `admin_mfe/App` at run time
// from the remoteEntry.js URL in its runtime config.
import { readFileSync } from 'node:fs';
import { REMOTE_FEDERATION_OPTIMIZATION, SHARE_STRATEGY, sharedSingletons } from '@embark/shared-ui/build/webpack.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/**
 * @param {{ production: boolean }} options
 * @returns {import('@module-federation/enhanced').ModuleFederationPluginOptions}
 */
export function federationConfig({ production }) {
  return {
    name: 'admin_mfe',
    filename: 'remoteEntry.js',
    exposes: { './App': './src/app/App.tsx' },
    shared: sharedSingletons(pkg),
    shareStrategy: SHARE_STRATEGY,
    dts: false,
    // Production: use the federation runtime the shell provides (experiments.provideExternalRuntime)
    // instead of shipping a copy in remoteEntry.js. The standalone dev page has no host, so it
    // bundles its own runtime.
    experiments: production ? { externalRuntime: true, optimization: REMOTE_FEDERATION_OPTIMIZATION } : {},
  };
}
