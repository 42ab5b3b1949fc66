import { useState } from 'react';
import {
  AREA_MESSAGES,
  Badge,
  Button,
  Card,
  Icon,
  PageHeader,
  pageTitleFor,
  ROUTES,
  useDocumentTitle,
} from '@embark/shared-ui';
import { ConfirmDialog } from '@embark/shared-ui/components/ConfirmDialog';
import { DataTable, type DataTableColumn } from '@embark/shared-ui/components/DataTable';
import { FormField } from '@embark/shared-ui/components/FormField';
import { Pagination } from '@embark/shared-ui/components/Pagination';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import type { AdminDocumentFieldsFragment } from '../../__generated__/graphql';
import { useAdminRoles, useDocumentClasses } from '../../shared/api/useCommon';
import { failureMessage } from '../../shared/errors';
import { EmptyList, ErrorState, LoadingState } from '../../shared/states';
import { useAdminToast } from '../../shared/useAdminToast';
import { useDebouncedValue } from '../../shared/useDebouncedValue';
import { formatDate } from '../../shared/format';
import { DOCUMENTS_PAGE_SIZE, useDeleteDocument, useDocumentsPage } from './api/useDocuments';
import { DocumentDialog } from './DocumentDialog';
import { PolicyReport } from './PolicyReport';
import '../../shared/admin.css';

type Doc = AdminDocumentFieldsFragment;

/**
 * Manage Documents (`/app/admin/documents`, issue 8 item 5): the library (create, edit, delete),
 * each document's class and the roles that see it, and company policies with the
 * acknowledgement report. The documents module owns these operations; this screen calls them.
 */
