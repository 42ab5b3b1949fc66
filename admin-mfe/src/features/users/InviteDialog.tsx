import type { FormEvent } from 'react';
import { validateEmail, validateName, validateRole } from '@embark/shared-ui/kit/validation';
import { FormField } from '@embark/shared-ui/components/FormField';
import { Modal } from '@embark/shared-ui/components/Modal';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import { failureMessage } from '../../shared/errors';
import { PersonPicker, personField, unpickedErrors, type PersonField } from '../../shared/PersonPicker';
import { DialogFooter, FormFailure, namedChoices, RequiredChoiceField, rolesLoadError, useFormState, type RolesQuery } from '../../shared/scaffold';
import { useAdminToast } from '../../shared/useAdminToast';
import { useInviteUser } from './api/useInvitations';

interface InviteValues {
  email: string;
  name: string;
  role: string;
  startDate: string;
  manager: PersonField;
  buddy: PersonField;
}

type InviteErrors = Partial<Record<'email' | 'name' | 'role' | 'manager' | 'buddy', string>>;

/** The invitation form's field errors, by the registration rules the server applies too. */
function validateInvite(values: InviteValues): InviteErrors {
  const found: InviteErrors = unpickedErrors({ manager: values.manager, buddy: values.buddy });
  const email = validateEmail(values.email, { checkLength: true });
  if (email) found.email = email;
  const name = validateName(values.name);
  if (name) found.name = name;
  const role = validateRole(values.role);
  if (role) found.role = role;
  return found;
}

/** Invite one new hire (docs/product.md#registration): the mail with their link goes out when it is saved. */
export function InviteDialog({ open, roles, onClose }: { open: boolean; roles: RolesQuery; onClose(): void }) {
  // The request lives here so that Escape and × wait for its answer, which the form shows.
  const [invite, { loading }] = useInviteUser();
  return (
    <Modal open={open} title={ADMIN_TEXT.inviteTitle} description={ADMIN_TEXT.inviteLead} onClose={onClose} dismissible={!loading}>
      {open ? <InviteForm roles={roles} invite={invite} loading={loading} onClose={onClose} /> : null}
    </Modal>
  );
}

function InviteForm({ roles, invite, loading, onClose }: { roles: RolesQuery; invite: ReturnType<typeof useInviteUser>[0]; loading: boolean; onClose(): void }) {
  const toast = useAdminToast();
  const { values, set, errors, failure, setFailure, check } = useFormState<InviteValues, InviteErrors>(
    () => ({ email: '', name: '', role: '', startDate: '', manager: personField(null), buddy: personField(null) }),
    validateInvite,
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check()) return;
    const email = values.email.trim();
    try {
      await invite({
        variables: {
          input: {
            email,
            name: values.name.trim(),
            role_id: Number(values.role),
            start_date: values.startDate || null,
            manager_id: values.manager.person?.id ?? null,
            buddy_id: values.buddy.person?.id ?? null,
          },
        },
      });
      toast.success(ADMIN_TEXT.invited(email));
      onClose();
    } catch (error) {
      // The server's reason when it gave one (an account or a pending invitation has that email).
      setFailure(failureMessage(error, ADMIN_TEXT.inviteFailed));
    }
  };

  return (
    <form className="adm-form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="adm-muted">{ADMIN_TEXT.requiredHint}</p>
      <FormField label={ADMIN_TEXT.emailLabel} error={errors.email} required>
        {(p) => <input {...p} type="email" autoComplete="off" value={values.email} onChange={(e) => set('email', e.target.value)} />}
      </FormField>
      <FormField label={ADMIN_TEXT.nameLabel} error={errors.name} required>
        {(p) => <input {...p} type="text" autoComplete="off" value={values.name} onChange={(e) => set('name', e.target.value)} />}
      </FormField>
      <div className="adm-form__row">
        <RequiredChoiceField label={ADMIN_TEXT.roleLabel} value={values.role} onChange={(role) => set('role', role)} choices={namedChoices(roles.data?.roles ?? [])} error={errors.role ?? rolesLoadError(roles)} />
        <FormField label={ADMIN_TEXT.startDateLabel} hint={ADMIN_TEXT.inviteStartDateHint}>
          {(p) => <input {...p} type="date" value={values.startDate} onChange={(e) => set('startDate', e.target.value)} />}
        </FormField>
      </div>
      <PersonPicker label={ADMIN_TEXT.managerLabel} value={values.manager} onChange={(manager) => set('manager', manager)} error={errors.manager} />
      <PersonPicker label={ADMIN_TEXT.buddyLabel} value={values.buddy} onChange={(buddy) => set('buddy', buddy)} error={errors.buddy} />
      <FormFailure message={failure} />
      <DialogFooter busy={loading} onCancel={onClose} submitLabel={ADMIN_TEXT.inviteSubmit} busyLabel={ADMIN_TEXT.sending} />
    </form>
  );
}
