/**
 * A promise annotated the way React's `use()` reads a settled thenable: once it has settled,
 * `use()` returns its value (or throws its reason) without suspending. A component that suspends
 * is revealed up to 300 ms later (React batches the reveal of Suspense fallbacks), so code loaded
 * ahead of time should be read through one of these rather than `lazy()`, which suspends once on
 * its first render even when the chunk is already there.
 */
export type TrackedPromise<T> = Promise<T> & {
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: T;
  reason?: unknown;
};

export function tracked<T>(promise: Promise<T>): TrackedPromise<T> {
  const result: TrackedPromise<T> = promise;
  result.status = 'pending';
  promise.then(
    (value) => {
      result.status = 'fulfilled';
      result.value = value;
    },
    (reason: unknown) => {
      result.status = 'rejected';
      result.reason = reason;
    },
  );
  return result;
}
