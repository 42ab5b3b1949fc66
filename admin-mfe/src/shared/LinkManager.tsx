import { useEffect, useRef, useState } from 'react';
import { Button, EmptyList } from '@embark/shared-ui';
import { ConfirmDialog } from '@embark/shared-ui/components/ConfirmDialog';
import { DataTable, type DataTableColumn } from '@embark/shared-ui/components/DataTable';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';

export interface LinkManagerText {
  linkedHeading: string;
  availableHeading: string;
  linkedCaption: string;
  availableCaption: string;
  rowLabel(title: string): string;
  allLabel: string;
  addLabel(n: number): string;
  removeLabel(n: number): string;
  emptyLinked: string;
  emptyAvailable: string;
  confirmTitle: string;
  confirmText(n: number): string;
  confirmLabel: string;
  confirmBusy: string;
}

export interface LinkManagerProps<T> {
  linked: readonly T[];
  available: readonly T[];
  rowKey(row: T): number;
  title(row: T): string;
  columns: ReadonlyArray<DataTableColumn<T>>;
  text: LinkManagerText;
  /** Resolves when the links are made (the lists then come back from the server). */
  onAdd(ids: number[]): Promise<void>;
  onRemove(ids: number[]): Promise<void>;
  /** A failure of the last change, shown in the remove confirmation or above the lists. */
  error?: string | null;
  busy?: boolean;
}

/**
 * Two lists side by side: what is linked and what is not, each with checkboxes for bulk changes
 * ("Add selected", "Remove selected"; removing asks first). Used for role ↔ checklist items and
 * checklist item ↔ documents.
 */
export function LinkManager<T>({ linked, available, rowKey, title, columns, text, onAdd, onRemove, error, busy = false }: LinkManagerProps<T>) {
  const [toAdd, setToAdd] = useState<Set<number>>(new Set());
  const [toRemove, setToRemove] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);

  // Selections only ever hold ids still in their list (the lists change after every save).
  useEffect(() => {
    const availableIds = new Set(available.map(rowKey));
    setToAdd((s) => new Set([...s].filter((id) => availableIds.has(id))));
  }, [available, rowKey]);
  useEffect(() => {
    const linkedIds = new Set(linked.map(rowKey));
    setToRemove((s) => new Set([...s].filter((id) => linkedIds.has(id))));
  }, [linked, rowKey]);

  const linkedPanel = useRef<HTMLElement>(null);
  // Done, the pressed button turns disabled with its emptied selection (or the confirmation that
  // returned to it closes): the keyboard goes on from the linked list, where the change shows.
  const keepFocus = () =>
    setTimeout(() => {
      const active = document.activeElement;
      const lost = !active || active === document.body || !active.isConnected || (active instanceof HTMLButtonElement && active.disabled);
      if (lost) linkedPanel.current?.querySelector<HTMLElement>('[role="region"]')?.focus();
    }, 0);
  const add = async () => {
    await onAdd([...toAdd]);
    setToAdd(new Set());
    keepFocus();
  };
  const remove = async () => {
    await onRemove([...toRemove]);
    setToRemove(new Set());
    setConfirming(false);
    keepFocus();
  };

  return (
    <div className="adm-links">
      <section ref={linkedPanel} className="adm-links__panel" aria-label={text.linkedHeading}>
        <div className="adm-links__header">
          <h2 className="adm-links__title">{text.linkedHeading}</h2>
          <Button size="sm" variant="danger" disabled={toRemove.size === 0 || busy} onClick={() => setConfirming(true)}>
            {text.removeLabel(toRemove.size)}
          </Button>
        </div>
        <DataTable
          caption={text.linkedCaption}
          columns={columns}
          rows={linked}
          rowKey={rowKey}
          busy={busy}
          selection={{ selected: toRemove, onChange: setToRemove, rowLabel: (row) => text.rowLabel(title(row)), allLabel: text.allLabel }}
          empty={<EmptyList title={text.emptyLinked} icon="links" />}
        />
      </section>
      <section className="adm-links__panel" aria-label={text.availableHeading}>
        <div className="adm-links__header">
          <h2 className="adm-links__title">{text.availableHeading}</h2>
          <Button size="sm" disabled={toAdd.size === 0 || busy} busy={busy && toAdd.size > 0} onClick={() => void add().catch(() => undefined)}>
            {text.addLabel(toAdd.size)}
          </Button>
        </div>
        <DataTable
          caption={text.availableCaption}
          columns={columns}
          rows={available}
          rowKey={rowKey}
          busy={busy}
          selection={{ selected: toAdd, onChange: setToAdd, rowLabel: (row) => text.rowLabel(title(row)), allLabel: text.allLabel }}
          empty={<EmptyList title={text.emptyAvailable} icon="checkCircle" />}
        />
      </section>
      <ConfirmDialog
        open={confirming}
        title={text.confirmTitle}
        confirmLabel={text.confirmLabel}
        busyLabel={text.confirmBusy}
        cancelLabel={ADMIN_TEXT.cancel}
        busy={busy}
        error={confirming ? error : null}
        onConfirm={() => void remove().catch(() => undefined)}
        onCancel={() => setConfirming(false)}
      >
        <p>{text.confirmText(toRemove.size)}</p>
      </ConfirmDialog>
    </div>
  );
}
