import { useEffect, useRef, type RefObject } from 'react';

/**
 * Whether the component is still on the page. An answer that arrives after the user has gone
 * elsewhere must not navigate them back or rewrite the address (react-router's navigate keeps
 * working after its component has unmounted).
 */
export function useMountedRef(): RefObject<boolean> {
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}
