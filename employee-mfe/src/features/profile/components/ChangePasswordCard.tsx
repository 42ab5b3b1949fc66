import { useContext, useEffect, useRef, useState, type FormEvent } from 'react';
import { AuthContext, Button, Card, isApiError, useToast } from '@embark/shared-ui';
import { validateNewPasswordForm } from '@embark/shared-ui/kit/validation';
import { ACCOUNT_TEXT, AUTH_TEXT } from '@embark/shared-ui/page-text/auth';
import { CHANGE_PASSWORD_TEXT as TEXT, PROFILE_SECURITY_TEXT } from '@embark/shared-ui/page-text/profile';
import { changePasswordApi, type ChangePasswordApi } from '../api/change-password-api';
import { Field } from './Field';

type FieldName = 'current' | 'password' | 'confirmation';
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, string>>;

const EMPTY: Values = { current: '', password: '', confirmation: '' };
const ORDER: readonly FieldName[] = ['current', 'password', 'confirmation'];

export interface ChangePasswordCardProps {
  /** The call (tests pass a fake). */
  api?: ChangePasswordApi;
  /** After a change: the server has ended the user's other sessions. */
  onOtherSessionsEnded?(): void;
}

function validate(values: Values): Errors {
  return {
    ...(values.current === '' ? { current: TEXT.currentRequired } : {}),
    ...validateNewPasswordForm({ password: values.password, confirmation: values.confirmation }),
  };
}

/**
 * Where a refusal's words go: a wrong current password on that field, any other 400 (too common,
 * contains the email) on the new password, anything else above the form.
 */
function placeRefusal(error: unknown): { field?: FieldName; message: string } {
  if (isApiError(error) && error.status === 400) {
    const wrongCurrent = error.serverError?.trim() === TEXT.currentWrong || (error.details ?? []).includes(TEXT.currentWrong);
    return wrongCurrent ? { field: 'current', message: TEXT.currentWrong } : { field: 'password', message: error.message };
  }
  return { message: isApiError(error) ? error.message : String(error) };
}

/**
 * Profile → Security → Password (docs/product.md#passwords): the current password, the new one twice with the
 * registration rule. The server's refusals are shown on the field they concern. On success this
 * session carries on with the fresh token and the user's other sessions end.
 */
export function ChangePasswordCard({ api = changePasswordApi, onOtherSessionsEnded }: ChangePasswordCardProps) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const openArea = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (!open && returnFocus.current) openArea.current?.querySelector('button')?.focus();
  }, [open]);

  function close() {
    returnFocus.current = true;
    setOpen(false);
  }

  return (
    <Card title={TEXT.heading} headingLevel={3} className="profile-password">
      <div className="profile-2fa__body">
        <p className="profile-2fa__lead">{TEXT.lead}</p>
        {open ? (
          <ChangePasswordForm
            api={api}
            onCancel={close}
            onChanged={() => {
              toast.success(TEXT.changedToast);
              onOtherSessionsEnded?.();
              close();
            }}
          />
        ) : (
          <div ref={openArea}>
            <Button variant="secondary" onClick={() => setOpen(true)}>
              {TEXT.open}
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}

function ChangePasswordForm({ api, onCancel, onChanged }: { api: ChangePasswordApi; onCancel(): void; onChanged(): void }) {
  // Optional context: the standalone dev page has no AuthProvider.
  const email = useContext(AuthContext)?.user?.email;
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [refused, setRefused] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
  const errors = validate(values);
  const shown = (field: FieldName) => refused[field] ?? (touched[field] ? errors[field] : undefined);

  useEffect(() => {
    inputs.current.current?.focus();
  }, []);

  function change(field: FieldName, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (refused[field]) setRefused({});
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const firstInvalid = ORDER.find((field) => errors[field]);
    if (firstInvalid) {
      setTouched({ current: true, password: true, confirmation: true });
      inputs.current[firstInvalid]?.focus();
      return;
    }
    setBusy(true);
    try {
      await api.changePassword(values.current, values.password);
    } catch (error) {
      const { field, message } = placeRefusal(error);
      if (field) {
        setRefused({ [field]: message });
        inputs.current[field]?.focus();
        inputs.current[field]?.select();
      } else setFormError(message);
      setBusy(false);
      return;
    }
    onChanged();
  }

  const field = (name: FieldName, label: string, autoComplete: string, hint?: string) => (
    <Field
      inputRef={(element) => {
        inputs.current[name] = element;
      }}
      label={label}
      name={name}
      type="password"
      autoComplete={autoComplete}
      required
      {...(hint ? { hint } : {})}
      value={values[name]}
      error={shown(name)}
      onChange={(e) => change(name, e.target.value)}
      onBlur={() => setTouched((t) => ({ ...t, [name]: true }))}
    />
  );

  return (
    <form className="profile-confirm" onSubmit={submit} noValidate aria-label={TEXT.open}>
      {formError ? (
        <p className="profile-alert" role="alert">
          {formError}
        </p>
      ) : null}
      {/* The account the password belongs to, for password managers to update the right login. A hidden text-like field: password managers pass over type="hidden" when they pair a login with its password. */}
      {email ? <input type="email" name="username" autoComplete="username" value={email} readOnly hidden /> : null}
      {field('current', PROFILE_SECURITY_TEXT.passwordLabel, 'current-password')}
      {field('password', ACCOUNT_TEXT.newPasswordLabel, 'new-password', AUTH_TEXT.passwordHint)}
      {field('confirmation', ACCOUNT_TEXT.confirmPasswordLabel, 'new-password')}
      <div className="profile-2fa__actions">
        <Button type="submit" busy={busy}>
          {busy ? TEXT.submitting : TEXT.submit}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {PROFILE_SECURITY_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}
