import { useEffect, useId, useState, type FormEvent } from 'react';
import { LoadingState } from '@embark/shared-ui';
import { FormField } from '@embark/shared-ui/components/FormField';
import { Modal } from '@embark/shared-ui/components/Modal';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import type { AdminDocumentClassesQuery, AdminDocumentFieldsFragment, AdminRolesQuery } from '../../__generated__/graphql';
import { DialogFooter, FormFailure, namedChoices, optionalText, RequiredChoiceField, TitleFields, toggled, useFormState, useReportSaving } from '../../shared/scaffold';
import { failureMessage } from '../../shared/errors';
import { useAdminToast } from '../../shared/useAdminToast';
import { useCreateDocument, useDocumentLinks, useSetDocumentRoles, useUpdateDocument } from './api/useDocuments';
import { validateDocumentForm, type DocumentFormErrors, type DocumentFormValues } from './document-form';

type Doc = AdminDocumentFieldsFragment;
type Role = AdminRolesQuery['roles'][number];
type DocumentClass = AdminDocumentClassesQuery['documentClasses'][number];

interface Props {
  open: boolean;
  document: Doc | null;
  roles: readonly Role[];
  classes: readonly DocumentClass[];
  onClose(): void;
}

/** Create (document null) or edit a document: its text, link, class, policy flag and the roles that see it. */
export function DocumentDialog({ open, document, roles, classes, onClose }: Props) {
  const [saving, setSaving] = useState(false);
  return (
    <Modal open={open} title={document ? ADMIN_TEXT.editDocumentTitle : ADMIN_TEXT.newDocumentTitle} onClose={onClose} size="lg" dismissible={!saving}>
      {open ? <DocumentForm document={document} roles={roles} classes={classes} onClose={onClose} onSaving={setSaving} /> : null}
    </Modal>
  );
}

function DocumentForm({ document, roles, classes, onClose, onSaving }: Omit<Props, 'open'> & { onSaving(saving: boolean): void }) {
  const toast = useAdminToast();
  const links = useDocumentLinks(document?.id ?? null);
  const [create, creating] = useCreateDocument();
  const [update, updating] = useUpdateDocument();
  const [setRoles, settingRoles] = useSetDocumentRoles();
  const { values, set, errors, failure, setFailure, check } = useFormState<DocumentFormValues, DocumentFormErrors>(() => ({
    title: document?.title ?? '',
    description: document?.description ?? '',
    url: document?.url ?? '',
    classId: document ? String(document.document_class_id) : '',
    isPolicy: document?.is_company_policy ?? false,
  }), validateDocumentForm);
  // Who sees it: known at once for a new document (nobody), after the links load for an existing one.
  const [visibleTo, setVisibleTo] = useState<Set<number> | null>(document ? null : new Set());
  const loadedRoles = links.data?.documentLinks.role_ids;
  useEffect(() => {
    if (loadedRoles && visibleTo === null) setVisibleTo(new Set(loadedRoles));
  }, [loadedRoles, visibleTo]);
  // A retry after the roles failed updates the document this dialog created instead of creating a second one.
  const [createdId, setCreatedId] = useState<number | null>(null);
  const busy = creating.loading || updating.loading || settingRoles.loading;
  useReportSaving(busy, onSaving);
  const policyHintId = useId();

  const toggleRole = (id: number) => setVisibleTo((current) => toggled(current, id));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check()) return;
    const input = {
      title: values.title.trim(),
      description: optionalText(values.description),
      url: optionalText(values.url),
      document_class_id: Number(values.classId),
      is_company_policy: values.isPolicy,
    };
    const id = document?.id ?? createdId;
    try {
      const saved = id !== null ? (await update({ variables: { id, input } })).data?.updateDocument : (await create({ variables: { input } })).data?.createDocument;
      if (!saved) return;
      if (!document) setCreatedId(saved.id);
      const wanted = [...(visibleTo ?? [])].sort((a, b) => a - b);
      const before = [...(loadedRoles ?? [])].sort((a, b) => a - b);
      if (visibleTo !== null && wanted.join(',') !== before.join(',')) await setRoles({ variables: { id: saved.id, roleIds: wanted } });
      toast.success(document ? ADMIN_TEXT.documentUpdated(input.title) : ADMIN_TEXT.documentCreated(input.title));
      onClose();
    } catch (error) {
      setFailure(failureMessage(error, ADMIN_TEXT.documentSaveFailed));
    }
  };

  return (
    <form className="adm-form" onSubmit={(e) => void submit(e)} noValidate>
      <TitleFields values={values} set={set} errors={errors} />
      <div className="adm-form__row">
        <FormField label={ADMIN_TEXT.urlLabel} hint={ADMIN_TEXT.urlHint} error={errors.url}>
          {(p) => <input {...p} type="url" inputMode="url" placeholder="https://" value={values.url} onChange={(e) => set('url', e.target.value)} />}
        </FormField>
        <RequiredChoiceField label={ADMIN_TEXT.classLabel} value={values.classId} onChange={(classId) => set('classId', classId)} choices={namedChoices(classes)} error={errors.classId} />
      </div>
      <div className="ui-field">
        <label className="adm-check">
          <input type="checkbox" checked={values.isPolicy} onChange={(e) => set('isPolicy', e.target.checked)} aria-describedby={policyHintId} />
          <span>{ADMIN_TEXT.policyLabel}</span>
        </label>
        <p className="ui-field__hint" id={policyHintId}>
          {ADMIN_TEXT.policyHint}
        </p>
      </div>
      <fieldset className="adm-checks">
        <legend>{ADMIN_TEXT.visibleToLabel}</legend>
        <p className="adm-muted">{ADMIN_TEXT.visibleToHint}</p>
        {visibleTo === null ? (
          links.error ? (
            <p className="adm-muted" role="alert">
              {failureMessage(links.error, ADMIN_TEXT.documentsFailed)}
            </p>
          ) : (
            <LoadingState label={ADMIN_TEXT.visibleToLoading} />
          )
        ) : (
          roles.map((role) => (
            <label key={role.id} className="adm-check">
              <input type="checkbox" checked={visibleTo.has(role.id)} onChange={() => toggleRole(role.id)} />
              <span>{role.name}</span>
            </label>
          ))
        )}
      </fieldset>
      <FormFailure message={failure} />
      <DialogFooter busy={busy} onCancel={onClose} creating={!document} />
    </form>
  );
}
