import { useContext, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { AuthContext, onSessionEnded, TIMING_MS } from '@embark/shared-ui';
import { MyChecklistDocument, SetTaskProgressDocument, type TaskProgressInput } from '../../../__generated__/graphql';

// When the checklist last arrived from the server in this page. Module scope on purpose: the cache it
// describes is the shell's one Apollo client, which outlives any page of this remote.
let lastFetchedAt = Number.NEGATIVE_INFINITY;
onSessionEnded(() => {
  lastFetchedAt = Number.NEGATIVE_INFINITY;
});

/** The cached checklist is served as is for 30 minutes, then refreshed. */
export function checklistFetchPolicy(now: number = Date.now()): 'cache-first' | 'cache-and-network' {
  return now - lastFetchedAt >= TIMING_MS.checklistCacheRefresh ? 'cache-and-network' : 'cache-first';
}

/** Test hook: forget when the checklist was fetched. */
export function resetChecklistFreshness(): void {
  lastFetchedAt = Number.NEGATIVE_INFINITY;
}

// Whether anyone used the page (pointer, keys, wheel, touch, focus) since the last refresh. Module scope, as
// the refresh it gates is the one cache's.
let usedSinceRefresh = true;
const USE_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'focusin'] as const;

/**
 * Whether a refresh is skipped: in a hidden tab nobody sees it, and on a page nobody has used since
 * the last one nobody is there. Either way its request would keep an unattended session (a shared
 * screen left on this page) from idling out, so such a page asks once more at most.
 */
function skipRefresh(): boolean {
  if (document.visibilityState === 'hidden' || !usedSinceRefresh) return true;
  usedSinceRefresh = false;
  return false;
}

/**
 * The signed-in user's checklist from the shared Apollo cache: instant when it was fetched in the
 * last 30 minutes, otherwise shown from cache (if any) and refreshed; a page left open refreshes
 * itself every 30 minutes too, while its tab is visible and someone uses it.
 */
export function useMyChecklist() {
  // Chosen once per mount, so a re-render never flips the policy mid-request.
  const [fetchPolicy] = useState(() => checklistFetchPolicy());
  useEffect(() => {
    // Its own listener, so one page unmounting never silences another's.
    const markUsed = (): void => {
      usedSinceRefresh = true;
    };
    // Opening the page is using it.
    markUsed();
    for (const type of USE_EVENTS) window.addEventListener(type, markUsed, { capture: true, passive: true });
    return () => {
      for (const type of USE_EVENTS) window.removeEventListener(type, markUsed, { capture: true });
    };
  }, []);
  const result = useQuery(MyChecklistDocument, {
    fetchPolicy,
    nextFetchPolicy: 'cache-first',
    pollInterval: TIMING_MS.checklistCacheRefresh,
    skipPollAttempt: skipRefresh,
    notifyOnNetworkStatusChange: true,
  });
  // A request that finished without error has just refreshed the cache.
  const wasLoading = useRef(false);
  useEffect(() => {
    if (result.loading) {
      wasLoading.current = true;
    } else if (wasLoading.current) {
      wasLoading.current = false;
      if (!result.error) lastFetchedAt = Date.now();
    }
  }, [result.loading, result.error]);
  return result;
}

/**
 * Completes, sets back or annotates one task of the signed-in user. The answer updates the cached
 * checklist entry; the cached dashboard is dropped so its numbers are fetched afresh next time.
 */
export function useSetTaskProgress() {
  const auth = useContext(AuthContext);
  const [mutate, state] = useMutation(SetTaskProgressDocument, {
    update(cache) {
      cache.evict({ id: 'ROOT_QUERY', fieldName: 'dashboard' });
      cache.gc();
    },
  });
  async function setProgress(itemId: number, input: TaskProgressInput) {
    const result = await mutate({ variables: { itemId, input } });
    // The shell's copy of the user carries completion_percentage (header, profile). Optional context:
    // the standalone dev page has no AuthProvider.
    auth?.refreshUser().catch(() => undefined);
    return result;
  }
  return [setProgress, state] as const;
}
