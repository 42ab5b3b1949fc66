import { useEffect, useRef, useState } from 'react';
import {
  AREA_MESSAGES,
  Badge,
  Button,
  Icon,
  PageHeader,
  pageTitleFor,
  ROUTES,
  TASK_PRIORITY_TEXT,
  TASK_TYPE_TEXT,
  useDocumentTitle,
} from '@embark/shared-ui';
import { ConfirmDialog } from '@embark/shared-ui/components/ConfirmDialog';
import { DataTable, type DataTableColumn } from '@embark/shared-ui/components/DataTable';
import { FormField } from '@embark/shared-ui/components/FormField';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import type { AdminChecklistItemFieldsFragment, ChecklistItemType } from '../../__generated__/graphql';
import { useAdminChecklistItems, useAdminRoles } from '../../shared/api/useCommon';
import { failureMessage } from '../../shared/errors';
import { EmptyList, ErrorState, LoadingState } from '../../shared/states';
import { useAdminToast } from '../../shared/useAdminToast';
import { useDebouncedValue } from '../../shared/useDebouncedValue';
import { useDeleteChecklistItem, useReorderChecklistItems } from './api/useChecklistItems';
import { ChecklistItemDialog } from './ChecklistItemDialog';
import { ITEM_TYPES, moveIds } from './item-form';
import '../../shared/admin.css';

type Item = AdminChecklistItemFieldsFragment;

const PRIORITY_TONE = { high: 'danger', medium: 'warning', low: 'neutral' } as const;

/**
 * Manage Checklist Items (`/app/admin/checklist-items`, issue 8 item 4): create, edit, delete,
 * reorder with Move up / Move down buttons (no numbers to type; the keyboard works as well as the
 * mouse), and the documents attached to each item.
 */
