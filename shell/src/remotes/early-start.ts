// A cold start of a signed-in page: the remote it mounts, the client and the page's first query start
// together with the session check, instead of one after the other (docs/performance.md, benchmark 4).
import { isAdminUser, readStoredSession, REMOTE_NAMES, ROUTES, type RemoteName, type RemotePrefetchOptions, type StoredSession } from '@embark/shared-ui';
import { decideRoute } from '../app/route-access';
import type { RemoteLoader } from './remote-loader';

export interface ExpectedRemote {
  name: RemoteName;
  /** Where AppRoutes mounts it. */
  basePath: string;
}

/**
 * The remote the page at `pathname` mounts if the stored session is still valid (AppRoutes:
 * `/app/admin/*` the admin remote, every other `/app` page the employee remote), or null: no
 * stored session, or a page that mounts no remote for this user. Only a guess until the session
 * check answers: a wrong one costs a download, never shows anything.
 */
export function expectedRemote(pathname: string, stored: StoredSession = readStoredSession()): ExpectedRemote | null {
  if (!stored.token || !stored.user) return null;
  const decision = decideRoute(pathname, { status: 'authenticated', isAdmin: isAdminUser(stored.user) });
  if (decision.kind !== 'render') return null;
  switch (decision.route.access) {
    case 'admin':
      return { name: REMOTE_NAMES.admin, basePath: ROUTES.admin };
    case 'employee':
    case 'member':
      return { name: REMOTE_NAMES.employee, basePath: ROUTES.app };
    default:
      return null;
  }
}

/** Loads the shared GraphQL client (its chunk is not on the first paint's path). */
export type ClientLoader = () => Promise<RemotePrefetchOptions['client']>;

export interface EarlyLoaders {
  loader: RemoteLoader;
  /** The `/app` area's chunk (the layout). */
  loadArea: () => Promise<unknown>;
  loadClient: ClientLoader;
}

/**
 * How long the session check's answer may wait for the layout and the remote (below). Past it the
 * layout shows with the remote's own loading state, as without an early start.
 */
export const EARLY_START_WAIT_MS = 2000;

/**
 * How long, once the layout and the remote are loaded, the first paint may wait for the answer to
 * the page's first request (the promise `prefetch` returns). It usually follows within tens of
 * milliseconds, and a page painted with its data shows its main content in the first frame instead
 * of a skeleton that a busy main thread replaces hundreds of milliseconds later. Past it, the page
 * shows its loading state as without the wait.
 */
export const EARLY_DATA_WAIT_MS = 300;

/**
 * Loads the expected remote, the layout and the shared client, then lets the remote start the
 * page's first request (`prefetch`). Resolves once the layout and the remote are loaded (or have
 * failed) and that request has answered (at most EARLY_DATA_WAIT_MS more), all within
 * EARLY_START_WAIT_MS; at once when no remote is expected. The shell holds the session check's
 * answer until then, so the layout and the page show in one frame: a part that arrived just after
 * the answer would first show a loading state, and React reveals what replaces a loading state up
 * to 300 ms late. Failures are left to the page: the outlet re-attempts a failed load once when it
 * mounts, and the page's own query reports its error.
 */
export function startEarly(pathname: string, { loader, loadArea, loadClient }: EarlyLoaders, stored?: StoredSession): Promise<void> {
  const expected = expectedRemote(pathname, stored);
  if (!expected) return Promise.resolve();
  const remote = loader.load(expected.name);
  const area = loadArea();
  const answered = Promise.all([remote, loadClient()]).then(
    ([module, client]) => {
      try {
        return module.prefetch?.({ client, pathname, basePath: expected.basePath });
      } catch (error) {
        // The page still loads its own data; only the head start is lost.
        console.warn('[embark] the remote could not start its page early:', error);
        return undefined;
      }
    },
    () => undefined,
  );
  const timers: Array<ReturnType<typeof setTimeout>> = [];
  let done = false;
  // Once the wait is over, a part that arrives late starts no timer of its own.
  const after = (ms: number) =>
    new Promise<void>((resolve) => {
      if (done) resolve();
      else timers.push(setTimeout(resolve, ms));
    });
  // A refused or failed first request is the page's to report; here it only ends the wait.
  const data = answered.then(
    () => undefined,
    () => undefined,
  );
  const loaded = Promise.allSettled([remote, area]).then(() => Promise.race([data, after(EARLY_DATA_WAIT_MS)]));
  return Promise.race([loaded, after(EARLY_START_WAIT_MS)]).then(() => {
    done = true;
    timers.forEach(clearTimeout);
  });
}
