import { useContext, useState } from 'react';
import {
  AuthContext,
  Badge,
  Button,
  EmptyList,
  Icon,
  pageTitleFor,
  ProgressBar,
  ROUTES,
  useDebouncedValue,
  useDocumentTitle,
} from '@embark/shared-ui';
import { ConfirmDialog } from '@embark/shared-ui/components/ConfirmDialog';
import type { DataTableColumn } from '@embark/shared-ui/components/DataTable';
import { FormField } from '@embark/shared-ui/components/FormField';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import type { AdminSortOrder, AdminUserFieldsFragment, AdminUserSort, AdminUserStatus } from '../../__generated__/graphql';
import { useAdminRoles } from '../../shared/api/useCommon';
import { failureMessage } from '../../shared/errors';
import { actionsColumn, AdminTable, ChoiceField, CrudHeader, NameAndEmail, useRowConfirm, ListFooter, ListRegion, RoleFilter, SearchBar, usePage } from '../../shared/scaffold';
import { ExportCsvButton } from '../../shared/ExportCsvButton';
import { useAdminToast } from '../../shared/useAdminToast';
import { useAdminUsers, useDeactivateUser, useReactivateUser, useSendPasswordReset, USERS_PAGE_SIZE } from '../../shared/api/useUsers';
import { EditUserDialog } from './EditUserDialog';
import { ImportInvitationsDialog } from './ImportInvitationsDialog';
import { InvitationsSection } from './InvitationsSection';
import { InviteDialog } from './InviteDialog';
import { formatDate, formatLastLogin } from '../../shared/format';
import { UserProgressDialog } from './UserProgressDialog';
import '../../shared/admin.css';

type User = AdminUserFieldsFragment;
type SortOption = keyof typeof ADMIN_TEXT.userSortOptions;
const STATUS_CHOICES = (Object.keys(ADMIN_TEXT.usersStatusOptions) as AdminUserStatus[]).map((key) => ({ value: key, label: ADMIN_TEXT.usersStatusOptions[key] }));

/**
 * Manage Users (`/app/admin/users`): search, sort, page; edit, deactivate, reactivate, reset 2FA,
 * progress, a password reset link; invite one hire or import a CSV file, and the invitations.
 */
