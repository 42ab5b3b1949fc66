import type { RemoteName } from './remotes';

/** Where the shell fetches its runtime config, from its own origin, before rendering. */
export const RUNTIME_CONFIG_PATH = '/runtime-config.json';

/**
 * `/runtime-config.json`, written next to the shell at serve time (never baked into the build).
 * Each value is the full URL of the remote's `remoteEntry.js`, e.g. `http://localhost:3001/remoteEntry.js`.
 */
export interface RuntimeConfig {
  remotes: Record<RemoteName, string>;
}
