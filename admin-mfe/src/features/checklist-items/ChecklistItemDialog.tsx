import { useRef, useState, type FormEvent } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { LoadingState, TASK_PRIORITY_TEXT, TASK_TYPE_TEXT } from '@embark/shared-ui';
import { FormField } from '@embark/shared-ui/components/FormField';
import { Modal } from '@embark/shared-ui/components/Modal';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import type { AdminChecklistItemFieldsFragment, AdminRolesQuery, ChecklistItemType } from '../../__generated__/graphql';
import { ChoiceField, DialogFooter, FormFailure, namedChoices, optionalText, RequiredChoiceField, TitleFields, toggled, useFormState, useReportSaving } from '../../shared/scaffold';
import { failureMessage } from '../../shared/errors';
import { useAdminToast } from '../../shared/useAdminToast';
import { useAllDocuments, useLinkDocument, useUnlinkDocument } from '../../shared/api/useCommon';
import { BEFORE_ITEM_LINKS, useCreateChecklistItem, useUpdateChecklistItem } from './api/useChecklistItems';
import { isOwnerType, ITEM_LIMITS, ITEM_PRIORITIES, ITEM_TYPES, OWNER_TYPES, validateItemForm, type ItemFormErrors, type ItemFormValues } from './item-form';

type Item = AdminChecklistItemFieldsFragment;
type Role = AdminRolesQuery['roles'][number];

const TYPE_CHOICES = ITEM_TYPES.map((type) => ({ value: type, label: TASK_TYPE_TEXT[type] }));
const PRIORITY_CHOICES = ITEM_PRIORITIES.map((priority) => ({ value: priority, label: TASK_PRIORITY_TEXT[priority] }));
const OWNER_CHOICES = OWNER_TYPES.map((owner) => ({ value: owner, label: ADMIN_TEXT.ownerTypes[owner] }));

/** Create (item null) or edit a checklist item, with the documents attached to it. */
export function ChecklistItemDialog({ open, item, roles, defaultRoleId, onClose }: { open: boolean; item: Item | null; roles: readonly Role[]; defaultRoleId: number | null; onClose(): void }) {
  const [saving, setSaving] = useState(false);
  return (
    <Modal open={open} title={item ? ADMIN_TEXT.editItemTitle : ADMIN_TEXT.newItemTitle} onClose={onClose} size="lg" dismissible={!saving}>
      {open ? <ItemForm item={item} roles={roles} defaultRoleId={defaultRoleId} onClose={onClose} onSaving={setSaving} /> : null}
    </Modal>
  );
}

