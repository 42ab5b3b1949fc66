import { useState } from 'react';
import {
  Badge,
  Card,
  EmptyList,
  isSafeDocumentUrl,
  pageTitleFor,
  ROUTES,
  useDebouncedValue,
  useDocumentTitle,
} from '@embark/shared-ui';
import type { DataTableColumn } from '@embark/shared-ui/components/DataTable';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import type { AdminDocumentFieldsFragment } from '../../__generated__/graphql';
import { useAdminRoles, useDocumentClasses } from '../../shared/api/useCommon';
import { actionsColumn, AdminTable, ChoiceField, CrudHeader, DeleteDialog, FormFailure, ListFooter, ListRegion, namedChoices, rolesLoadError, RowActions, SearchBar, useCrud, usePage } from '../../shared/scaffold';
import { formatTimestampDate } from '../../shared/format';
import { DOCUMENTS_PAGE_SIZE, useDeleteDocument, useDocumentsPage } from './api/useDocuments';
import { DocumentDialog } from './DocumentDialog';
import { PolicyReport } from './PolicyReport';
import '../../shared/admin.css';

type Doc = AdminDocumentFieldsFragment;

/**
 * Manage Documents (`/app/admin/documents`): the library (create, edit, delete),
 * each document's class and the roles that see it, and company policies with the
 * acknowledgement report. The documents module owns these operations; this screen calls them.
 */
export function DocumentsPage() {
  const title = pageTitleFor(ROUTES.adminDocuments);
  useDocumentTitle(title);
  const [search, setSearch] = useState('');
  const [classFilter, setClassFilter] = useState('');
  const { page, setPage, resetting } = usePage();
  const debounced = useDebouncedValue(search.trim());
  const { data, previousData, error, loading, refetch } = useDocumentsPage({ search: debounced || null, classId: classFilter ? Number(classFilter) : null, page });
  const classes = useDocumentClasses();
  const roles = useAdminRoles();
  const [remove, removal] = useDeleteDocument();
  const crud = useCrud<Doc>({ remove: (doc) => remove({ variables: { id: doc.id } }), deleted: (doc) => ADMIN_TEXT.documentDeleted(doc.title), deleteFailed: ADMIN_TEXT.documentDeleteFailed });
  const result = data?.documents ?? previousData?.documents;
  const classList = classes.data?.documentClasses ?? [];

  const columns: Array<DataTableColumn<Doc>> = [
    {
      key: 'title',
      header: ADMIN_TEXT.colTitle,
      rowHeader: true,
      cell: (doc) => (
        <span className="adm-cell-main">
          {isSafeDocumentUrl(doc.url) ? (
            <a href={doc.url ?? undefined} target="_blank" rel="noopener noreferrer" aria-label={ADMIN_TEXT.openDocument(doc.title)}>
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
    { key: 'updated', header: ADMIN_TEXT.colUpdated, cell: (doc) => formatTimestampDate(doc.updated_at) },
    actionsColumn((doc) => (
      <RowActions onEdit={() => crud.openEdit(doc)} editLabel={ADMIN_TEXT.editDocument(doc.title)} onDelete={() => crud.askDelete(doc)} deleteLabel={ADMIN_TEXT.deleteDocument(doc.title)} />
    )),
  ];

  return (
    <div className="admin-page">
      <CrudHeader title={title} lead={ADMIN_TEXT.documentsLead} newLabel={ADMIN_TEXT.newDocument} onNew={crud.openNew} />
      <SearchBar table={ADMIN_TEXT.documentsTable} placeholder={ADMIN_TEXT.documentsSearchPlaceholder} search={search} onSearch={resetting(setSearch)}>
        <ChoiceField
          label={ADMIN_TEXT.classLabel}
          value={classFilter}
          onChange={resetting(setClassFilter)}
          placeholder={ADMIN_TEXT.allClasses}
          choices={namedChoices(classList)}
        />
      </SearchBar>
      <FormFailure message={rolesLoadError(roles)} />

      <ListRegion loaded={result !== undefined} error={error} failed={ADMIN_TEXT.documentsFailed} loadingLabel={ADMIN_TEXT.documentsListLoading} onRetry={refetch} staleError>
        <AdminTable
          caption={ADMIN_TEXT.documentsTable}
          columns={columns}
          rows={result?.data ?? []}
          rowKey={(doc) => doc.id}
          busy={loading}
          empty={debounced || classFilter ? <EmptyList title={ADMIN_TEXT.documentsNoMatch} icon="search" /> : <EmptyList title={ADMIN_TEXT.documentsEmptyTitle} hint={ADMIN_TEXT.documentsEmptyHint} icon="documents" />}
        />
        <ListFooter page={page} pageSize={DOCUMENTS_PAGE_SIZE} shown={data?.documents.data.length} total={result?.total} noun={ADMIN_TEXT.documentsNoun} table={ADMIN_TEXT.documentsTable} onPage={setPage} />
      </ListRegion>

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

      <DocumentDialog open={crud.dialog !== null} document={crud.dialog?.row ?? null} roles={roles.data?.roles ?? []} classes={classList} onClose={crud.closeDialog} />
      <DeleteDialog crud={crud} title={ADMIN_TEXT.deleteDocumentTitle} text={(doc) => ADMIN_TEXT.deleteDocumentText(doc.title)} busy={removal.loading} />
    </div>
  );
}

/** The host of a document link, or null without a readable one. */
/** The site a link goes to; none for a link that would not open (only http(s) links do). */
function hostOf(url: string | null | undefined): string | null {
  return url && isSafeDocumentUrl(url) ? new URL(url.trim()).host : null;
}
