import { useEffect, useRef, useState, type ReactNode } from 'react';
import { AREA_MESSAGES, Button, cx, ErrorState, Icon, LoadingState, PageHeader } from '@embark/shared-ui';
import { ConfirmDialog } from '@embark/shared-ui/components/ConfirmDialog';
import { DataTable, type DataTableColumn, type DataTableProps, type RowKey } from '@embark/shared-ui/components/DataTable';
import { FormField } from '@embark/shared-ui/components/FormField';
import { pageCountOf, Pagination } from '@embark/shared-ui/components/Pagination';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import { failureMessage } from './errors';
import { useAdminToast } from './useAdminToast';

// The frame every admin create/edit/delete page shares: the New button in the page header, the
// search toolbar and its choice fields, the row actions, the delete confirmation, the list's loading
// and failed states, the form dialog's state and footer. The pages bring their own wording
// (ADMIN_TEXT) and their own columns and fields.

export interface CrudOptions<T> {
  /** Deletes the row on the server. */
  remove(row: T): Promise<unknown>;
  /** The toast after a deletion. */
  deleted(row: T): string;
  /** Shown in the confirmation when the deletion fails and the server gave no reason. */
  deleteFailed: string;
}

export interface RowConfirmOptions<T> {
  /** Does the confirmed action on the server. */
  run(row: T): Promise<unknown>;
  /** The toast once it is done. */
  done(row: T): string;
  /** Shown in the confirmation when the action fails and the server gave no reason. */
  failed: string;
}

/** The button that asked for a row's action, and where the focus goes should the row leave with it. */
interface FocusPlan {
  opener: HTMLElement;
  /** The next row, then the previous one: the first still shown with the same button takes the focus. */
  neighbours: Element[];
  /** The table's focusable region, when neither has it. */
  region: HTMLElement | null;
}

function planFocus(): FocusPlan | null {
  const opener = document.activeElement;
  const row = opener instanceof HTMLElement ? opener.closest('tr') : null;
  if (!(opener instanceof HTMLElement) || !row) return null;
  const neighbours = [row.nextElementSibling, row.previousElementSibling].filter((r): r is Element => r !== null);
  return { opener, neighbours, region: row.closest<HTMLElement>('[role="region"]') };
}

function moveFocus({ opener, neighbours, region }: FocusPlan) {
  for (const row of neighbours) {
    const twin = row.isConnected ? [...row.querySelectorAll('button')].find((b) => b.textContent === opener.textContent && !b.disabled) : undefined;
    if (twin) {
      twin.focus();
      return;
    }
  }
  if (region?.isConnected) region.focus();
}

/**
 * A row's action that asks first (deactivate, delete, revoke): which row is up for it, and the
 * failure, which stays in the confirmation; done, it toasts and closes.
 */
export function useRowConfirm<T>({ run, done, failed }: RowConfirmOptions<T>) {
  const toast = useAdminToast();
  const [row, setRow] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const asked = useRef<FocusPlan | null>(null);
  const refocus = useRef<FocusPlan | null>(null);
  const disarm = useRef<() => void>(() => undefined);
  // The done row (and the pressed button) leaves once the list reloads, which drops the focus to
  // the page: keyboard users go on from the same action on a neighbouring row instead.
  useEffect(() => {
    const plan = refocus.current;
    if (!plan || plan.opener.isConnected) return;
    disarm.current();
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) moveFocus(plan);
  });
  useEffect(() => () => disarm.current(), []);

  /**
   * Arms the plan until it is used, or until the user moves on (focus or a click anywhere but the
   * pressed button): a row that stays (deactivated under "All", a reset link sent) must not leave it
   * armed for a later, unrelated removal, nor may a removal pull focus from where the user went.
   */
  function arm(plan: FocusPlan | null) {
    disarm.current();
    if (!plan) return;
    refocus.current = plan;
    const movedOn = (event: Event) => {
      if (event.target !== plan.opener) disarm.current();
    };
    document.addEventListener('focusin', movedOn, true);
    document.addEventListener('pointerdown', movedOn, true);
    disarm.current = () => {
      refocus.current = null;
      document.removeEventListener('focusin', movedOn, true);
      document.removeEventListener('pointerdown', movedOn, true);
      disarm.current = () => undefined;
    };
  }

  const confirm = async () => {
    if (row === null) return;
    try {
      await run(row);
      toast.success(done(row));
      arm(asked.current);
      setRow(null);
    } catch (err) {
      // The server's reason when it gave one (e.g. users still hold the role), else the page's message.
      setError(failureMessage(err, failed));
    }
  };
  return {
    row,
    error,
    ask: (next: T) => {
      asked.current = planFocus();
      disarm.current();
      setError(null);
      setRow(next);
    },
    cancel: () => setRow(null),
    confirm,
  };
}

