/**
 * Keeps keyboard users in place after an action whose button leaves the page (a completed task's
 * button, an acknowledged policy's). Once the update has rendered, focus that fell to `<body>` (or
 * stayed on a removed element) moves to the first of `ids` that is on the page; focus the user moved
 * elsewhere meanwhile is left alone.
 */
export function refocusIfLost(...ids: string[]): void {
  let tries = 0;
  const attempt = () => {
    const active = document.activeElement;
    if (active !== null && active !== document.body && active.isConnected) return;
    const target = ids.map((id) => document.getElementById(id)).find((element) => element !== null);
    if (!target) return;
    // A button that took the pressed one's place can still be disabled until the page's busy state
    // renders away, and focus() on it does nothing: try again shortly.
    if (target instanceof HTMLButtonElement && target.disabled && ++tries < RETRIES) {
      setTimeout(attempt, RETRY_MS);
      return;
    }
    target.focus();
  };
  // A task, not a microtask: the answer's re-render is flushed by then.
  setTimeout(attempt, 0);
}

const RETRIES = 10;
const RETRY_MS = 20;
