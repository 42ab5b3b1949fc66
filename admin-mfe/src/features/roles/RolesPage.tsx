import { useState } from 'react';
import {
  ADMIN_ROLE_ID,
  AREA_MESSAGES,
  Badge,
  Button,
  Icon,
  PageHeader,
  pageTitleFor,
  ROUTES,
  UI_TEXT,
  useDocumentTitle,
} from '@embark/shared-ui';
import { ConfirmDialog } from '@embark/shared-ui/components/ConfirmDialog';
import { DataTable, type DataTableColumn } from '@embark/shared-ui/components/DataTable';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import type { AdminRolesQuery } from '../../__generated__/graphql';
import { useAdminStats } from '../../shared/api/useAdminStats';
import { useAdminRoles } from '../../shared/api/useCommon';
import { failureMessage } from '../../shared/errors';
import { EmptyList, ErrorState, LoadingState } from '../../shared/states';
import { useAdminToast } from '../../shared/useAdminToast';
import { useDeleteRole } from './api/useRoles';
import { RoleDialog } from './RoleDialog';
import '../../shared/admin.css';

type Role = AdminRolesQuery['roles'][number];

/** Manage Roles (`/app/admin/roles`, issue 8 item 3): create, rename, describe, delete. */
export function RolesPage() {
  const title = pageTitleFor(ROUTES.adminRoles);
  useDocumentTitle(title);
  const toast = useAdminToast();
  const { data, error, refetch } = useAdminRoles();
  // Users and items per role; the page works without them.
  const health = useAdminStats().data?.adminStats.roles;
  const [dialog, setDialog] = useState<{ role: Role | null } | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [remove, removal] = useDeleteRole();
  const roles = data?.roles;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove({ variables: { id: deleting.id } });
      toast.success(ADMIN_TEXT.roleDeleted(deleting.name));
      setDeleting(null);
      setDeleteError(null);
    } catch (err) {
      // Spec §8 role store: the server's reason (e.g. users still hold the role), else 'Failed to delete role'.
      setDeleteError(failureMessage(err, AREA_MESSAGES.roleDelete));
    }
  };

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
    {
      key: 'actions',
      header: <span className="ui-visually-hidden">{ADMIN_TEXT.colActions}</span>,
      align: 'end',
      cell: (r) => (
        <span className="adm-actions">
          <Button size="sm" variant="secondary" onClick={() => setDialog({ role: r })} aria-label={ADMIN_TEXT.editRole(r.name)}>
            {ADMIN_TEXT.edit}
          </Button>
          {r.id === ADMIN_ROLE_ID ? null : (
            <Button
              size="sm"
              variant="danger"
              onClick={() => {
                setDeleteError(null);
                setDeleting(r);
              }}
              aria-label={ADMIN_TEXT.deleteRole(r.name)}
            >
              {ADMIN_TEXT.delete}
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <div className="admin-page">
      <PageHeader
        eyebrow={ADMIN_TEXT.eyebrow}
        title={title}
        description={ADMIN_TEXT.rolesLead}
        actions={
          <Button onClick={() => setDialog({ role: null })}>
            <Icon name="plus" size={16} />
            {ADMIN_TEXT.newRole}
          </Button>
        }
      />
      {!roles ? (
        error ? (
          // Spec §8 role store: 'Failed to fetch roles' unless the server said why.
          <ErrorState message={failureMessage(error, AREA_MESSAGES.rolesFetch)} onRetry={() => void refetch().catch(() => undefined)} />
        ) : (
          <LoadingState label={ADMIN_TEXT.rolesLoading} />
        )
      ) : (
        <>
          {error ? <ErrorState message={failureMessage(error, AREA_MESSAGES.rolesFetch)} onRetry={() => void refetch().catch(() => undefined)} /> : null}
          <DataTable
            caption={ADMIN_TEXT.rolesTable}
            columns={columns}
            rows={roles}
            rowKey={(r) => r.id}
            empty={<EmptyList title={ADMIN_TEXT.rolesEmptyTitle} hint={ADMIN_TEXT.rolesEmptyHint} icon="roles" />}
          />
        </>
      )}
      <RoleDialog open={dialog !== null} role={dialog?.role ?? null} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={ADMIN_TEXT.deleteRoleTitle}
        confirmLabel={ADMIN_TEXT.delete}
        busyLabel={ADMIN_TEXT.deleting}
        cancelLabel={ADMIN_TEXT.cancel}
        busy={removal.loading}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{deleting ? ADMIN_TEXT.deleteRoleText(deleting.name) : ''}</p>
      </ConfirmDialog>
    </div>
  );
}
