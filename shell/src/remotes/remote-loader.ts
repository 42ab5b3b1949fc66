import { remoteAppId, type RemoteModule, type RemoteName } from '@embark/shared-ui';
import { tracked, type TrackedPromise } from '../app/tracked-promise';

/** Loads a federated module by id (`employee_mfe/App`); in the app this is the MF runtime's `loadRemote`. */
export type LoadModule = (id: string) => Promise<unknown>;

export interface RemoteLoader {
  /**
   * The remote's `./App` module. Repeated calls return the same promise: one in-flight, successful
   * or failed load. A failure stays until `forgetFailure` (React re-renders a component whose
   * promise rejected; re-fetching on every render would loop instead of showing the error).
   */
  load(name: RemoteName): Promise<RemoteModule>;
  /** Drops a failed load so the next `load` really re-attempts it ("Try Again"). No-op otherwise. */
  forgetFailure(name: RemoteName): void;
}

export class RemoteLoadError extends Error {
  override readonly name = 'RemoteLoadError';
  constructor(
    readonly remote: RemoteName,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function createRemoteLoader(loadModule: LoadModule): RemoteLoader {
  const cache = new Map<RemoteName, TrackedPromise<RemoteModule>>();

  return {
    load(name) {
      const cached = cache.get(name);
      if (cached) return cached;

      const id = remoteAppId(name);
      // Tracked: a remote already loaded (or loaded ahead, early-start.ts) renders without suspending.
      const promise = tracked(
        Promise.resolve()
          .then(() => loadModule(id))
          .then(
            (mod) => toRemoteModule(name, id, mod),
            (cause: unknown) => {
              throw new RemoteLoadError(name, `Could not load ${id}: ${describe(cause)}`, { cause });
            },
          ),
      );
      cache.set(name, promise);
      return promise;
    },

    forgetFailure(name) {
      const cached = cache.get(name);
      if (cached?.status === 'rejected') cache.delete(name);
    },
  };
}

function toRemoteModule(name: RemoteName, id: string, mod: unknown): RemoteModule {
  if (typeof mod === 'object' && mod !== null && 'default' in mod) {
    const component: unknown = (mod as { default: unknown }).default;
    // A component is a function, or an object for memo()/forwardRef()/lazy() components.
    if (typeof component === 'function' || (typeof component === 'object' && component !== null)) {
      return mod as RemoteModule;
    }
  }
  throw new RemoteLoadError(name, `${id} did not export a default React component.`);
}

function describe(cause: unknown): string {
  if (cause instanceof Error) return cause.message;
  return typeof cause === 'string' ? cause : 'unknown error';
}
