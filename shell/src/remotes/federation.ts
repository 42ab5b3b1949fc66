// The only file that talks to the Module Federation runtime. The shell is built with the enhanced
// plugin and no build-time remotes: locations come from the runtime config, at start.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { ALL_REMOTE_NAMES, type RuntimeConfig } from '@embark/shared-ui';
import { createRemoteLoader, type RemoteLoader } from './remote-loader';

/** Registers every remote's entry URL. Registration fetches nothing; `loadRemote` fetches on first use. */
export function registerRemotesFromConfig(config: RuntimeConfig): void {
  registerRemotes(ALL_REMOTE_NAMES.map((name) => ({ name, entry: config.remotes[name] })));
}

/** Remote loader backed by the MF runtime's `loadRemote`. */
export function createFederatedRemoteLoader(): RemoteLoader {
  return createRemoteLoader((id) => loadRemote(id));
}
