import { useCallback, useEffect, useRef, useState } from 'react';

export type Loaded<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

/**
 * A REST read for a page: loading, then the data or a failure; `reload` runs it again (the retry
 * button) and `update` edits the loaded data in place (a task completed from the list). A read still
 * under way when the page leaves or reloads is aborted, so a late answer never overwrites a newer one.
 */
export function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>) {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // In a ref so that a caller's new function each render never restarts a read in flight.
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback((edit: (data: T) => T) => setState((s) => (s.status === 'ready' ? { status: 'ready', data: edit(s.data) } : s)), []);
  return { state, reload, update };
}