/** The page's dialog and deletion state: which row is being created or edited, which one is up for deletion. */
export function useCrud<T>({ remove, deleted, deleteFailed }: CrudOptions<T>) {
  // null: no dialog; { row: null }: creating; { row }: editing that row.
  const [dialog, setDialog] = useState<{ row: T | null } | null>(null);
  const deletion = useRowConfirm<T>({ run: remove, done: deleted, failed: deleteFailed });

  return {
    dialog,
    openNew: () => setDialog({ row: null }),
    openEdit: (row: T) => setDialog({ row }),
    closeDialog: () => setDialog(null),
    deleting: deletion.row,
    deleteError: deletion.error,
    askDelete: deletion.ask,
    cancelDelete: deletion.cancel,
    confirmDelete: deletion.confirm,
  };
}

export type Crud<T> = ReturnType<typeof useCrud<T>>;

/** The header of an admin create/edit/delete page, with its "New …" button after any other actions (`children`). */
export function CrudHeader({ title, lead, newLabel, onNew, children }: { title: string; lead: string; newLabel: string; onNew(): void; children?: ReactNode }) {
  return (
    <PageHeader
      eyebrow={ADMIN_TEXT.eyebrow}
      title={title}
      description={lead}
      actions={
        <>
          {children}
          <Button onClick={onNew}>
            <Icon name="plus" size={16} />
            {newLabel}
          </Button>
        </>
      }
    />
  );
}

/**
 * An admin list's table: scrolls inside its focusable region when it is short of room, and folds
 * its rows into cards when the region is narrow (admin.css), so no cell or action is ever cut off.
 */
export function AdminTable<T, K extends RowKey>({ className, ...props }: DataTableProps<T, K>) {
  return <DataTable {...props} className={cx('adm-table', className)} />;
}

/**
 * The table's last column: the row's actions, under a heading only screen readers hear. `stacked`
 * puts a row's groups of actions one under the other (a row with many), so the column stays narrow.
 */
export function actionsColumn<T>(cell: (row: T) => ReactNode, { stacked = false }: { stacked?: boolean } = {}): DataTableColumn<T> {
  return { key: 'actions', header: <span className="ui-visually-hidden">{ADMIN_TEXT.colActions}</span>, align: 'end', className: stacked ? 'adm-actions-cell adm-actions-cell--stacked' : 'adm-actions-cell', cell };
}

export interface RowActionsProps {
  onEdit(): void;
  /** The Edit button's accessible name, naming the row. */
  editLabel: string;
  /** Omitted for a row that cannot be deleted. */
  onDelete?: () => void;
  deleteLabel: string;
  className?: string;
}

/** Edit and Delete for one row. */
export function RowActions({ onEdit, editLabel, onDelete, deleteLabel, className = 'adm-actions' }: RowActionsProps) {
  return (
    <span className={className}>
      <Button size="sm" variant="secondary" onClick={onEdit} aria-label={editLabel}>
        {ADMIN_TEXT.edit}
      </Button>
      {onDelete ? (
        <Button size="sm" variant="danger" onClick={onDelete} aria-label={deleteLabel}>
          {ADMIN_TEXT.delete}
        </Button>
      ) : null}
    </span>
  );
}

export interface DeleteDialogProps<T> {
  crud: Crud<T>;
  title: string;
  /** What the deletion does to this row, in words. */
  text(row: T): string;
  busy: boolean;
}

/** Asks before deleting the row `crud.deleting`; a failure stays in the dialog. */
export function DeleteDialog<T>({ crud, title, text, busy }: DeleteDialogProps<T>) {
  return (
    <ConfirmDialog
      open={crud.deleting !== null}
      title={title}
      confirmLabel={ADMIN_TEXT.delete}
      busyLabel={ADMIN_TEXT.deleting}
      cancelLabel={ADMIN_TEXT.cancel}
      busy={busy}
      error={crud.deleteError}
      onConfirm={() => void crud.confirmDelete()}
      onCancel={crud.cancelDelete}
    >
      <p>{crud.deleting ? text(crud.deleting) : ''}</p>
    </ConfirmDialog>
  );
}

export interface ListRegionProps {
  /** The rows have arrived (now or earlier). */
  loaded: boolean;
  error: unknown;
  /** The message when the load fails and the server gave no reason. */
  failed: string;
  loadingLabel: string;
  onRetry(): unknown;
  /** Also tell about a failed reload above rows that are still shown. */
  staleError?: boolean;
  children: ReactNode;
}

/** A list's region: loading, failed with a retry, or the list. */
export function ListRegion({ loaded, error, failed, loadingLabel, onRetry, staleError = false, children }: ListRegionProps) {
  const failure = error ? <ErrorState message={failureMessage(error, failed)} onRetry={onRetry} /> : null;
  if (!loaded) return failure ?? <LoadingState label={loadingLabel} />;
  return (
    <>
      {staleError ? failure : null}
      {children}
    </>
  );
}

