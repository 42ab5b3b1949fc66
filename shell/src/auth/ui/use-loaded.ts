import { useCallback, useEffect, useState } from 'react';

/** A public screen's one load before its form: loading, then the value or the failure. */
export type Loaded<T> = { status: 'loading' } | { status: 'loaded'; value: T } | { status: 'failed'; error: unknown };

/**
 * Runs `load` on mount and whenever it changes (pass a stable callback), and again on `reload`; an
 * answer arriving after unmount or after a newer load is dropped.
 */
export function useLoaded<T>(load: () => Promise<T>): { state: Loaded<T>; reload(): void } {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    load().then(
      (value) => {
        if (current) setState({ status: 'loaded', value });
      },
      (error: unknown) => {
        if (current) setState({ status: 'failed', error });
      },
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
