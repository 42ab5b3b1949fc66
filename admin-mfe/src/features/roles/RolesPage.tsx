import {
  ADMIN_ROLE_ID,
  AREA_MESSAGES,
  Badge,
  EmptyList,
  pageTitleFor,
  ROUTES,
  UI_TEXT,
  useDocumentTitle,
} from '@embark/shared-ui';
import type { DataTableColumn } from '@embark/shared-ui/components/DataTable';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import type { AdminRolesQuery } from '../../__generated__/graphql';
import { useAdminStats } from '../../shared/api/useAdminStats';
import { useAdminRoles } from '../../shared/api/useCommon';
import { actionsColumn, AdminTable, CrudHeader, DeleteDialog, ListRegion, RowActions, useCrud } from '../../shared/scaffold';
import { useDeleteRole } from './api/useRoles';
import { RoleDialog } from './RoleDialog';
import '../../shared/admin.css';

type Role = AdminRolesQuery['roles'][number];

/** Manage Roles (`/app/admin/roles`): create, rename, describe, delete (docs/product.md#admin). */
export function RolesPage() {
  const title = pageTitleFor(ROUTES.adminRoles);
  useDocumentTitle(title);
  const { data, error, refetch } = useAdminRoles();
  // Users and items per role; the page works without them.
  const health = useAdminStats().data?.adminStats.roles;
  const [remove, removal] = useDeleteRole();
  // The server's reason when it gave one (e.g. users still hold the role), else 'Failed to delete role'.
  const crud = useCrud<Role>({ remove: (role) => remove({ variables: { id: role.id } }), deleted: (role) => ADMIN_TEXT.roleDeleted(role.name), deleteFailed: AREA_MESSAGES.roleDelete });
  const roles = data?.roles;

  const countOf = (roleId: number, pick: 'users' | 'checklist_items') => {
    const row = health?.find((r) => r.role_id === roleId);
    return row ? row[pick] : ADMIN_TEXT.none;
  };
  const columns: Array<DataTableColumn<Role>> = [
    {
      key: 'name',
      header: ADMIN_TEXT.roleNameLabel,
      rowHeader: true,
      cell: (r) => (
        <span className="adm-badges">
          {r.name}
          {r.id === ADMIN_ROLE_ID ? <Badge tone="primary">{ADMIN_TEXT.adminRoleBadge}</Badge> : null}
        </span>
      ),
    },
    { key: 'description', header: ADMIN_TEXT.colDescription, cell: (r) => <span className="adm-cell-sub">{r.description ?? UI_TEXT.roleNoDescription}</span> },
    { key: 'users', header: ADMIN_TEXT.colUsers, align: 'end', cell: (r) => countOf(r.id, 'users') },
    { key: 'items', header: ADMIN_TEXT.colItems, align: 'end', cell: (r) => countOf(r.id, 'checklist_items') },
    actionsColumn((r) => (
      <RowActions
        onEdit={() => crud.openEdit(r)}
        editLabel={ADMIN_TEXT.editRole(r.name)}
        // The administrator role cannot be deleted.
        onDelete={r.id === ADMIN_ROLE_ID ? undefined : () => crud.askDelete(r)}
        deleteLabel={ADMIN_TEXT.deleteRole(r.name)}
      />
    )),
  ];

  return (
    <div className="admin-page">
      <CrudHeader title={title} lead={ADMIN_TEXT.rolesLead} newLabel={ADMIN_TEXT.newRole} onNew={crud.openNew} />
      {/* 'Failed to fetch roles' unless the server said why. */}
      <ListRegion loaded={roles !== undefined} error={error} failed={AREA_MESSAGES.rolesFetch} loadingLabel={ADMIN_TEXT.rolesLoading} onRetry={refetch} staleError>
        <AdminTable
          caption={ADMIN_TEXT.rolesTable}
          columns={columns}
          rows={roles ?? []}
          rowKey={(r) => r.id}
          empty={<EmptyList title={ADMIN_TEXT.rolesEmptyTitle} hint={ADMIN_TEXT.rolesEmptyHint} icon="roles" />}
        />
      </ListRegion>
      <RoleDialog open={crud.dialog !== null} role={crud.dialog?.row ?? null} onClose={crud.closeDialog} />
      <DeleteDialog crud={crud} title={ADMIN_TEXT.deleteRoleTitle} text={(role) => ADMIN_TEXT.deleteRoleText(role.name)} busy={removal.loading} />
    </div>
  );
}
