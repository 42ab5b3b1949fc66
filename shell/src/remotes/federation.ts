// The only file that talks to the Module Federation runtime. The shell is built with the enhanced
// plugin and no build-time remotes: locations come from the runtime config, at start.
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { ALL_REMOTE_NAMES, type RuntimeConfig } from '@embark/shared-ui';
import { SHELL_BUILD } from './build-info';
import { contractPlugin } from './contract-plugin';
import { configureManifests } from './manifests';
import { createRemoteLoader, type RemoteLoader } from './remote-loader';

/**
 * Registers every remote and the contract check. Registration fetches nothing: a remote's manifest
 * and then its remoteEntry.js are read on its first use.
 */
export function registerRemotesFromConfig(config: RuntimeConfig): void {
  // Revalidated each time: a stale manifest would point at a release that is gone.
  configureManifests(config.remotes, (url) => fetch(url, { cache: 'no-cache', headers: { Accept: 'application/json' } }));
  registerPlugins([contractPlugin(SHELL_BUILD)]);
  registerRemotes(ALL_REMOTE_NAMES.map((name) => ({ name, entry: config.remotes[name] })));
}

/** Remote loader backed by the MF runtime's `loadRemote`. */
export function createFederatedRemoteLoader(): RemoteLoader {
  return createRemoteLoader((id) => loadRemote(id));
}
