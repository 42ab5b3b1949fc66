import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '@embark/shared-ui';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  busyLabel?: string;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A modal confirmation on the native <dialog>: showModal() gives the focus trap, the inert page
 * behind, Escape to cancel and focus returned to the opener, with no library. Focus starts on
 * Cancel, the safe choice for a destructive action. (shared-ui has no dialog yet; this is the one
 * to move there when a second screen needs it.)
 */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, busy = false, busyLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // jsdom (unit tests) has no showModal; the attribute renders the same content there.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="jrn-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        // Escape: let React state close it, and not while the deletion is under way.
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {open ? (
        <div className="jrn-dialog__panel">
          <h2 id={titleId} className="jrn-dialog__title">
            {title}
          </h2>
          <div id={bodyId} className="jrn-dialog__body">
            {children}
          </div>
          <div className="jrn-dialog__actions">
            {/* autoFocus inside a modal dialog is the recommended initial focus, not a surprise jump. */}
            <Button variant="secondary" onClick={onCancel} disabled={busy} autoFocus>
              {cancelLabel}
            </Button>
            <Button variant="danger" onClick={onConfirm} busy={busy}>
              {busy && busyLabel ? busyLabel : confirmLabel}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