export function UsersPage() {
  const title = pageTitleFor(ROUTES.adminUsers);
  useDocumentTitle(title);
  const toast = useAdminToast();
  const me = useContext(AuthContext)?.user?.id ?? null;
  const [search, setSearch] = useState('');
  const [roleFilter, setRoleFilter] = useState('');
  const [status, setStatus] = useState<AdminUserStatus>('all');
  const [sort, setSort] = useState<{ key: AdminUserSort; order: AdminSortOrder }>({ key: 'name', order: 'asc' });
  const { page, setPage, resetting } = usePage();
  const debounced = useDebouncedValue(search.trim());
  const filter = { search: debounced || null, roleId: roleFilter ? Number(roleFilter) : null, status, sort: sort.key, order: sort.order, page, limit: USERS_PAGE_SIZE };
  const { data, previousData, error, loading, refetch } = useAdminUsers(filter);
  const roles = useAdminRoles();
  const [editing, setEditing] = useState<User | null>(null);
  const [viewing, setViewing] = useState<User | null>(null);
  const [deactivate, deactivation] = useDeactivateUser();
  const [reactivate] = useReactivateUser();
  const [sendReset, resetSending] = useSendPasswordReset();
  const deactivating = useRowConfirm<User>({ run: (u) => deactivate({ variables: { id: u.id } }), done: (u) => ADMIN_TEXT.deactivated(u.name), failed: ADMIN_TEXT.deactivateFailed });
  const resetLink = useRowConfirm<User>({ run: (u) => sendReset({ variables: { userId: u.id } }), done: (u) => ADMIN_TEXT.resetLinkSent(u.email), failed: ADMIN_TEXT.sendResetFailed });
  const [inviting, setInviting] = useState(false);
  const [importing, setImporting] = useState(false);

  // While a new page or filter loads, the previous rows stay (marked busy) instead of a flash of nothing.
  const result = data?.adminUsers ?? previousData?.adminUsers;
  const filtered = debounced !== '' || roleFilter !== '' || status !== 'all';

  const onSort = (key: string) => {
    setSort((s) => ({ key: key as AdminUserSort, order: s.key === key && s.order === 'asc' ? 'desc' : 'asc' }));
    setPage(1);
  };
  const doReactivate = async (user: User) => {
    try {
      await reactivate({ variables: { id: user.id } });
      toast.success(ADMIN_TEXT.reactivated(user.name));
    } catch (err) {
      toast.error(failureMessage(err, ADMIN_TEXT.reactivateFailed));
    }
  };

  const columns: Array<DataTableColumn<User>> = [
    {
      key: 'name',
      header: ADMIN_TEXT.colName,
      sortKey: 'name',
      rowHeader: true,
      cell: (u) => <NameAndEmail name={u.name} email={u.email} note={u.id === me ? `(${ADMIN_TEXT.you})` : undefined} />,
    },
    { key: 'role', header: ADMIN_TEXT.colRole, sortKey: 'role', cell: (u) => u.role_name },
    { key: 'start', header: ADMIN_TEXT.colStartDate, sortKey: 'start_date', className: 'adm-nowrap', cell: (u) => formatDate(u.start_date) },
    {
      key: 'progress',
      header: ADMIN_TEXT.colProgress,
      sortKey: 'progress',
      className: 'adm-progress-cell',
      cell: (u) => <ProgressBar value={u.completion_percentage} label={ADMIN_TEXT.progressLabel(u.name)} showValue />,
    },
    { key: 'login', header: ADMIN_TEXT.colLastLogin, sortKey: 'last_login_at', className: 'adm-nowrap', cell: (u) => formatLastLogin(u.last_login_at) },
    {
      key: 'status',
      header: ADMIN_TEXT.colStatus,
      cell: (u) => (
        <span className="adm-badges">
          <Badge tone={u.is_active ? 'success' : 'neutral'}>{u.is_active ? ADMIN_TEXT.active : ADMIN_TEXT.inactive}</Badge>
          {u.two_factor_enabled ? <Badge tone="info">{ADMIN_TEXT.twoFactorOn}</Badge> : null}
        </span>
      ),
    },
    // The changes above the quieter actions, so the column stays narrow and no action is ever cut off.
    actionsColumn(
      (u) => (
        <span className="adm-actions">
          <span className="adm-actions__group">
            <Button size="sm" variant="secondary" onClick={() => setEditing(u)} aria-label={ADMIN_TEXT.editUser(u.name)}>
              {ADMIN_TEXT.edit}
            </Button>
            {u.id === me ? null : u.is_active ? (
              <Button size="sm" variant="danger" onClick={() => deactivating.ask(u)} aria-label={ADMIN_TEXT.deactivateUser(u.name)}>
                {ADMIN_TEXT.deactivate}
              </Button>
            ) : (
              <Button size="sm" variant="secondary" onClick={() => void doReactivate(u)} aria-label={ADMIN_TEXT.reactivateUser(u.name)}>
                {ADMIN_TEXT.reactivate}
              </Button>
            )}
          </span>
          <span className="adm-actions__group">
            <Button size="sm" variant="ghost" className="adm-icon-button" onClick={() => setViewing(u)} aria-label={ADMIN_TEXT.viewProgress(u.name)} title={ADMIN_TEXT.viewProgress(u.name)}>
              <Icon name="checklist" size={16} />
            </Button>
            {u.is_active ? (
              <Button
                size="sm"
                variant="ghost"
                className="adm-icon-button"
                onClick={() => resetLink.ask(u)}
                aria-label={ADMIN_TEXT.sendResetLinkUser(u.name)}
                title={ADMIN_TEXT.sendResetLink}
              >
                <Icon name="key" size={16} />
              </Button>
            ) : null}
          </span>
        </span>
      ),
      { stacked: true },
    ),
  ];

  return (
    <div className="admin-page">
      <CrudHeader title={title} lead={ADMIN_TEXT.usersLead} newLabel={ADMIN_TEXT.invite} onNew={() => setInviting(true)}>
        <Button variant="secondary" onClick={() => setImporting(true)}>
          <Icon name="upload" size={16} />
          {ADMIN_TEXT.importCsv}
        </Button>
        <ExportCsvButton report="users" query={{ search: debounced, role_id: filter.roleId, status, sort: sort.key, order: sort.order }} />
      </CrudHeader>
      <SearchBar table={ADMIN_TEXT.usersTable} placeholder={ADMIN_TEXT.usersSearchPlaceholder} search={search} onSearch={resetting(setSearch)}>
        <RoleFilter roles={roles} value={roleFilter} onChange={resetting(setRoleFilter)} />
        <FormField label={ADMIN_TEXT.sortBy}>
          {(p) => (
            <select
              {...p}
              value={`${sort.key}:${sort.order}` in ADMIN_TEXT.userSortOptions ? `${sort.key}:${sort.order}` : ''}
              onChange={(e) => {
                const [key, order] = e.target.value.split(':') as [AdminUserSort, AdminSortOrder];
                setSort({ key, order });
                setPage(1);
              }}
            >
              {/* A header sort with no matching option (e.g. role Z–A) shows as this blank choice. */}
              <option value="" disabled hidden />
              {(Object.keys(ADMIN_TEXT.userSortOptions) as SortOption[]).map((key) => (
                <option key={key} value={key}>
                  {ADMIN_TEXT.userSortOptions[key]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <ChoiceField
          label={ADMIN_TEXT.usersStatus}
          value={status}
          onChange={(value) => {
            setStatus(value || 'all');
            setPage(1);
          }}
          choices={STATUS_CHOICES}
        />
      </SearchBar>

      <ListRegion loaded={result !== undefined} error={error} failed={ADMIN_TEXT.usersFailed} loadingLabel={ADMIN_TEXT.usersLoading} onRetry={refetch} staleError>
        <AdminTable
          caption={ADMIN_TEXT.usersTable}
          columns={columns}
          rows={result?.data ?? []}
          rowKey={(u) => u.id}
          sort={sort}
          onSortChange={onSort}
          busy={loading}
          empty={filtered ? <EmptyList title={ADMIN_TEXT.usersNoMatch} icon="search" /> : <EmptyList title={ADMIN_TEXT.usersEmptyTitle} hint={ADMIN_TEXT.usersEmptyHint} icon="users" />}
        />
        <ListFooter page={page} pageSize={USERS_PAGE_SIZE} shown={data?.adminUsers.data.length} total={result?.total} noun={ADMIN_TEXT.usersNoun} table={ADMIN_TEXT.usersTable} onPage={setPage} />
      </ListRegion>

      <InvitationsSection />

      <InviteDialog open={inviting} roles={roles} onClose={() => setInviting(false)} />
      <ImportInvitationsDialog open={importing} onClose={() => setImporting(false)} />
      <EditUserDialog user={editing} roles={roles} isSelf={editing?.id === me} onClose={() => setEditing(null)} />
      <UserProgressDialog user={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={deactivating.row !== null}
        title={ADMIN_TEXT.deactivateTitle}
        confirmLabel={ADMIN_TEXT.deactivate}
        busyLabel={ADMIN_TEXT.deactivating}
        cancelLabel={ADMIN_TEXT.cancel}
        busy={deactivation.loading}
        error={deactivating.error}
        onConfirm={() => void deactivating.confirm()}
        onCancel={deactivating.cancel}
      >
        <p>{deactivating.row ? ADMIN_TEXT.deactivateText(deactivating.row.name) : ''}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={resetLink.row !== null}
        title={ADMIN_TEXT.sendResetTitle}
        confirmLabel={ADMIN_TEXT.sendResetConfirm}
        busyLabel={ADMIN_TEXT.sending}
        cancelLabel={ADMIN_TEXT.cancel}
        tone="primary"
        busy={resetSending.loading}
        error={resetLink.error}
        onConfirm={() => void resetLink.confirm()}
        onCancel={resetLink.cancel}
      >
        <p>{resetLink.row ? ADMIN_TEXT.sendResetText(resetLink.row.name, resetLink.row.email) : ''}</p>
      </ConfirmDialog>
    </div>
  );
}
