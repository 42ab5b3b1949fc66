import { useEffect, useRef, useState } from 'react';
import {
  Badge,
  Button,
  EmptyList,
  Icon,
  pageTitleFor,
  ROUTES,
  TASK_PRIORITY_TEXT,
  TASK_TYPE_TEXT,
  useDebouncedValue,
  useDocumentTitle,
} from '@embark/shared-ui';
import type { DataTableColumn } from '@embark/shared-ui/components/DataTable';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import type { AdminChecklistItemFieldsFragment, ChecklistItemType } from '../../__generated__/graphql';
import { useAdminChecklistItems, useAdminRoles } from '../../shared/api/useCommon';
import { failureMessage } from '../../shared/errors';
import { actionsColumn, AdminTable, ChoiceField, CrudHeader, DeleteDialog, ListRegion, RoleFilter, RowActions, SearchBar, useCrud } from '../../shared/scaffold';
import { useAdminToast } from '../../shared/useAdminToast';
import { useDeleteChecklistItem, useReorderChecklistItems } from './api/useChecklistItems';
import { ChecklistItemDialog } from './ChecklistItemDialog';
import { isOwnerType, ITEM_TYPES, moveIds } from './item-form';
import '../../shared/admin.css';

type Item = AdminChecklistItemFieldsFragment;

const PRIORITY_TONE = { high: 'danger', medium: 'warning', low: 'neutral' } as const;
const TYPE_CHOICES = ITEM_TYPES.map((type) => ({ value: type, label: TASK_TYPE_TEXT[type] }));

/**
 * Manage Checklist Items (`/app/admin/checklist-items`): create, edit, delete,
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
  const [remove, removal] = useDeleteChecklistItem();
  const crud = useCrud<Item>({ remove: (item) => remove({ variables: { id: item.id } }), deleted: (item) => ADMIN_TEXT.itemDeleted(item.title), deleteFailed: ADMIN_TEXT.itemDeleteFailed });
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
    { key: 'owner', header: ADMIN_TEXT.ownerLabel, cell: (item) => ownerSummary(item, roleName) },
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
    actionsColumn((item) => (
      <RowActions
        className="adm-actions adm-nowrap"
        onEdit={() => crud.openEdit(item)}
        editLabel={ADMIN_TEXT.editItem(item.title)}
        onDelete={() => crud.askDelete(item)}
        deleteLabel={ADMIN_TEXT.deleteItem(item.title)}
      />
    )),
  ];

  return (
    <div className="admin-page">
      <CrudHeader title={title} lead={ADMIN_TEXT.itemsLead} newLabel={ADMIN_TEXT.newItem} onNew={crud.openNew} />
      <SearchBar table={ADMIN_TEXT.itemsTable} placeholder={ADMIN_TEXT.itemsSearchPlaceholder} search={search} onSearch={setSearch}>
        <RoleFilter roles={roles} value={roleFilter} onChange={setRoleFilter} />
        <ChoiceField label={ADMIN_TEXT.colType} value={typeFilter} onChange={setTypeFilter} placeholder={ADMIN_TEXT.allTypes} choices={TYPE_CHOICES} />
      </SearchBar>
      <p className="adm-muted">{ADMIN_TEXT.reorderHint}</p>
      <p className="ui-visually-hidden" aria-live="polite">
        {announcement}
      </p>

      <ListRegion loaded={items !== undefined} error={error} failed={ADMIN_TEXT.itemsFailed} loadingLabel={ADMIN_TEXT.itemsLoading} onRetry={refetch} staleError>
        <div ref={tableRef}>
          <AdminTable
            caption={ADMIN_TEXT.itemsTable}
            columns={columns}
            rows={items ?? []}
            rowKey={(item) => item.id}
            busy={loading || reordering.loading}
            empty={filtered ? <EmptyList title={ADMIN_TEXT.itemsNoMatch} icon="search" /> : <EmptyList title={ADMIN_TEXT.itemsEmptyTitle} hint={ADMIN_TEXT.itemsEmptyHint} />}
          />
        </div>
      </ListRegion>

      <ChecklistItemDialog open={crud.dialog !== null} item={crud.dialog?.row ?? null} roles={roleList} defaultRoleId={filter.roleId} onClose={crud.closeDialog} />
      <DeleteDialog crud={crud} title={ADMIN_TEXT.deleteItemTitle} text={(item) => ADMIN_TEXT.deleteItemText(item.title)} busy={removal.loading} />
    </div>
  );
}

/** At most two role names, then how many more: a row stays one or two lines high. */
/** Who does the item for each hire, in words: "The hire's manager", "The IT team". */
export function ownerSummary(item: Pick<Item, 'owner_type' | 'owner_role_id'>, roleName: (id: number) => string): string {
  if (item.owner_type === 'role') return item.owner_role_id === null || item.owner_role_id === undefined ? ADMIN_TEXT.ownerTypes.role : ADMIN_TEXT.ownerTeam(roleName(item.owner_role_id));
  return isOwnerType(item.owner_type) ? ADMIN_TEXT.ownerTypes[item.owner_type] : item.owner_type;
}

export function rolesSummary(names: readonly string[]): string {
  if (names.length === 0) return ADMIN_TEXT.none;
  if (names.length <= 2) return names.join(', ');
  return `${names.slice(0, 2).join(', ')} ${ADMIN_TEXT.moreRoles(names.length - 2)}`;
}