/** The pages of an admin table, named after it. */
export function AdminPagination({ page, pageCount, onChange, table }: { page: number; pageCount: number; onChange(page: number): void; table: string }) {
  // A deletion that empties the last page leaves it past the end, with no pages to go back by: show the new last page.
  useEffect(() => {
    if (page > pageCount) onChange(pageCount);
  }, [page, pageCount, onChange]);
  return (
    <Pagination
      page={page}
      pageCount={pageCount}
      onChange={onChange}
      label={ADMIN_TEXT.pagination(table)}
      pageOf={ADMIN_TEXT.pageOf}
      previousLabel={ADMIN_TEXT.previousPage}
      nextLabel={ADMIN_TEXT.nextPage}
    />
  );
}

export interface ListFooterProps {
  /** The page shown, from 1, and the rows per page. */
  page: number;
  pageSize: number;
  /**
   * Rows of `page` and in the whole list; `shown` undefined until `page`'s own answer is in (the
   * previous page's rows may still be on screen: the summary would name the wrong rows).
   */
  shown: number | undefined;
  total: number | undefined;
  /** The rows in words ('users'), for 'Showing 1–20 of 45 users'. */
  noun: string;
  /** The table the pages belong to; names the pagination. */
  table: string;
  onPage(page: number): void;
}

/** Under a paged table: which rows are shown, then the pages. */
export function ListFooter({ page, pageSize, shown, total, noun, table, onPage }: ListFooterProps) {
  const from = (page - 1) * pageSize + 1;
  return (
    <div className="adm-list-footer">
      <p className="adm-summary" aria-live="polite">
        {total && shown ? ADMIN_TEXT.showing(from, from + shown - 1, total, noun) : ''}
      </p>
      <AdminPagination page={page} pageCount={pageCountOf(total, pageSize)} onChange={onPage} table={table} />
    </div>
  );
}

/** A person in a list: the name (and a note such as "(You)"), the email under it. */
export function NameAndEmail({ name, email, note }: { name: string; email: string; note?: string }) {
  return (
    <span className="adm-cell-main">
      <span>
        {name}
        {note ? ` ${note}` : ''}
      </span>
      <span className="adm-cell-sub">{email}</span>
    </span>
  );
}

/** A row's id and title, for lists keyed and named by them. */
export function idOf<T extends { id: number }>(row: T): number {
  return row.id;
}
export function titleOf<T extends { title: string }>(row: T): string {
  return row.title;
}

/** A failure of the form's own action, announced as an alert. */
export function FormFailure({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="ui-form-error" role="alert">
      {message}
    </p>
  );
}

export interface DialogFooterProps {
  busy: boolean;
  onCancel(): void;
  /** Creating a new row (the submit button says Create) rather than saving changes. */
  creating?: boolean;
  /** The submit button's own words and its words while busy (e.g. Send invitation, Sending…). */
  submitLabel?: string;
  busyLabel?: string;
}

/**
 * For a dialog whose form saves by itself: the form reports whether its save is under way, so the
 * dialog can hold Escape and × (`dismissible`) until the answer, which a refusal needs to keep what
 * was typed and show why. Closing or unmounting the form reports that nothing is under way.
 */
export function useReportSaving(saving: boolean, report: (saving: boolean) => void): void {
  useEffect(() => report(saving), [saving, report]);
  useEffect(() => () => report(false), [report]);
}

