import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** A change of a list's filters: the fields that change, or the next filters made from the latest ones. */
export type FiltersChange<F> = Partial<F> | ((latest: F) => F);

/**
 * A list page's filters kept in the query string, and a setter that applies each change to the latest
 * address, not to the filters of the last render. Two changes made before React re-renders (a quick
 * user, or a test driver) then both land; merging into the render's filters, as `setSearchParams`
 * does even with a function, makes the second drop the first. The address is replaced, not pushed.
 */
export function useUrlFilters<F>(parse: (params: URLSearchParams) => F, serialise: (filters: F) => URLSearchParams): [F, (change: FiltersChange<F>) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  // The query string as last written here, or as last committed by the router, whichever came later:
  // a write stays the base for the next change until its navigation renders.
  const latest = useRef(search);
  useLayoutEffect(() => {
    latest.current = search;
  }, [search]);

  const filters = useMemo(() => parse(new URLSearchParams(search)), [parse, search]);
  const update = useCallback(
    (change: FiltersChange<F>) => {
      const current = parse(new URLSearchParams(latest.current));
      const next = typeof change === 'function' ? change(current) : { ...current, ...change };
      const query = serialise(next).toString();
      latest.current = query === '' ? '' : `?${query}`;
      navigate(`?${query}`, { replace: true });
    },
    [navigate, parse, serialise],
  );
  return [filters, update];
}
