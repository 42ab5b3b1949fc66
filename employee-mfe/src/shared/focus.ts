/**
 * Keeps keyboard users in place after an action whose button leaves the page (a completed task's
 * button, an acknowledged policy's). Once the update has rendered, focus that fell to `<body>` (or
 * stayed on a removed element) moves to the first of `ids` that is on the page; focus the user moved
 * elsewhere meanwhile is left alone.
 */
export function refocusIfLost(...ids: string[]): void {
  // A task, not a microtask: the answer's re-render is flushed by then.
  setTimeout(() => {
    const active = document.activeElement;
    if (active !== null && active !== document.body && active.isConnected) return;
    for (const id of ids) {
      const target = document.getElementById(id);
      if (target) {
        target.focus();
        return;
      }
    }
  }, 0);
}