export function ChecklistItemsPage() {
  const title = pageTitleFor(ROUTES.adminChecklistItems);
  useDocumentTitle(title);
  const toast = useAdminToast();
  const [roleFilter, setRoleFilter] = useState('');
  const [typeFilter, setTypeFilter] = useState('');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const filter = { roleId: roleFilter ? Number(roleFilter) : null, type: (typeFilter || null) as ChecklistItemType | null, search: debounced || null };
  const { data, previousData, error, loading, refetch } = useAdminChecklistItems(filter);
  const roles = useAdminRoles();
  const roleList = roles.data?.roles ?? [];
  const roleName = (id: number) => roleList.find((r) => r.id === id)?.name ?? `#${id}`;
  const [dialog, setDialog] = useState<{ item: Item | null } | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [remove, removal] = useDeleteChecklistItem();
  const [reorder, reordering] = useReorderChecklistItems();
  const [announcement, setAnnouncement] = useState('');
  const tableRef = useRef<HTMLDivElement>(null);
  // The move control to focus once the list shows the new order (the row moved in the DOM, which drops the focus).
  const [refocus, setRefocus] = useState<{ id: number; direction: 'up' | 'down' } | null>(null);
  const items = data?.adminChecklistItems ?? previousData?.adminChecklistItems;
  const filtered = filter.roleId !== null || filter.type !== null || filter.search !== null;

  const move = async (index: number, direction: 'up' | 'down') => {
    if (!items) return;
    const ids = moveIds(
      items.map((i) => i.id),
      index,
      direction,
    );
    const moved = items[index];
    // One move at a time; the buttons stay enabled meanwhile (disabling the pressed one would drop the focus).
    if (!ids || !moved || reordering.loading) return;
    try {
      await reorder({ variables: { ids } });
      const position = direction === 'up' ? index : index + 2;
      setAnnouncement(ADMIN_TEXT.moved(moved.title, position));
      setRefocus({ id: moved.id, direction });
    } catch (err) {
      toast.error(failureMessage(err, ADMIN_TEXT.reorderFailed));
    }
  };

  // Back on the same control, or on its twin once the row reaches an end of the list (where the pressed one is disabled).
  useEffect(() => {
    if (!refocus || reordering.loading) return;
    const root = tableRef.current;
    const same = root?.querySelector<HTMLButtonElement>(`[data-move="${refocus.direction}-${refocus.id}"]`);
    const twin = root?.querySelector<HTMLButtonElement>(`[data-move="${refocus.direction === 'up' ? 'down' : 'up'}-${refocus.id}"]`);
    (same && !same.disabled ? same : twin)?.focus();
    setRefocus(null);
  }, [refocus, reordering.loading, items]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove({ variables: { id: deleting.id } });
      toast.success(ADMIN_TEXT.itemDeleted(deleting.title));
      setDeleting(null);
    } catch (err) {
      setDeleteError(failureMessage(err, ADMIN_TEXT.itemDeleteFailed));
    }
  };

  const columns: Array<DataTableColumn<Item>> = [
    {
      key: 'order',
      header: ADMIN_TEXT.colOrder,
      className: 'adm-order-cell',
      cell: (item) => {
        const index = items?.indexOf(item) ?? -1;
        return (
          <span className="adm-actions adm-order">
            <span className="adm-order__position">{index + 1}</span>
            <Button
              size="sm"
              variant="ghost"
              className="adm-icon-button"
              data-move={`up-${item.id}`}
              aria-label={ADMIN_TEXT.moveUp(item.title)}
              disabled={index <= 0}
              onClick={() => void move(index, 'up')}
            >
              <Icon name="arrowUp" size={16} />
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="adm-icon-button"
              data-move={`down-${item.id}`}
              aria-label={ADMIN_TEXT.moveDown(item.title)}
              disabled={!items || index >= items.length - 1}
              onClick={() => void move(index, 'down')}
            >
              <Icon name="arrowDown" size={16} />
            </Button>
          </span>
        );
      },
    },
    {
      key: 'title',
      header: ADMIN_TEXT.colTitle,
      rowHeader: true,
      cell: (item) => (
        <span className="adm-cell-main">
          <span>{item.title}</span>
          {item.description ? <span className="adm-cell-sub adm-clamp">{item.description}</span> : null}
        </span>
      ),
    },
    {
      key: 'type',
      header: `${ADMIN_TEXT.colType} · ${ADMIN_TEXT.colPriority}`,
      cell: (item) => (
        <span className="adm-badges">
          <Badge tone="info">{TASK_TYPE_TEXT[item.type]}</Badge>
          <Badge tone={PRIORITY_TONE[item.priority]}>{TASK_PRIORITY_TEXT[item.priority]}</Badge>
        </span>
      ),
    },
    { key: 'due', header: ADMIN_TEXT.colDue, className: 'adm-nowrap', cell: (item) => ADMIN_TEXT.dueDay(item.due_days) },
    { key: 'roles', header: ADMIN_TEXT.colRoles, cell: (item) => <span className="adm-cell-sub">{rolesSummary(item.role_ids.map(roleName))}</span> },
    {
      key: 'documents',
      header: ADMIN_TEXT.colDocuments,
      className: 'adm-nowrap',
      cell: (item) =>
        item.documents.length > 0 ? (
          <span className="adm-cell-sub" title={item.documents.map((d) => d.title).join(', ')}>
            {ADMIN_TEXT.documentCount(item.documents.length)}
          </span>
        ) : (
          <span className="adm-cell-sub">{ADMIN_TEXT.none}</span>
        ),
    },
    {
      key: 'actions',
      header: <span className="ui-visually-hidden">{ADMIN_TEXT.colActions}</span>,
      align: 'end',
      cell: (item) => (
        <span className="adm-actions adm-nowrap">
          <Button size="sm" variant="secondary" onClick={() => setDialog({ item })} aria-label={ADMIN_TEXT.editItem(item.title)}>
            {ADMIN_TEXT.edit}
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => {
              setDeleteError(null);
              setDeleting(item);
            }}
            aria-label={ADMIN_TEXT.deleteItem(item.title)}
          >
            {ADMIN_TEXT.delete}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <div className="admin-page">
      <PageHeader
        eyebrow={ADMIN_TEXT.eyebrow}
        title={title}
        description={ADMIN_TEXT.itemsLead}
        actions={
          <Button onClick={() => setDialog({ item: null })}>
            <Icon name="plus" size={16} />
            {ADMIN_TEXT.newItem}
          </Button>
        }
      />
      <form className="adm-toolbar" role="search" aria-label={ADMIN_TEXT.itemsTable} onSubmit={(e) => e.preventDefault()}>
        <FormField label={ADMIN_TEXT.search} className="adm-toolbar__grow">
          {(p) => <input {...p} type="search" placeholder={ADMIN_TEXT.itemsSearchPlaceholder} value={search} onChange={(e) => setSearch(e.target.value)} />}
        </FormField>
        <FormField label={ADMIN_TEXT.colRole} error={roles.error && !roles.data ? failureMessage(roles.error, AREA_MESSAGES.rolesFetch) : undefined}>
          {(p) => (
            <select {...p} value={roleFilter} onChange={(e) => setRoleFilter(e.target.value)}>
              <option value="">{ADMIN_TEXT.allRoles}</option>
              {roleList.map((role) => (
                <option key={role.id} value={role.id}>
                  {role.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={ADMIN_TEXT.colType}>
          {(p) => (
            <select {...p} value={typeFilter} onChange={(e) => setTypeFilter(e.target.value)}>
              <option value="">{ADMIN_TEXT.allTypes}</option>
              {ITEM_TYPES.map((type) => (
                <option key={type} value={type}>
                  {TASK_TYPE_TEXT[type]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </form>
      <p className="adm-muted">{ADMIN_TEXT.reorderHint}</p>
      <p className="ui-visually-hidden" aria-live="polite">
        {announcement}
      </p>

      {!items ? (
        error ? (
          <ErrorState message={failureMessage(error, ADMIN_TEXT.itemsFailed)} onRetry={() => void refetch().catch(() => undefined)} />
        ) : (
          <LoadingState label={ADMIN_TEXT.itemsLoading} />
        )
      ) : (
        <div ref={tableRef}>
          {error ? <ErrorState message={failureMessage(error, ADMIN_TEXT.itemsFailed)} onRetry={() => void refetch().catch(() => undefined)} /> : null}
          <DataTable
            className="adm-table"
            caption={ADMIN_TEXT.itemsTable}
            columns={columns}
            rows={items}
            rowKey={(item) => item.id}
            busy={loading || reordering.loading}
            empty={filtered ? <EmptyList title={ADMIN_TEXT.itemsNoMatch} icon="search" /> : <EmptyList title={ADMIN_TEXT.itemsEmptyTitle} hint={ADMIN_TEXT.itemsEmptyHint} />}
          />
        </div>
      )}

      <ChecklistItemDialog open={dialog !== null} item={dialog?.item ?? null} roles={roleList} defaultRoleId={filter.roleId} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={ADMIN_TEXT.deleteItemTitle}
        confirmLabel={ADMIN_TEXT.delete}
        busyLabel={ADMIN_TEXT.deleting}
        cancelLabel={ADMIN_TEXT.cancel}
        busy={removal.loading}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{deleting ? ADMIN_TEXT.deleteItemText(deleting.title) : ''}</p>
      </ConfirmDialog>
    </div>
  );
}

/** At most two role names, then how many more: a row stays one or two lines high. */
export function rolesSummary(names: readonly string[]): string {
  if (names.length === 0) return ADMIN_TEXT.none;
  if (names.length <= 2) return names.join(', ');
  return `${names.slice(0, 2).join(', ')} ${ADMIN_TEXT.moreRoles(names.length - 2)}`;
}
