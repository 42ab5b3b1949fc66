import { useEffect, useState } from 'react';

/**
 * Longest wait for an idle moment after the first frame. A page that keeps the main thread busy
 * still gets its header's data within about a second.
 */
export const AFTER_FIRST_PAINT_TIMEOUT_MS = 1_000;

let painted = false;
let scheduled = false;
const waiting = new Set<() => void>();

function markPainted(): void {
  if (painted) return;
  painted = true;
  for (const resume of waiting) resume();
  waiting.clear();
}

/**
 * After the next frame, at the first idle moment, and at the latest after the timeout: a hidden tab
 * draws no frames, and Safari has no idle callback.
 */
function scheduleOnce(): void {
  if (scheduled) return;
  scheduled = true;
  window.setTimeout(markPainted, AFTER_FIRST_PAINT_TIMEOUT_MS);
  const afterFrame = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(markPainted, { timeout: AFTER_FIRST_PAINT_TIMEOUT_MS });
    else window.setTimeout(markPainted, 0);
  };
  if (typeof window.requestAnimationFrame === 'function') window.requestAnimationFrame(afterFrame);
  else afterFrame();
}

/**
 * False until the app's first frame with a page has been drawn and the browser is idle, then true
 * for good. The layout's own data (the role name, the bell, the people links) waits for it: on a
 * cold start its requests and answers would otherwise take the main thread and the raster threads
 * from the page's first frame, which then shows its main content hundreds of milliseconds later
 * (docs/performance.md, the dashboard's LCP).
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (ready) return undefined;
    // The frame may have passed between this component's render and this effect.
    if (painted) {
      setReady(true);
      return undefined;
    }
    const resume = () => setReady(true);
    waiting.add(resume);
    scheduleOnce();
    return () => {
      waiting.delete(resume);
    };
  }, [ready]);
  return ready;
}