/** Cancel and the submit button of an admin form dialog. */
export function DialogFooter({ busy, onCancel, creating = false, submitLabel = creating ? ADMIN_TEXT.create : ADMIN_TEXT.save, busyLabel = ADMIN_TEXT.saving }: DialogFooterProps) {
  return (
    <div className="ui-modal__footer">
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        {ADMIN_TEXT.cancel}
      </Button>
      <Button type="submit" busy={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}

/**
 * The page of a paged table, and `resetting(set)`: a setter that also goes back to the first page,
 * for the filters (a changed filter starts its results over).
 */
export function usePage() {
  const [page, setPage] = useState(1);
  const resetting =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  return { page, setPage, resetting };
}

export interface SearchBarProps {
  /** The table the search narrows; names the search region. */
  table: string;
  placeholder: string;
  search: string;
  onSearch(value: string): void;
  /** The filters after the search box (a role, a class, a sort order). */
  children?: ReactNode;
}

/** The search toolbar above a table: its search box, which takes the free width, then the filters. */
export function SearchBar({ table, placeholder, search, onSearch, children }: SearchBarProps) {
  return (
    <form className="adm-toolbar" role="search" aria-label={table} onSubmit={(e) => e.preventDefault()}>
      <FormField label={ADMIN_TEXT.search} className="adm-toolbar__grow">
        {(p) => <input {...p} type="search" placeholder={placeholder} value={search} onChange={(e) => onSearch(e.target.value)} />}
      </FormField>
      {children}
    </form>
  );
}

export interface Choice<V extends string = string> {
  value: V;
  label: string;
}

/** Rows with an id and a name (roles, document classes) as choices. */
export function namedChoices(rows: ReadonlyArray<{ id: number; name: string }>): Choice[] {
  return rows.map((row) => ({ value: String(row.id), label: row.name }));
}

export interface ChoiceFieldProps<V extends string> {
  label: string;
  value: V | '';
  onChange(value: V | ''): void;
  choices: ReadonlyArray<Choice<V>>;
  /** The empty choice ('' value) first, e.g. 'All roles'. */
  placeholder?: string;
  /** The empty choice only prompts: it cannot be picked again (a required field). */
  placeholderDisabled?: boolean;
  hint?: string;
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
  className?: string;
}

/** A labelled select over a list of choices. */
export function ChoiceField<V extends string>({ label, value, onChange, choices, placeholder, placeholderDisabled = false, hint, error, required, disabled, className }: ChoiceFieldProps<V>) {
  return (
    <FormField label={label} hint={hint} error={error} required={required} className={className}>
      {(p) => (
        <select {...p} value={value} onChange={(e) => onChange(e.target.value as V | '')} disabled={disabled}>
          {placeholder === undefined ? null : (
            <option value="" disabled={placeholderDisabled}>
              {placeholder}
            </option>
          )}
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** A choice the form cannot go without: it prompts with its label ("Type…") until one is picked. */
export function RequiredChoiceField<V extends string>(props: Omit<ChoiceFieldProps<V>, 'placeholder' | 'placeholderDisabled' | 'required'>) {
  return <ChoiceField {...props} placeholder={`${props.label}…`} placeholderDisabled required />;
}

/** Why the roles list is missing, for the field that offers the roles; nothing while it loads or once it has loaded. */
export function rolesLoadError(roles: { error?: unknown; data?: unknown }): string | undefined {
  return roles.error && !roles.data ? failureMessage(roles.error, AREA_MESSAGES.rolesFetch) : undefined;
}

/** The roles query as the role fields read it. */
export interface RolesQuery {
  data?: { roles: ReadonlyArray<{ id: number; name: string }> };
  error?: unknown;
}

/** A toolbar's role filter: every role, or "All roles"; says so when the roles failed to load. */
export function RoleFilter({ roles, value, onChange }: { roles: RolesQuery; value: string; onChange(value: string): void }) {
  return <ChoiceField label={ADMIN_TEXT.colRole} value={value} onChange={onChange} placeholder={ADMIN_TEXT.allRoles} choices={namedChoices(roles.data?.roles ?? [])} error={rolesLoadError(roles)} />;
}

/** A form dialog's values, field errors and the failure of its save. */
export function useFormState<V extends object, E extends object>(initial: () => V, validate: (values: V) => E) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<E>({} as E);
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends keyof V>(field: K, value: V[K]) => setValues((current) => ({ ...current, [field]: value }));
  /** For a submit: shows the field errors and clears the last failure; true when the form may be sent. */
  const check = (): boolean => {
    const found = validate(values);
    setErrors(found);
    setFailure(null);
    return Object.keys(found).length === 0;
  };
  return { values, set, errors, failure, setFailure, check };
}

/** A form's optional text as the server takes it: trimmed, or null when blank. */
export function optionalText(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export interface TitleFieldsProps {
  values: { title: string; description: string };
  set(field: 'title' | 'description', value: string): void;
  errors: { title?: string; description?: string };
}

/** The top of a titled form: which fields are required, the title, then the description. */
export function TitleFields({ values, set, errors }: TitleFieldsProps) {
  return (
    <>
      <p className="adm-muted">{ADMIN_TEXT.requiredHint}</p>
      <FormField label={ADMIN_TEXT.titleLabel} error={errors.title} required>
        {(p) => <input {...p} type="text" value={values.title} onChange={(e) => set('title', e.target.value)} autoComplete="off" />}
      </FormField>
      <FormField label={ADMIN_TEXT.descriptionLabel} error={errors.description}>
        {(p) => <textarea {...p} rows={3} value={values.description} onChange={(e) => set('description', e.target.value)} />}
      </FormField>
    </>
  );
}

/** `set` with `value` added, or taken out when it was in (a checkbox list's selection). */
export function toggled<T>(set: ReadonlySet<T> | null, value: T): Set<T> {
  const next = new Set(set ?? []);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return next;
}
