import { useState } from 'react';
import {
  Badge,
  Button,
  EmptyList,
  PageHeader,
  pageTitleFor,
  ROUTES,
  useDebouncedValue,
  useDocumentTitle,
} from '@embark/shared-ui';
import { ConfirmDialog } from '@embark/shared-ui/components/ConfirmDialog';
import type { DataTableColumn } from '@embark/shared-ui/components/DataTable';
import { pageCountOf } from '@embark/shared-ui/components/Pagination';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import type { AdminUserFieldsFragment } from '../../__generated__/graphql';
import { useAdminRoles } from '../../shared/api/useCommon';
import { failureMessage } from '../../shared/errors';
import { AdminPagination, AdminTable, ChoiceField, ListRegion, namedChoices, RoleFilter, SearchBar, usePage } from '../../shared/scaffold';
import { ReonboardChoice } from '../../shared/ReonboardChoice';
import { useAdminToast } from '../../shared/useAdminToast';
import { useAdminUsers, useAssignUsersToRole, USERS_PAGE_SIZE } from '../../shared/api/useUsers';
import '../../shared/admin.css';

type User = AdminUserFieldsFragment;

const COLUMNS: ReadonlyArray<DataTableColumn<User>> = [
  { key: 'name', header: ADMIN_TEXT.colName, rowHeader: true, cell: (u) => u.name },
  { key: 'email', header: ADMIN_TEXT.colEmail, cell: (u) => <span className="adm-cell-sub">{u.email}</span> },
  { key: 'role', header: ADMIN_TEXT.colRole, cell: (u) => u.role_name },
  { key: 'status', header: ADMIN_TEXT.colStatus, cell: (u) => <Badge tone={u.is_active ? 'success' : 'neutral'}>{u.is_active ? ADMIN_TEXT.active : ADMIN_TEXT.inactive}</Badge> },
];

/**
 * User-Role Assignment (`/app/admin/user-roles`): pick users (the selection
 * survives searching and paging), pick a role, assign them all in one step,
 * optionally starting the new role's checklist from today.
 */
export function UserRolesPage() {
  const title = pageTitleFor(ROUTES.adminUserRoles);
  useDocumentTitle(title);
  const toast = useAdminToast();
  const roles = useAdminRoles();
  const [search, setSearch] = useState('');
  const [roleFilter, setRoleFilter] = useState('');
  const { page, setPage, resetting } = usePage();
  const debounced = useDebouncedValue(search.trim());
  const { data, previousData, error, loading, refetch } = useAdminUsers({ search: debounced || null, roleId: roleFilter ? Number(roleFilter) : null, sort: 'name', order: 'asc', page, limit: USERS_PAGE_SIZE });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [target, setTarget] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [reonboard, setReonboard] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [assign, assigning] = useAssignUsersToRole();
  const result = data?.adminUsers ?? previousData?.adminUsers;
  const roleList = roles.data?.roles ?? [];
  const targetRole = roleList.find((r) => String(r.id) === target);
  const pageCount = pageCountOf(result?.total, USERS_PAGE_SIZE);

  const confirm = async () => {
    if (!targetRole) return;
    try {
      const answer = await assign({ variables: { userIds: [...selected], roleId: targetRole.id, reonboard } });
      toast.success(ADMIN_TEXT.assigned(answer.data?.assignUsersToRole.users.length ?? selected.size, targetRole.name));
      setSelected(new Set());
      setConfirming(false);
    } catch (err) {
      setFailure(failureMessage(err, ADMIN_TEXT.assignFailed));
    }
  };

  return (
    <div className="admin-page">
      <PageHeader eyebrow={ADMIN_TEXT.eyebrow} title={title} description={ADMIN_TEXT.userRolesLead} />
      <SearchBar table={ADMIN_TEXT.usersTable} placeholder={ADMIN_TEXT.usersSearchPlaceholder} search={search} onSearch={resetting(setSearch)}>
        <RoleFilter roles={roles} value={roleFilter} onChange={resetting(setRoleFilter)} />
      </SearchBar>

      <div className="adm-toolbar adm-assign" aria-label={ADMIN_TEXT.assignTo} role="group">
        <ChoiceField label={ADMIN_TEXT.assignTo} value={target} onChange={setTarget} placeholder={ADMIN_TEXT.chooseRole} choices={namedChoices(roleList)} />
        <Button
          disabled={selected.size === 0 || !targetRole}
          onClick={() => {
            setFailure(null);
            setConfirming(true);
          }}
        >
          {ADMIN_TEXT.assign}
        </Button>
        <ReonboardChoice checked={reonboard} onChange={setReonboard} />
        <span className="adm-summary" aria-live="polite">
          {selected.size > 0 ? ADMIN_TEXT.selectedCount(selected.size) : ADMIN_TEXT.pickUsersFirst}
        </span>
        {selected.size > 0 ? (
          <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
            {ADMIN_TEXT.clearSelection}
          </Button>
        ) : null}
      </div>

      <ListRegion loaded={result !== undefined} error={error} failed={ADMIN_TEXT.usersFailed} loadingLabel={ADMIN_TEXT.usersLoading} onRetry={refetch} staleError>
        <AdminTable
          caption={ADMIN_TEXT.usersTable}
          columns={COLUMNS}
          rows={result?.data ?? []}
          rowKey={(u) => u.id}
          busy={loading}
          selection={{ selected, onChange: setSelected, rowLabel: (u) => ADMIN_TEXT.selectUser(u.name), allLabel: ADMIN_TEXT.selectAllUsers }}
          empty={debounced || roleFilter ? <EmptyList title={ADMIN_TEXT.usersNoMatch} icon="search" /> : <EmptyList title={ADMIN_TEXT.usersEmptyTitle} hint={ADMIN_TEXT.usersEmptyHint} icon="users" />}
        />
        <AdminPagination page={page} pageCount={pageCount} onChange={setPage} table={ADMIN_TEXT.usersTable} />
      </ListRegion>

      <ConfirmDialog
        open={confirming}
        title={ADMIN_TEXT.assignTitle}
        confirmLabel={ADMIN_TEXT.assign}
        busyLabel={ADMIN_TEXT.assigning}
        cancelLabel={ADMIN_TEXT.cancel}
        tone="primary"
        busy={assigning.loading}
        error={failure}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      >
        <p>{targetRole ? ADMIN_TEXT.assignText(selected.size, targetRole.name) : ''}</p>
        {reonboard ? <p>{ADMIN_TEXT.reonboardHint}</p> : null}
      </ConfirmDialog>
    </div>
  );
}
