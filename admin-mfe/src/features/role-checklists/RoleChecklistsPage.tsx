import { useState } from 'react';
import {
  Badge,
  EmptyList,
  PageHeader,
  pageTitleFor,
  ROUTES,
  TASK_TYPE_TEXT,
  useDocumentTitle,
} from '@embark/shared-ui';
import { type DataTableColumn } from '@embark/shared-ui/components/DataTable';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import type { AdminChecklistItemFieldsFragment } from '../../__generated__/graphql';
import { ChoiceField, FormFailure, idOf, ListRegion, namedChoices, rolesLoadError, titleOf } from '../../shared/scaffold';
import { useAdminChecklistItems, useAdminRoles } from '../../shared/api/useCommon';
import { failureMessage } from '../../shared/errors';
import { LinkManager } from '../../shared/LinkManager';
import { useAdminToast } from '../../shared/useAdminToast';
import { useAddRoleChecklistItems, useRemoveRoleChecklistItems } from './api/useRoleChecklists';
import '../../shared/admin.css';

type Item = AdminChecklistItemFieldsFragment;

const COLUMNS: ReadonlyArray<DataTableColumn<Item>> = [
  { key: 'title', header: ADMIN_TEXT.colTitle, rowHeader: true, cell: (item) => item.title },
  { key: 'type', header: ADMIN_TEXT.colType, cell: (item) => <Badge tone="info">{TASK_TYPE_TEXT[item.type]}</Badge> },
  { key: 'due', header: ADMIN_TEXT.colDue, cell: (item) => ADMIN_TEXT.dueDay(item.due_days) },
];

/** Role-Checklist Items (`/app/admin/role-checklists`): which items each role gets, changed in bulk. */
export function RoleChecklistsPage() {
  const title = pageTitleFor(ROUTES.adminRoleChecklists);
  useDocumentTitle(title);
  const toast = useAdminToast();
  const roles = useAdminRoles();
  const items = useAdminChecklistItems();
  const [roleId, setRoleId] = useState('');
  const [add, adding] = useAddRoleChecklistItems();
  const [remove, removing] = useRemoveRoleChecklistItems();
  const [failure, setFailure] = useState<string | null>(null);
  const role = roles.data?.roles.find((r) => String(r.id) === roleId);
  const all = items.data?.adminChecklistItems ?? items.previousData?.adminChecklistItems;

  const change = async (kind: 'add' | 'remove', ids: number[]) => {
    if (!role) return;
    setFailure(null);
    try {
      if (kind === 'add') await add({ variables: { roleId: role.id, itemIds: ids } });
      else await remove({ variables: { roleId: role.id, itemIds: ids } });
      toast.success(kind === 'add' ? ADMIN_TEXT.itemsAdded(ids.length, role.name) : ADMIN_TEXT.itemsRemoved(ids.length, role.name));
    } catch (error) {
      const message = failureMessage(error, ADMIN_TEXT.linkFailed);
      setFailure(message);
      throw error;
    }
  };

  return (
    <div className="admin-page">
      <PageHeader eyebrow={ADMIN_TEXT.eyebrow} title={title} description={ADMIN_TEXT.roleChecklistsLead} />
      <div className="adm-toolbar">
        <ChoiceField label={ADMIN_TEXT.roleLabel} value={roleId} onChange={setRoleId} placeholder={ADMIN_TEXT.chooseRole} choices={namedChoices(roles.data?.roles ?? [])} error={rolesLoadError(roles)} />
      </div>
      <FormFailure message={failure} />
      {!role ? (
        <EmptyList title={ADMIN_TEXT.pickRoleFirst} icon="roles" />
      ) : (
        <ListRegion loaded={all !== undefined} error={items.error} failed={ADMIN_TEXT.itemsFailed} loadingLabel={ADMIN_TEXT.itemsLoading} onRetry={items.refetch} staleError>
          <LinkManager
            // A new role starts with nothing selected: ticks made for another role must not act on it.
            key={role.id}
            linked={(all ?? []).filter((item) => item.role_ids.includes(role.id))}
            available={(all ?? []).filter((item) => !item.role_ids.includes(role.id))}
            rowKey={idOf}
            title={titleOf}
            columns={COLUMNS}
            busy={adding.loading || removing.loading}
            error={failure}
            onAdd={(ids) => change('add', ids)}
            onRemove={(ids) => change('remove', ids)}
            text={{
              linkedHeading: ADMIN_TEXT.linkedItemsHeading(role.name),
              availableHeading: ADMIN_TEXT.availableItemsHeading,
              linkedCaption: ADMIN_TEXT.linkedItemsTable(role.name),
              availableCaption: ADMIN_TEXT.availableItemsTable,
              rowLabel: ADMIN_TEXT.selectItem,
              allLabel: ADMIN_TEXT.selectAllItems,
              addLabel: ADMIN_TEXT.addSelected,
              removeLabel: ADMIN_TEXT.removeSelected,
              emptyLinked: ADMIN_TEXT.noLinkedItems,
              emptyAvailable: ADMIN_TEXT.noAvailableItems,
              confirmTitle: ADMIN_TEXT.removeItemsTitle,
              confirmText: (n) => ADMIN_TEXT.removeItemsText(n, role.name),
              confirmLabel: ADMIN_TEXT.removeConfirm,
              confirmBusy: ADMIN_TEXT.removing,
            }}
          />
        </ListRegion>
      )}
    </div>
  );
}