export function DocumentsPage() {
  const title = pageTitleFor(ROUTES.adminDocuments);
  useDocumentTitle(title);
  const toast = useAdminToast();
  const [search, setSearch] = useState('');
  const [classFilter, setClassFilter] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search.trim());
  const { data, previousData, error, loading, refetch } = useDocumentsPage({ search: debounced || null, classId: classFilter ? Number(classFilter) : null, page });
  const classes = useDocumentClasses();
  const roles = useAdminRoles();
  const [dialog, setDialog] = useState<{ document: Doc | null } | null>(null);
  const [deleting, setDeleting] = useState<Doc | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [remove, removal] = useDeleteDocument();
  const result = data?.documents ?? previousData?.documents;
  const classList = classes.data?.documentClasses ?? [];
  const pageCount = result ? Math.max(1, Math.ceil(result.total / DOCUMENTS_PAGE_SIZE)) : 1;
  const from = result && result.total > 0 ? (page - 1) * DOCUMENTS_PAGE_SIZE + 1 : 0;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove({ variables: { id: deleting.id } });
      toast.success(ADMIN_TEXT.documentDeleted(deleting.title));
      setDeleting(null);
    } catch (err) {
      setDeleteError(failureMessage(err, ADMIN_TEXT.documentDeleteFailed));
    }
  };

  const columns: Array<DataTableColumn<Doc>> = [
    {
      key: 'title',
      header: ADMIN_TEXT.colTitle,
      rowHeader: true,
      cell: (doc) => (
        <span className="adm-cell-main">
          {doc.url ? (
            <a href={doc.url} target="_blank" rel="noopener noreferrer" aria-label={ADMIN_TEXT.openDocument(doc.title)}>
              {doc.title}
            </a>
          ) : (
            <span>{doc.title}</span>
          )}
          {doc.description ? <span className="adm-cell-sub adm-clamp">{doc.description}</span> : null}
        </span>
      ),
    },
    { key: 'class', header: ADMIN_TEXT.colClass, cell: (doc) => <Badge tone="info">{doc.document_class_name}</Badge> },
    { key: 'policy', header: ADMIN_TEXT.policyLabel, cell: (doc) => (doc.is_company_policy ? <Badge tone="primary">{ADMIN_TEXT.policyBadge}</Badge> : ADMIN_TEXT.none) },
    { key: 'link', header: ADMIN_TEXT.urlLabel, cell: (doc) => <span className="adm-cell-sub">{hostOf(doc.url) ?? ADMIN_TEXT.noUrl}</span> },
    { key: 'updated', header: ADMIN_TEXT.colUpdated, cell: (doc) => formatDate(doc.updated_at) },
    {
      key: 'actions',
      header: <span className="ui-visually-hidden">{ADMIN_TEXT.colActions}</span>,
      align: 'end',
      cell: (doc) => (
        <span className="adm-actions">
          <Button size="sm" variant="secondary" onClick={() => setDialog({ document: doc })} aria-label={ADMIN_TEXT.editDocument(doc.title)}>
            {ADMIN_TEXT.edit}
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => {
              setDeleteError(null);
              setDeleting(doc);
            }}
            aria-label={ADMIN_TEXT.deleteDocument(doc.title)}
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
        description={ADMIN_TEXT.documentsLead}
        actions={
          <Button onClick={() => setDialog({ document: null })}>
            <Icon name="plus" size={16} />
            {ADMIN_TEXT.newDocument}
          </Button>
        }
      />
      <form className="adm-toolbar" role="search" aria-label={ADMIN_TEXT.documentsTable} onSubmit={(e) => e.preventDefault()}>
        <FormField label={ADMIN_TEXT.search} className="adm-toolbar__grow">
          {(p) => (
            <input
              {...p}
              type="search"
              placeholder={ADMIN_TEXT.documentsSearchPlaceholder}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
            />
          )}
        </FormField>
        <FormField label={ADMIN_TEXT.classLabel}>
          {(p) => (
            <select
              {...p}
              value={classFilter}
              onChange={(e) => {
                setClassFilter(e.target.value);
                setPage(1);
              }}
            >
              <option value="">{ADMIN_TEXT.allClasses}</option>
              {classList.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </form>
      {roles.error && !roles.data ? (
        <p className="ui-form-error" role="alert">
          {failureMessage(roles.error, AREA_MESSAGES.rolesFetch)}
        </p>
      ) : null}

      {!result ? (
        error ? (
          <ErrorState message={failureMessage(error, ADMIN_TEXT.documentsFailed)} onRetry={() => void refetch().catch(() => undefined)} />
        ) : (
          <LoadingState label={ADMIN_TEXT.documentsListLoading} />
        )
      ) : (
        <>
          <DataTable
            caption={ADMIN_TEXT.documentsTable}
            columns={columns}
            rows={result.data}
            rowKey={(doc) => doc.id}
            busy={loading}
            empty={debounced || classFilter ? <EmptyList title={ADMIN_TEXT.documentsNoMatch} icon="search" /> : <EmptyList title={ADMIN_TEXT.documentsEmptyTitle} hint={ADMIN_TEXT.documentsEmptyHint} icon="documents" />}
          />
          <div className="adm-list-footer">
            <p className="adm-summary" aria-live="polite">
              {result.total > 0 ? ADMIN_TEXT.showing(from, from + result.data.length - 1, result.total, ADMIN_TEXT.documentsNoun) : ''}
            </p>
            <Pagination page={page} pageCount={pageCount} onChange={setPage} label={ADMIN_TEXT.pagination(ADMIN_TEXT.documentsTable)} pageOf={ADMIN_TEXT.pageOf} previousLabel={ADMIN_TEXT.previousPage} nextLabel={ADMIN_TEXT.nextPage} />
          </div>
        </>
      )}

      <div className="adm-index-grid">
        <PolicyReport />
        <Card title={ADMIN_TEXT.classesHeading}>
          <p className="adm-muted">{ADMIN_TEXT.classesHint}</p>
          <ul className="adm-badges adm-classes">
            {classList.map((c) => (
              <li key={c.id}>
                <Badge tone="info">{c.name}</Badge>
              </li>
            ))}
          </ul>
        </Card>
      </div>

      <DocumentDialog
        open={dialog !== null}
        document={dialog?.document ?? null}
        roles={roles.data?.roles ?? []}
        classes={classList}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={ADMIN_TEXT.deleteDocumentTitle}
        confirmLabel={ADMIN_TEXT.delete}
        busyLabel={ADMIN_TEXT.deleting}
        cancelLabel={ADMIN_TEXT.cancel}
        busy={removal.loading}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{deleting ? ADMIN_TEXT.deleteDocumentText(deleting.title) : ''}</p>
      </ConfirmDialog>
    </div>
  );
}

/** The host of a document link, or null without a readable one. */
function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
