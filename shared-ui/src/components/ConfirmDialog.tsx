import { useId, type ReactNode } from 'react';
import { Button } from '@embark/shared-ui';
import { Modal } from '@embark/shared-ui/components/Modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What will happen, in words. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Shown on the confirm button while the action runs. */
  busyLabel?: string;
  busy?: boolean;
  /** danger (default) for deletions and deactivations; primary for reversible actions. */
  tone?: 'danger' | 'primary';
  /** A failure of the action, shown inside the dialog. */
  error?: string | null;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * Asks before a destructive action. Focus starts on Cancel (the safe choice); while the action
 * runs neither button nor Escape can close it, so its outcome is never lost.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel = 'Cancel', busyLabel, busy = false, tone = 'danger', error, onConfirm, onCancel }: ConfirmDialogProps) {
  // The message describes the dialog: focus starts on Cancel, and what will happen is read with it.
  const messageId = useId();
  return (
    <Modal
      open={open}
      title={title}
      describedBy={messageId}
      size="sm"
      onClose={onCancel}
      dismissible={!busy}
      footer={
        <>
          {/* First focusable element of the dialog, so showModal() starts on it: the safe choice.
              autoFocus does the same where there is no showModal() (jsdom); in a browser it runs
              while the dialog is still closed and changes nothing. */}
          <Button variant="secondary" onClick={onCancel} disabled={busy} autoFocus>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} busy={busy}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <div id={messageId} className="ui-confirm__message">
        {children}
      </div>
      {error ? (
        <p className="ui-form-error" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
