import { useState, type FormEvent } from 'react';
import { ADMIN_ROLE_ID, AREA_MESSAGES } from '@embark/shared-ui';
import { FormField } from '@embark/shared-ui/components/FormField';
import { Modal } from '@embark/shared-ui/components/Modal';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import type { AdminRolesQuery } from '../../__generated__/graphql';
import { DialogFooter, FormFailure, optionalText, useFormState, useReportSaving } from '../../shared/scaffold';
import { failureMessage } from '../../shared/errors';
import { useAdminToast } from '../../shared/useAdminToast';
import { useCreateRole, useUpdateRole } from './api/useRoles';

type Role = AdminRolesQuery['roles'][number];

/** The gateway's role limits (roles.service.ts): name 1–100 characters, description at most 1000. */
export const ROLE_LIMITS = { nameMax: 100, descriptionMax: 1000 } as const;

/** Create (role null) or edit a role. */
export function RoleDialog({ open, role, onClose }: { open: boolean; role: Role | null; onClose(): void }) {
  const [saving, setSaving] = useState(false);
  return (
    <Modal open={open} title={role ? ADMIN_TEXT.editRoleTitle : ADMIN_TEXT.newRoleTitle} onClose={onClose} dismissible={!saving}>
      {open ? <RoleForm role={role} onClose={onClose} onSaving={setSaving} /> : null}
    </Modal>
  );
}

interface RoleFormValues {
  name: string;
  description: string;
}

/** The field errors of a role form; empty when it may be sent. */
function validateRoleForm({ name, description }: RoleFormValues): { name?: string; description?: string } {
  const errors: { name?: string; description?: string } = {};
  if (name.trim() === '') errors.name = ADMIN_TEXT.roleNameRequired;
  else if (name.trim().length > ROLE_LIMITS.nameMax) errors.name = ADMIN_TEXT.roleNameTooLong;
  if (description.trim().length > ROLE_LIMITS.descriptionMax) errors.description = ADMIN_TEXT.roleDescriptionTooLong;
  return errors;
}

function RoleForm({ role, onClose, onSaving }: { role: Role | null; onClose(): void; onSaving(saving: boolean): void }) {
  const toast = useAdminToast();
  const [create, creating] = useCreateRole();
  const [update, updating] = useUpdateRole();
  const { values, set, errors, failure, setFailure, check } = useFormState<RoleFormValues, ReturnType<typeof validateRoleForm>>(
    () => ({ name: role?.name ?? '', description: role?.description ?? '' }),
    validateRoleForm,
  );
  const busy = creating.loading || updating.loading;
  useReportSaving(busy, onSaving);
  const locked = role?.id === ADMIN_ROLE_ID;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check()) return;
    const input = { name: values.name.trim(), description: optionalText(values.description) };
    try {
      if (role) {
        await update({ variables: { id: role.id, input } });
        toast.success(ADMIN_TEXT.roleUpdated(input.name));
      } else {
        await create({ variables: { input } });
        toast.success(ADMIN_TEXT.roleCreated(input.name));
      }
      onClose();
    } catch (error) {
      // 'Failed to add role' / 'Failed to update role' unless the server said why.
      setFailure(failureMessage(error, role ? AREA_MESSAGES.roleUpdate : AREA_MESSAGES.roleAdd));
    }
  };

  return (
    <form className="adm-form" onSubmit={(e) => void submit(e)} noValidate>
      {/* The administrator role keeps its name (the registration form hides it by that name). */}
      <FormField label={ADMIN_TEXT.roleNameLabel} error={errors.name} hint={locked ? ADMIN_TEXT.adminRoleHint : undefined} required>
        {(p) => <input {...p} type="text" value={values.name} onChange={(e) => set('name', e.target.value)} autoComplete="off" readOnly={locked} />}
      </FormField>
      <FormField label={ADMIN_TEXT.roleDescriptionLabel} hint={ADMIN_TEXT.roleDescriptionHint} error={errors.description}>
        {(p) => <textarea {...p} rows={3} value={values.description} onChange={(e) => set('description', e.target.value)} />}
      </FormField>
      <FormFailure message={failure} />
      <DialogFooter busy={busy} onCancel={onClose} creating={!role} />
    </form>
  );
}
