import type { ComponentType } from 'react';

/**
 * The only coupling between the shell and its remotes (docs/architecture.md).
 * Remote names are the Module Federation container names; each remote exposes `./App`.
 */
export const REMOTE_NAMES = {
  employee: 'employee_mfe',
  admin: 'admin_mfe',
} as const;

export type RemoteName = (typeof REMOTE_NAMES)[keyof typeof REMOTE_NAMES];

/** All remote names, in a stable order (runtime-config validation iterates over it). */
export const ALL_REMOTE_NAMES: readonly RemoteName[] = [REMOTE_NAMES.employee, REMOTE_NAMES.admin];

/** The module every remote exposes. */
export const REMOTE_EXPOSED_MODULE = './App';

/** `loadRemote` id of a remote's exposed App, e.g. `employee_mfe/App`. */
export function remoteAppId(name: RemoteName): `${RemoteName}/App` {
  return `${name}/App`;
}

/**
 * Props the shell passes to a remote's App. Kept minimal and serialisable: the shell's router
 * context is shared (react-router is a singleton), so a remote renders relative `<Routes>` and
 * only needs to know where it is mounted to build absolute links.
 */
export interface RemoteAppProps {
  /** Absolute path the remote is mounted under, without a trailing slash, e.g. `/app` or `/app/admin`. */
  basePath: string;
}

/** Shape of a remote's `./App` module. */
export interface RemoteModule {
  default: ComponentType<RemoteAppProps>;
}
