import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ToastContext, type ToastApi, type ToastOptions, type ToastType } from '../contracts/toasts';
import { SHELL_TEXT } from '../kit/messages';
import { DEFAULT_TOAST_TYPE, toastDuration } from '../kit/toast-timing';
import { cx } from './cx';

interface ToastRecord {
  id: string;
  message: string;
  title?: string;
  type: ToastType;
  /** null: persistent. */
  duration: number | null;
  dismissible: boolean;
  /** Bumped when the same toast is shown again while visible: restarts its timer. */
  version: number;
}

export interface ToastProviderProps {
  children: ReactNode;
  /** Most toasts on screen at once; older ones make way (default 4). */
  max?: number;
}

/**
 * The shell's toast service (the `ToastApi` contract) and its viewport. Durations come from toastDuration (kit/toast-timing);
 * a toast pauses while hovered or focused, so it never vanishes under the pointer or the keyboard
 * (WCAG 2.2.1). Showing a message that is already on screen restarts it instead of stacking a copy
 * (several failing calls can report the same session expiry).
 */
export function ToastProvider({ children, max = 4 }: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastRecord[]>([]);
  // The list is also kept in a ref so that `show` can answer the id synchronously (dedupe included):
  // state updaters run later, at render time.
  const current = useRef<ToastRecord[]>([]);
  const nextId = useRef(0);

  const commit = useCallback((next: ToastRecord[]) => {
    current.current = next;
    setToasts(next);
  }, []);

  const dismiss = useCallback(
    (id: string) => {
      if (current.current.some((t) => t.id === id)) commit(current.current.filter((t) => t.id !== id));
    },
    [commit],
  );

  const api = useMemo<ToastApi>(() => {
    const show = (message: string, options: ToastOptions = {}): string => {
      const type = options.type ?? DEFAULT_TOAST_TYPE;
      const fresh: Omit<ToastRecord, 'id' | 'version'> = {
        message,
        type,
        duration: toastDuration(options),
        dismissible: options.dismissible !== false,
        ...(options.title !== undefined ? { title: options.title } : {}),
      };
      const list = current.current;
      const same = list.find((t) => t.message === message && t.type === type && t.title === fresh.title);
      if (same) {
        commit(list.map((t) => (t === same ? { ...t, ...fresh, version: t.version + 1 } : t)));
        return same.id;
      }
      nextId.current += 1;
      const id = `toast-${nextId.current}`;
      commit([...list, { ...fresh, id, version: 0 }].slice(-max));
      return id;
    };
    const typed = (type: ToastType) => (message: string, options?: Omit<ToastOptions, 'type'>) =>
      show(message, { ...options, type });
    return {
      show,
      success: typed('success'),
      error: typed('error'),
      warning: typed('warning'),
      info: typed('info'),
      dismiss,
    };
  }, [commit, dismiss, max]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastViewport toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

function ToastViewport({ toasts, onDismiss }: { toasts: readonly ToastRecord[]; onDismiss: (id: string) => void }) {
  return (
    <div className="ui-toast-viewport">
      <ol className="ui-toast-list" aria-label={SHELL_TEXT.toastRegion}>
        {toasts.map((toast) => (
          <ToastCard key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
      </ol>
    </div>
  );
}

/**
 * A toast dismissed from the keyboard takes the focus with it: the next toast's close button (or the
 * one before) gets it, else the page's main content, rather than the start of the page.
 */
function handFocusOn(card: HTMLLIElement | null): void {
  if (!card?.contains(document.activeElement)) return;
  const neighbour = (card.nextElementSibling ?? card.previousElementSibling)?.querySelector<HTMLElement>('.ui-toast__close');
  const main = document.querySelector<HTMLElement>('main[tabindex]');
  (neighbour ?? main)?.focus({ preventScroll: true });
}

function ToastCard({ toast, onDismiss }: { toast: ToastRecord; onDismiss: (id: string) => void }) {
  // Apart: the pointer leaving must not restart the timer of a toast the keyboard is on.
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  const card = useRef<HTMLLIElement>(null);
  const timing = useRef({ version: toast.version, remaining: toast.duration ?? 0 });
  const { id, duration, version } = toast;

  useEffect(() => {
    if (duration === null || paused) return undefined;
    if (timing.current.version !== version) timing.current = { version, remaining: duration };
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(id), timing.current.remaining);
    return () => {
      clearTimeout(timer);
      timing.current.remaining = Math.max(0, timing.current.remaining - (Date.now() - started));
    };
  }, [duration, paused, version, id, onDismiss]);

  // Errors and warnings interrupt (role=alert is assertive); success and info wait their turn.
  const urgent = toast.type === 'error' || toast.type === 'warning';
  return (
    <li
      ref={card}
      className={cx('ui-toast', `ui-toast--${toast.type}`)}
      data-toast-type={toast.type}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setFocused(false);
      }}
    >
      <span className="ui-toast__icon" aria-hidden="true">
        <ToastIcon type={toast.type} />
      </span>
      {/* A fresh node each time the message is shown again, so it is announced again. */}
      <div key={`message-${version}`} className="ui-toast__content" role={urgent ? 'alert' : 'status'}>
        {toast.title ? <p className="ui-toast__title">{toast.title}</p> : null}
        <p className="ui-toast__message">{toast.message}</p>
      </div>
      {toast.dismissible ? (
        <button
          type="button"
          className="ui-toast__close"
          aria-label={SHELL_TEXT.dismissToast}
          onClick={(event) => {
            // Keyboard activation only (no pointer, detail 0): a click's focus would pause the next toast.
            if (event.detail === 0) handFocusOn(card.current);
            onDismiss(id);
          }}
        >
          <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
            <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" fill="none" />
          </svg>
        </button>
      ) : null}
      {duration !== null ? (
        <span
          className={cx('ui-toast__timer', paused && 'is-paused')}
          style={{ animationDuration: `${duration}ms` }}
          key={version}
          aria-hidden="true"
        />
      ) : null}
    </li>
  );
}

function ToastIcon({ type }: { type: ToastType }) {
  const paths: Record<ToastType, ReactNode> = {
    success: <path d="M6 10.5l2.5 2.5L14 7.5" />,
    error: <path d="M10 6v5M10 14h.01" />,
    warning: <path d="M10 6.5v4M10 13.5h.01" />,
    info: <path d="M10 9v5M10 6h.01" />,
  };
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="10" cy="10" r="8.25" strokeWidth="1.5" />
      {paths[type]}
    </svg>
  );
}
