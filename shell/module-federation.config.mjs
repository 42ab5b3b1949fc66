// Module Federation options of the host. No build-time remotes: their entry URLs come from
// /runtime-config.json at run time (src/remotes/federation.ts registers them).
import { readFileSync } from 'node:fs';
import { FEDERATION_OPTIMIZATION, SHARE_STRATEGY, sharedSingletons } from '@embark/shared-ui/build/webpack.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/** @type {import('@module-federation/enhanced').ModuleFederationPluginOptions} */
export const federationConfig = {
  name: 'shell',
  remotes: {},
  shared: sharedSingletons(pkg),
  shareStrategy: SHARE_STRATEGY,
  dts: false,
  // The host provides the federation runtime core on a global; remotes built with
  // `experiments.externalRuntime` use it instead of bundling their own copy.
  experiments: { provideExternalRuntime: true, optimization: FEDERATION_OPTIMIZATION },
};
