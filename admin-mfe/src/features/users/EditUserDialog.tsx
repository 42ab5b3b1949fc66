import { useState, type FormEvent } from 'react';
import { Badge, Button } from '@embark/shared-ui';
import { validateEmail, validateName } from '@embark/shared-ui/kit/validation';
import { ConfirmDialog } from '@embark/shared-ui/components/ConfirmDialog';
import { FormField } from '@embark/shared-ui/components/FormField';
import { Modal } from '@embark/shared-ui/components/Modal';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import type { AdminRolesQuery, AdminUserFieldsFragment } from '../../__generated__/graphql';
import { ChoiceField, DialogFooter, FormFailure, namedChoices, useFormState } from '../../shared/scaffold';
import { failureMessage } from '../../shared/errors';
import { useAdminToast } from '../../shared/useAdminToast';
import { useResetUserTwoFactor, useUpdateUser } from '../../shared/api/useUsers';

type Role = AdminRolesQuery['roles'][number];
type Field = 'name' | 'email' | 'role' | 'startDate';

/** Edit a user's name, email, role and start date. Validated here with the server's rules; the server's answer wins. */
export function EditUserDialog({ user, roles, isSelf, onClose }: { user: AdminUserFieldsFragment | null; roles: readonly Role[]; isSelf: boolean; onClose(): void }) {
  return (
    <Modal open={user !== null} title={ADMIN_TEXT.editUserTitle} description={user?.email} onClose={onClose}>
      {user ? <EditUserForm user={user} roles={roles} isSelf={isSelf} onClose={onClose} /> : null}
    </Modal>
  );
}

interface UserFormValues {
  name: string;
  email: string;
  role: string;
  startDate: string;
}

/** The field errors of the user form, by the server's rules; empty when it may be sent. */
function validateUserForm(values: UserFormValues): Partial<Record<Field, string>> {
  const found: Partial<Record<Field, string>> = {};
  const name = validateName(values.name);
  if (name) found.name = name;
  const email = validateEmail(values.email, { checkLength: true });
  if (email) found.email = email;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.startDate)) found.startDate = ADMIN_TEXT.startDateRequired;
  return found;
}

function EditUserForm({ user, roles, isSelf, onClose }: { user: AdminUserFieldsFragment; roles: readonly Role[]; isSelf: boolean; onClose(): void }) {
  const toast = useAdminToast();
  const [update, { loading }] = useUpdateUser();
  const { values, set, errors, failure, setFailure, check } = useFormState(
    () => ({ name: user.name, email: user.email, role: String(user.role_id), startDate: user.start_date }),
    validateUserForm,
  );
  const [resetting, setResetting] = useState(false);
  const [resetError, setResetError] = useState<string | null>(null);
  const [resetTwoFactor, reset] = useResetUserTwoFactor();
  const [twoFactorOn, setTwoFactorOn] = useState(user.two_factor_enabled);

  const confirmReset = async () => {
    try {
      await resetTwoFactor({ variables: { id: user.id } });
      toast.success(ADMIN_TEXT.twoFactorReset(user.name));
      setTwoFactorOn(false);
      setResetting(false);
    } catch (error) {
      setResetError(failureMessage(error, ADMIN_TEXT.resetTwoFactorFailed));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check()) return;
    try {
      await update({ variables: { id: user.id, input: { name: values.name.trim(), email: values.email.trim(), role_id: Number(values.role), start_date: values.startDate } } });
      toast.success(ADMIN_TEXT.userUpdated(values.name.trim()));
      onClose();
    } catch (error) {
      setFailure(failureMessage(error, ADMIN_TEXT.userUpdateFailed));
    }
  };

  return (
    <form className="adm-form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="adm-muted">{ADMIN_TEXT.requiredHint}</p>
      <FormField label={ADMIN_TEXT.nameLabel} error={errors.name} required>
        {(p) => <input {...p} type="text" autoComplete="off" value={values.name} onChange={(e) => set('name', e.target.value)} />}
      </FormField>
      <FormField label={ADMIN_TEXT.emailLabel} error={errors.email} required>
        {(p) => <input {...p} type="email" autoComplete="off" value={values.email} onChange={(e) => set('email', e.target.value)} />}
      </FormField>
      <div className="adm-form__row">
        <ChoiceField
          label={ADMIN_TEXT.roleLabel}
          hint={isSelf ? ADMIN_TEXT.adminRoleHint : undefined}
          value={values.role}
          onChange={(role) => set('role', role)}
          choices={namedChoices(roles)}
          disabled={isSelf}
        />
        <FormField label={ADMIN_TEXT.startDateLabel} hint={ADMIN_TEXT.startDateHint} error={errors.startDate} required>
          {(p) => <input {...p} type="date" value={values.startDate} onChange={(e) => set('startDate', e.target.value)} />}
        </FormField>
      </div>
      <section className="adm-security" aria-label={ADMIN_TEXT.accountHeading}>
        <h3 className="adm-security__title">{ADMIN_TEXT.accountHeading}</h3>
        <div className="adm-security__row">
          <p className="adm-muted">
            {twoFactorOn ? <Badge tone="info">{ADMIN_TEXT.twoFactorOn}</Badge> : null} {twoFactorOn ? ADMIN_TEXT.twoFactorEnabledText : ADMIN_TEXT.twoFactorOffText}
          </p>
          {twoFactorOn && !isSelf ? (
            <Button
              size="sm"
              variant="danger"
              onClick={() => {
                setResetError(null);
                setResetting(true);
              }}
              aria-label={ADMIN_TEXT.resetTwoFactorUser(user.name)}
            >
              {ADMIN_TEXT.resetTwoFactor}
            </Button>
          ) : null}
        </div>
      </section>
      <FormFailure message={failure} />
      <ConfirmDialog
        open={resetting}
        title={ADMIN_TEXT.resetTwoFactorTitle}
        confirmLabel={ADMIN_TEXT.resetTwoFactor}
        busyLabel={ADMIN_TEXT.resettingTwoFactor}
        cancelLabel={ADMIN_TEXT.cancel}
        busy={reset.loading}
        error={resetError}
        onConfirm={() => void confirmReset()}
        onCancel={() => setResetting(false)}
      >
        <p>{ADMIN_TEXT.resetTwoFactorText(user.name)}</p>
      </ConfirmDialog>
      <DialogFooter busy={loading} onCancel={onClose} />
    </form>
  );
}
