import { useState } from 'react';
import {
  Badge,
  EmptyList,
  LoadingState,
  PageHeader,
  pageTitleFor,
  ROUTES,
  TASK_TYPE_TEXT,
  useDocumentTitle,
} from '@embark/shared-ui';
import { type DataTableColumn } from '@embark/shared-ui/components/DataTable';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import type { AdminDocumentFieldsFragment } from '../../__generated__/graphql';
import { ChoiceField, FormFailure, idOf, ListRegion, titleOf } from '../../shared/scaffold';
import { useAdminChecklistItems, useAllDocuments, useLinkDocument, useUnlinkDocument } from '../../shared/api/useCommon';
import { failureMessage } from '../../shared/errors';
import { LinkManager } from '../../shared/LinkManager';
import { useAdminToast } from '../../shared/useAdminToast';
import '../../shared/admin.css';

type Doc = AdminDocumentFieldsFragment;

const COLUMNS: ReadonlyArray<DataTableColumn<Doc>> = [
  { key: 'title', header: ADMIN_TEXT.colTitle, rowHeader: true, cell: (doc) => doc.title },
  { key: 'class', header: ADMIN_TEXT.colClass, cell: (doc) => <Badge tone="info">{doc.document_class_name}</Badge> },
  { key: 'policy', header: <span className="ui-visually-hidden">{ADMIN_TEXT.policyLabel}</span>, cell: (doc) => (doc.is_company_policy ? <Badge tone="primary">{ADMIN_TEXT.policyBadge}</Badge> : null) },
];

/** Document-Checklist Items (`/app/admin/document-checklist`): which documents belong to which checklist item. */
export function DocumentChecklistPage() {
  const title = pageTitleFor(ROUTES.adminDocumentChecklist);
  useDocumentTitle(title);
  const toast = useAdminToast();
  const items = useAdminChecklistItems();
  const library = useAllDocuments();
  const [itemId, setItemId] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [link] = useLinkDocument();
  const [unlink] = useUnlinkDocument();
  const all = items.data?.adminChecklistItems ?? items.previousData?.adminChecklistItems;
  const item = all?.find((i) => String(i.id) === itemId);

  // The documents module links one document per call: a bulk change is a run of calls, then one reload.
  const change = async (kind: 'link' | 'unlink', ids: number[]) => {
    if (!item) return;
    setBusy(true);
    setFailure(null);
    try {
      for (const documentId of ids) {
        if (kind === 'link') await link({ variables: { documentId, itemId: item.id } });
        else await unlink({ variables: { documentId, itemId: item.id } });
      }
      toast.success(kind === 'link' ? ADMIN_TEXT.documentsLinked(ids.length) : ADMIN_TEXT.documentsUnlinked(ids.length));
    } catch (error) {
      setFailure(failureMessage(error, ADMIN_TEXT.linkFailed));
      throw error;
    } finally {
      await items.refetch().catch(() => undefined);
      setBusy(false);
    }
  };

  const linkedIds = new Set((item?.documents ?? []).map((d) => d.id));
  return (
    <div className="admin-page">
      <PageHeader eyebrow={ADMIN_TEXT.eyebrow} title={title} description={ADMIN_TEXT.documentChecklistLead} />
      <div className="adm-toolbar">
        <ChoiceField
          label={ADMIN_TEXT.chooseItem}
          className="adm-toolbar__grow"
          value={itemId}
          onChange={setItemId}
          placeholder={ADMIN_TEXT.chooseItemPlaceholder}
          choices={(all ?? []).map((i) => ({ value: String(i.id), label: `${i.title} (${TASK_TYPE_TEXT[i.type]})` }))}
          error={items.error && !all ? failureMessage(items.error, ADMIN_TEXT.itemsFailed) : undefined}
        />
      </div>
      <FormFailure message={failure} />
      {!item ? (
        !all && !items.error ? <LoadingState label={ADMIN_TEXT.itemsLoading} /> : <EmptyList title={ADMIN_TEXT.pickItemFirst} icon="links" />
      ) : (
        <ListRegion loaded={library.documents !== undefined} error={library.error} failed={ADMIN_TEXT.documentsFailed} loadingLabel={ADMIN_TEXT.documentsListLoading} onRetry={library.reload}>
          <LinkManager
            // A new item starts with nothing selected: ticks made for another item must not act on it.
            key={item.id}
            linked={(library.documents ?? []).filter((doc) => linkedIds.has(doc.id))}
            available={(library.documents ?? []).filter((doc) => !linkedIds.has(doc.id))}
            rowKey={idOf}
            title={titleOf}
            columns={COLUMNS}
            busy={busy}
            error={failure}
            onAdd={(ids) => change('link', ids)}
            onRemove={(ids) => change('unlink', ids)}
            text={{
              linkedHeading: ADMIN_TEXT.linkedDocumentsHeading,
              availableHeading: ADMIN_TEXT.availableDocumentsHeading,
              linkedCaption: ADMIN_TEXT.linkedDocumentsTable(item.title),
              availableCaption: ADMIN_TEXT.availableDocumentsTable,
              rowLabel: ADMIN_TEXT.selectDocument,
              allLabel: ADMIN_TEXT.selectAllDocuments,
              addLabel: ADMIN_TEXT.linkSelected,
              removeLabel: ADMIN_TEXT.unlinkSelected,
              emptyLinked: ADMIN_TEXT.noLinkedDocuments,
              emptyAvailable: ADMIN_TEXT.noAvailableDocuments,
              confirmTitle: ADMIN_TEXT.unlinkTitle,
              confirmText: (n) => ADMIN_TEXT.unlinkText(n, item.title),
              confirmLabel: ADMIN_TEXT.unlinkConfirm,
              confirmBusy: ADMIN_TEXT.unlinking,
            }}
          />
        </ListRegion>
      )}
    </div>
  );
}
