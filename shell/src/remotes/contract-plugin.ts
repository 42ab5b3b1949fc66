// Module Federation runtime plugin: before a remote's remoteEntry.js is requested, read its
// manifest, point the runtime at its entry, and check its contract (docs/federation.md, "Contract").
// Kept small: it is on every signed-in page; the detailed check is a chunk of its own.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { ContractError, versionsMatch, type ShellContract } from './contract';
import { manifestOf, markLoaded } from './manifests';

/** The shell's own build: identity, federation runtime and provided contract versions (webpack DefinePlugin). */
export interface ShellBuild extends ShellContract {
  name: string;
  version: string;
  commit: string;
}

export function contractPlugin(shell: ShellContract): ModuleFederationRuntimePlugin {
  // Each refused remote release is reported once per page, however often its load is attempted.
  const reported = new Set<string>();
  return {
    name: 'embark-contract',
    async beforeRequest(args) {
      const name = args.id.split('/')[0] ?? args.id;
      const manifest = await manifestOf(name);
      if (!manifest) return args; // released before manifests: loaded unchecked, as before
      const remote = args.options.remotes.find((candidate) => candidate.name === name);
      // The runtime config may name the manifest: the runtime needs the entry it points at.
      if (remote && 'entry' in remote) remote.entry = manifest.entry;
      const needs = manifest.contract;
      if (needs && !versionsMatch(needs, shell)) {
        const { checkContract } = await import(/* webpackChunkName: "contract-check" */ './contract-check');
        const mismatch = checkContract(name, needs, shell);
        if (mismatch) {
          const release = `${name} ${manifest.version} ${manifest.commit} ${mismatch.problems.join('; ')}`;
          if (!reported.has(release)) {
            reported.add(release);
            // The one report of it: both sides' versions, for whoever deploys.
            console.error('[embark] contract mismatch', {
              remote: name,
              skew: mismatch.skew,
              problems: mismatch.problems,
              shellVersion: { runtime: shell.runtime, provides: shell.provides },
              remoteVersion: { version: manifest.version, commit: manifest.commit, runtime: needs.runtime, needs: Object.fromEntries(Object.entries(needs.needs).map(([key, need]) => [key, need.version])) },
            });
          }
          throw new ContractError(mismatch);
        }
      }
      markLoaded(name, manifest);
      return args;
    },
  };
}
