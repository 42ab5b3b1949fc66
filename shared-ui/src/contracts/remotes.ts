import type { ApolloClient } from '@apollo/client';
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

/** What the shell hands a remote's `prefetch`: the shared GraphQL client and the page being opened. */
export interface RemotePrefetchOptions {
  client: ApolloClient;
  /** The absolute path of the page, e.g. `/app/dashboard`. */
  pathname: string;
  /** Where the remote is mounted, as in RemoteAppProps. */
  basePath: string;
}

/** Shape of a remote's `./App` module. */
export interface RemoteModule {
  default: ComponentType<RemoteAppProps>;
  /**
   * Optional: starts the first request of the page at `pathname` into the shared client's cache.
   * The shell calls it once, on a cold start of a signed-in page, as soon as the module and the
   * client are loaded, while the session is still being checked; the page's own query then reuses
   * the answer (docs/performance.md, benchmark 4). It must not report a refused session: the
   * session check does that. It may return a promise that settles once the answer is in the cache:
   * the shell then waits for it, briefly, so that the page's first frame already shows the data.
   */
  prefetch?: (options: RemotePrefetchOptions) => void | Promise<unknown>;
}
