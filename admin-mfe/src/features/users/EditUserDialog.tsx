import { useState, type FormEvent } from 'react';
import { Badge, Button, parseCalendarDate } from '@embark/shared-ui';
import { validateEmail, validateName } from '@embark/shared-ui/kit/validation';
import { ConfirmDialog } from '@embark/shared-ui/components/ConfirmDialog';
import { FormField } from '@embark/shared-ui/components/FormField';
import { Modal } from '@embark/shared-ui/components/Modal';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import type { AdminUserFieldsFragment } from '../../__generated__/graphql';
import { PersonPicker, personField, unpickedErrors, type PersonField } from '../../shared/PersonPicker';
import { ReonboardChoice } from '../../shared/ReonboardChoice';
import { ChoiceField, DialogFooter, FormFailure, namedChoices, rolesLoadError, useFormState, type RolesQuery } from '../../shared/scaffold';
import { failureMessage } from '../../shared/errors';
import { useAdminToast } from '../../shared/useAdminToast';
import { useResetUserTwoFactor, useUpdateUser } from '../../shared/api/useUsers';

type Field = 'name' | 'email' | 'role' | 'startDate' | 'manager' | 'buddy';

/**
 * Edit a user's name, email, role, start date, manager and buddy. Validated here with the server's
 * rules; the server's answer wins (a manager chain that would loop is only known there).
 */
export function EditUserDialog({ user, roles, isSelf, onClose }: { user: AdminUserFieldsFragment | null; roles: RolesQuery; isSelf: boolean; onClose(): void }) {
  // The save lives here so that Escape and × wait for its answer: a refusal keeps what was typed.
  const [update, { loading }] = useUpdateUser();
  return (
    <Modal open={user !== null} title={ADMIN_TEXT.editUserTitle} description={user?.email} onClose={onClose} dismissible={!loading}>
      {user ? <EditUserForm user={user} roles={roles} isSelf={isSelf} update={update} loading={loading} onClose={onClose} /> : null}
    </Modal>
  );
}

interface UserFormValues {
  id: number;
  name: string;
  email: string;
  role: string;
  startDate: string;
  manager: PersonField;
  buddy: PersonField;
  /** With a role change: the new role's tasks count from today (docs/product.md#due-dates). */
  reonboard: boolean;
}

/** A person the user form starts with: the saved id and name, or nobody. */
function savedPerson(id: number | null | undefined, name: string | null | undefined): PersonField {
  return personField(id === null || id === undefined ? null : { id, name: name ?? '' });
}

/** The start dates the gateway takes (its company calendar's years). */
const START_DATE_RANGE = { min: '2000-01-01', max: '2100-12-31' } as const;

/** The field errors of the user form, by the server's rules; empty when it may be sent. */
function validateUserForm(values: UserFormValues): Partial<Record<Field, string>> {
  const found: Partial<Record<Field, string>> = unpickedErrors({ manager: values.manager, buddy: values.buddy });
  if (values.manager.person?.id === values.id) found.manager = ADMIN_TEXT.selfManager;
  if (values.buddy.person?.id === values.id) found.buddy = ADMIN_TEXT.selfBuddy;
  const name = validateName(values.name);
  if (name) found.name = name;
  const email = validateEmail(values.email, { checkLength: true });
  if (email) found.email = email;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.startDate) || parseCalendarDate(values.startDate) === null) found.startDate = ADMIN_TEXT.startDateRequired;
  else if (values.startDate < START_DATE_RANGE.min || values.startDate > START_DATE_RANGE.max) found.startDate = ADMIN_TEXT.startDateOutOfRange;
  return found;
}

interface EditUserFormProps {
  user: AdminUserFieldsFragment;
  roles: RolesQuery;
  isSelf: boolean;
  update: ReturnType<typeof useUpdateUser>[0];
  loading: boolean;
  onClose(): void;
}

function EditUserForm({ user, roles, isSelf, update, loading, onClose }: EditUserFormProps) {
  const toast = useAdminToast();
  const { values, set, errors, failure, setFailure, check } = useFormState(
    (): UserFormValues => ({
      id: user.id,
      name: user.name,
      email: user.email,
      role: String(user.role_id),
      startDate: user.start_date,
      manager: savedPerson(user.manager_id, user.manager_name),
      buddy: savedPerson(user.buddy_id, user.buddy_name),
      reonboard: false,
    }),
    validateUserForm,
  );
  const [resetting, setResetting] = useState(false);
  const [resetError, setResetError] = useState<string | null>(null);
  const [resetTwoFactor, reset] = useResetUserTwoFactor();
  const [twoFactorOn, setTwoFactorOn] = useState(user.two_factor_enabled);
  const roleChanged = values.role !== String(user.role_id);

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
      const input = {
        name: values.name.trim(),
        email: values.email.trim(),
        role_id: Number(values.role),
        start_date: values.startDate,
        manager_id: values.manager.person?.id ?? null,
        buddy_id: values.buddy.person?.id ?? null,
        // Only a role change can start a checklist over.
        ...(roleChanged ? { reonboard: values.reonboard } : {}),
      };
      await update({ variables: { id: user.id, input } });
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
          choices={namedChoices(roles.data?.roles ?? [])}
          error={rolesLoadError(roles)}
          disabled={isSelf}
        />
        <FormField label={ADMIN_TEXT.startDateLabel} hint={ADMIN_TEXT.startDateHint} error={errors.startDate} required>
          {(p) => <input {...p} type="date" value={values.startDate} onChange={(e) => set('startDate', e.target.value)} />}
        </FormField>
      </div>
      {roleChanged ? <ReonboardChoice checked={values.reonboard} onChange={(reonboard) => set('reonboard', reonboard)} /> : null}
      <PersonPicker label={ADMIN_TEXT.managerLabel} value={values.manager} onChange={(manager) => set('manager', manager)} error={errors.manager} />
      <PersonPicker label={ADMIN_TEXT.buddyLabel} value={values.buddy} onChange={(buddy) => set('buddy', buddy)} error={errors.buddy} />
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