function ItemForm({ item, roles, defaultRoleId, onClose, onSaving }: { item: Item | null; roles: readonly Role[]; defaultRoleId: number | null; onClose(): void; onSaving(saving: boolean): void }) {
  const toast = useAdminToast();
  const library = useAllDocuments();
  const [create, creating] = useCreateChecklistItem();
  const [update, updating] = useUpdateChecklistItem();
  const [link] = useLinkDocument();
  const [unlink] = useUnlinkDocument();
  const client = useApolloClient();
  const [linking, setLinking] = useState(false);
  const { values, set, errors, failure, setFailure, check } = useFormState<ItemFormValues, ItemFormErrors>(() => ({
    title: item?.title ?? '',
    description: item?.description ?? '',
    type: item?.type ?? '',
    priority: item?.priority ?? 'medium',
    dueDays: String(item?.due_days ?? 0),
    roleId: item ? (item.role_id === null || item.role_id === undefined ? '' : String(item.role_id)) : defaultRoleId === null ? '' : String(defaultRoleId),
    // An owner kind this screen does not know yet (a newer server) shows as the hire's.
    ownerType: item && isOwnerType(item.owner_type) ? item.owner_type : 'new_hire',
    ownerRoleId: item?.owner_role_id === null || item?.owner_role_id === undefined ? '' : String(item.owner_role_id),
  }), validateItemForm);
  const [attached, setAttached] = useState<Set<number>>(() => new Set((item?.documents ?? []).map((d) => d.id)));
  // What the server holds so far. A retry after a failed linking updates the item this dialog
  // created instead of creating a second one, and sends only the links still missing.
  const [createdId, setCreatedId] = useState<number | null>(null);
  const linked = useRef(new Set(attached));
  const busy = creating.loading || updating.loading || linking;
  useReportSaving(busy, onSaving);

  const toggle = (id: number) => setAttached((current) => toggled(current, id));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check()) return;
    const input = {
      title: values.title.trim(),
      description: optionalText(values.description),
      type: values.type as ChecklistItemType,
      priority: values.priority,
      due_days: Number(values.dueDays.trim()),
      role_id: values.roleId === '' ? null : Number(values.roleId),
      owner_type: values.ownerType,
      owner_role_id: values.ownerType === 'role' ? Number(values.ownerRoleId) : null,
    };
    const id = item?.id ?? createdId;
    // The documents module links one document per call; only the differences are sent.
    const toLink = [...attached].filter((docId) => !linked.current.has(docId));
    const toUnlink = [...linked.current].filter((docId) => !attached.has(docId));
    // The save leaves the list alone: it is read once, after the links (a link's answer names ids only),
    // and apart from the save, so a failed read never reports a save that went through as failed (the
    // admin would create the item twice).
    const after = { refetchQueries: BEFORE_ITEM_LINKS };
    let saved: Item | undefined;
    try {
      saved =
        id !== null
          ? (await update({ variables: { id, input }, ...after })).data?.updateChecklistItem
          : (await create({ variables: { input }, ...after })).data?.createChecklistItem;
    } catch (error) {
      setFailure(failureMessage(error, ADMIN_TEXT.itemSaveFailed));
      return;
    }
    if (!saved) return;
    if (!item) setCreatedId(saved.id);
    setLinking(true);
    let failed: unknown = null;
    try {
      for (const docId of toLink) {
        await link({ variables: { documentId: docId, itemId: saved.id } });
        linked.current.add(docId);
      }
      for (const docId of toUnlink) {
        await unlink({ variables: { documentId: docId, itemId: saved.id } });
        linked.current.delete(docId);
      }
    } catch (error) {
      failed = error;
    }
    // Read after a failed link too: the ones before it went through. The table and the next Edit then
    // show what is attached now. A failed read leaves the table as it was; the save stands.
    await client.refetchQueries({ include: ['AdminChecklistItems'] }).catch(() => undefined);
    setLinking(false);
    if (failed) {
      setFailure(failureMessage(failed, ADMIN_TEXT.linkFailed));
      return;
    }
    toast.success(item ? ADMIN_TEXT.itemUpdated(input.title) : ADMIN_TEXT.itemCreated(input.title));
    onClose();
  };

  return (
    <form className="adm-form" onSubmit={(e) => void submit(e)} noValidate>
      <TitleFields values={values} set={set} errors={errors} />
      <div className="adm-form__row">
        <RequiredChoiceField label={ADMIN_TEXT.typeLabel} value={values.type} onChange={(type) => set('type', type)} choices={TYPE_CHOICES} error={errors.type} />
        <ChoiceField label={ADMIN_TEXT.priorityLabel} value={values.priority} onChange={(priority) => set('priority', priority || 'medium')} choices={PRIORITY_CHOICES} />
        <FormField label={ADMIN_TEXT.dueDaysLabel} hint={ADMIN_TEXT.dueDaysHint} error={errors.dueDays} required>
          {(p) => <input {...p} type="number" min={ITEM_LIMITS.dueDaysMin} max={ITEM_LIMITS.dueDaysMax} step={1} value={values.dueDays} onChange={(e) => set('dueDays', e.target.value)} />}
        </FormField>
      </div>
      <ChoiceField
        label={ADMIN_TEXT.primaryRoleLabel}
        hint={ADMIN_TEXT.primaryRoleHint}
        value={values.roleId}
        onChange={(roleId) => set('roleId', roleId)}
        placeholder={ADMIN_TEXT.noRole}
        choices={namedChoices(roles)}
      />
      <div className="adm-form__row">
        <ChoiceField label={ADMIN_TEXT.ownerLabel} hint={ADMIN_TEXT.ownerHint} value={values.ownerType} onChange={(owner) => set('ownerType', owner || 'new_hire')} choices={OWNER_CHOICES} />
        {values.ownerType === 'role' ? (
          <RequiredChoiceField
            label={ADMIN_TEXT.ownerRoleLabel}
            hint={ADMIN_TEXT.ownerRoleHint}
            value={values.ownerRoleId}
            onChange={(roleId) => set('ownerRoleId', roleId)}
            choices={namedChoices(roles)}
            error={errors.ownerRoleId}
          />
        ) : null}
      </div>
      <fieldset className="adm-checks">
        <legend>{ADMIN_TEXT.documentsLabel}</legend>
        <p className="adm-muted">{ADMIN_TEXT.documentsHint}</p>
        {!library.documents ? (
          library.error ? (
            <p className="adm-muted" role="alert">
              {failureMessage(library.error, ADMIN_TEXT.documentsFailed)}
            </p>
          ) : (
            <LoadingState label={ADMIN_TEXT.documentsLoading} />
          )
        ) : library.documents.length === 0 ? (
          <p className="adm-muted">{ADMIN_TEXT.documentsNone}</p>
        ) : (
          library.documents.map((doc) => (
            <label key={doc.id} className="adm-check">
              <input type="checkbox" checked={attached.has(doc.id)} onChange={() => toggle(doc.id)} />
              <span>
                {doc.title} <span className="adm-cell-sub">({doc.document_class_name})</span>
              </span>
            </label>
          ))
        )}
      </fieldset>
      <FormFailure message={failure} />
      <DialogFooter busy={busy} onCancel={onClose} creating={!item} />
    </form>
  );
}
