import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';

/** The open layers, the latest last: Escape closes only the one on top. */
const layers: symbol[] = [];

/**
 * Closes an open popover, menu or drawer the way people expect: Escape or a press outside
 * `container`. Listeners exist only while it is open. Escape closes only the layer opened last (a
 * menu opened inside the drawer goes first) and leaves alone a dialog's own Escape; the focus goes
 * back to `returnFocusTo` when it was in the layer (or lost), never taken from elsewhere on the page.
 */
export function useDismiss(
  open: boolean,
  onClose: () => void,
  { container, returnFocusTo }: { container?: RefObject<HTMLElement | null>; returnFocusTo?: RefObject<HTMLElement | null> } = {},
): void {
  useEffect(() => {
    if (!open) return undefined;
    const layer = Symbol('layer');
    layers.push(layer);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || layers[layers.length - 1] !== layer) return;
      const root = container?.current ?? null;
      // A modal dialog opened from the page is above this layer: its Escape is its own.
      if (event.target instanceof Element && event.target.closest('dialog[open]') && !root?.contains(event.target)) return;
      const active = document.activeElement;
      const focusWasHere = !root || active === null || active === document.body || root.contains(active) || active === returnFocusTo?.current;
      onClose();
      if (focusWasHere) returnFocusTo?.current?.focus();
    };
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      const root = container?.current;
      if (root && event.target instanceof Node && !root.contains(event.target)) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    // mousedown as well: jsdom and some assistive tools do not dispatch pointer events.
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('mousedown', onPointerDown);
    return () => {
      layers.splice(layers.indexOf(layer), 1);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('mousedown', onPointerDown);
    };
  }, [open, onClose, container, returnFocusTo]);
}

/**
 * A header popover (the bell, the user menu): open only on the path it was opened on, so any
 * navigation closes it, and closed at once when a link inside it is followed, since the router keeps
 * the current page and path on screen while the next page loads; dismissed as `useDismiss` says.
 * `root` wraps the button and the panel, `button` gets the focus back on Escape, `panelId` is what
 * the button controls.
 */
export function usePathPopover(pathname: string) {
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === pathname;
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpenedAt(null), []);
  useDismiss(open, close, { container: root, returnFocusTo: button });
  useEffect(() => {
    const element = root.current;
    if (!open || !element) return undefined;
    const onClick = (event: MouseEvent) => {
      // A link opened in a new tab or window (a modifier, another button) leaves this page as it is.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (!(event.target instanceof Element && event.target.closest('a[href]'))) return;
      // Focus was in the panel that now hides: it goes back to the button, not to the page's start.
      const hadFocus = element.contains(document.activeElement) && document.activeElement !== button.current;
      close();
      if (hadFocus) button.current?.focus();
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, [open, close]);
  return { open, close, toggle: () => setOpenedAt(open ? null : pathname), root, button, panelId };
}
