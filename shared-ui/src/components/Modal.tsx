import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Icon, cx } from '@embark/shared-ui';

export interface ModalProps {
  open: boolean;
  /** The dialog's heading (its accessible name). */
  title: ReactNode;
  /** A lead under the title (the dialog's accessible description). */
  description?: ReactNode;
  /** Without a `description`: the id of an element in the body that describes the dialog (a confirmation's message). */
  describedBy?: string;
  children?: ReactNode;
  /** Buttons at the bottom, right-aligned. */
  footer?: ReactNode;
  /** Escape, the close button or a caller's Cancel. */
  onClose(): void;
  /** Accessible name of the close button (default "Close"). */
  closeLabel?: string;
  /** False while something irreversible is under way: Escape and the close button do nothing. */
  dismissible?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

function show(dialog: HTMLDialogElement): void {
  // jsdom (unit tests) has no showModal; the attribute renders the same content there.
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}

/**
 * A modal dialog on the native `<dialog>`: `showModal()` gives the focus trap, the inert page
 * behind it, Escape and focus returned to the opener, without a library. The content is only
 * rendered while open, so a form inside starts fresh each time. The first focusable element of
 * the content takes the focus when it opens (for a destructive confirmation: Cancel, see
 * ConfirmDialog); React's `autoFocus` cannot help here, it fires before the dialog is shown.
 */
export function Modal({ open, title, description, describedBy, children, footer, onClose, closeLabel = 'Close', dismissible = true, size = 'md', className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      show(dialog);
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={cx('ui-modal', `ui-modal--${size}`, className)}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : describedBy}
      onCancel={(event) => {
        // Escape: React state decides whether it closes. React hands a nested dialog's cancel to
        // the dialogs around it too (the browser does not), so only the dialog Escape was meant for acts.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClose={(event) => {
        // Closed by the browser itself while still open here: browsers may close a modal dialog on a
        // repeated Escape even when its cancel was refused, so that no page can trap the user. One
        // waiting on an answer comes back, so its outcome stays visible; any other tells the caller.
        if (event.target !== event.currentTarget || !open) return;
        if (dismissible) onClose();
        else show(event.currentTarget);
      }}
    >
      {open ? (
        <div className="ui-modal__panel">
          <header className="ui-modal__header">
            <h2 id={titleId} className="ui-modal__title">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="ui-modal__description">
                {description}
              </p>
            ) : null}
          </header>
          <div className="ui-modal__body">{children}</div>
          {footer ? <footer className="ui-modal__footer">{footer}</footer> : null}
          {/* Last in the DOM (shown top right): showModal() focuses the first focusable element, which
              must be the dialog's own first control (a form's first field, a confirmation's Cancel). */}
          <button type="button" className="ui-modal__close" aria-label={closeLabel} onClick={onClose} disabled={!dismissible}>
            <Icon name="close" size={18} />
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
