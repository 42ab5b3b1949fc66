import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, ROUTES } from '@embark/shared-ui';
import { hasFieldErrors, validateRegisterForm, type RegisterFormValues } from '@embark/shared-ui/kit/validation';
import { AUTH_TEXT, REGISTRATION_POLICY_TEXT } from '@embark/shared-ui/page-text/auth';
import { AuthForm, FormAlert, NewPasswordField, registerErrorMessage, SelectField, TextField, useAccountSubmit, useTouchedFields, type AuthApi, type Session } from '../../../auth';
import { useRegistrationRoles } from '../hooks/useRegistrationRoles';

type Field = keyof RegisterFormValues;

const EMPTY: RegisterFormValues = { name: '', email: '', password: '', roleId: '' };

export interface RegisterFormProps {
  api: AuthApi;
  onRegistered(session: Session): Promise<void>;
  /** Registration is limited to these email domains (the company setting); absent when anyone may register. */
  domains?: readonly string[] | undefined;
}

/** The company-address rule, checked before sending so the form does not only fail (docs/product.md#registration). */
function domainError(email: string, domains: readonly string[]): string | undefined {
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  const allowed = domains.map((d) => d.trim().toLowerCase().replace(/^@/, ''));
  return allowed.includes(domain) ? undefined : REGISTRATION_POLICY_TEXT.domainsOnly;
}

/**
 * The registration form (docs/product.md#registration): Full Name, Email (with the company domains when registration is
 * limited to them), Password with its hint, Role. The button is
 * disabled while busy, while the roles load, or while anything is invalid; each field shows its
 * validation message once the user has left it.
 */
export function RegisterForm({ api, onRegistered, domains }: RegisterFormProps) {
  const roles = useRegistrationRoles(api);
  const [values, setValues] = useState<RegisterFormValues>(EMPTY);
  const nameRef = useRef<HTMLInputElement>(null);
  const errors = validateRegisterForm(values);
  if (domains && !errors.email) {
    const outside = domainError(values.email, domains);
    if (outside) errors.email = outside;
  }
  const invalid = hasFieldErrors(errors);
  const rolesLoading = roles.status === 'loading';
  const { shown, touch, touchAll } = useTouchedFields<Field>(errors);
  const { busy, formError, alertRef, send } = useAccountSubmit();
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  useEffect(() => {
    nameRef.current?.focus();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || rolesLoading) return;
    if (invalid) {
      touchAll(['name', 'email', 'password', 'roleId']);
      return;
    }
    await send(() => api.register({ name: values.name, email: values.email, password: values.password, role_id: Number(values.roleId) }), registerErrorMessage, onRegistered);
  }

  return (
    <AuthForm headingId="register-heading" heading={AUTH_TEXT.registerHeading} lead={AUTH_TEXT.registerLead} error={formError} alertRef={alertRef} onSubmit={submit}>
      <div className="auth-form__fields">
        <TextField
          inputRef={nameRef}
          id="register-name"
          name="name"
          label={AUTH_TEXT.fullNameLabel}
          autoComplete="name"
          required
          value={values.name}
          error={shown('name')}
          onChange={(e) => set('name')(e.target.value)}
          onBlur={() => touch('name')}
        />
        <TextField
          id="register-email"
          name="email"
          type="email"
          label={AUTH_TEXT.emailLabel}
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          hint={domains ? `${REGISTRATION_POLICY_TEXT.domainsOnly}. ${REGISTRATION_POLICY_TEXT.allowedDomains(domains)}` : undefined}
          value={values.email}
          error={shown('email')}
          onChange={(e) => set('email')(e.target.value)}
          onBlur={() => touch('email')}
        />
        <NewPasswordField
          id="register-password"
          value={values.password}
          error={shown('password')}
          onChange={(e) => set('password')(e.target.value)}
          onBlur={() => touch('password')}
        />
        <SelectField
          id="register-role"
          name="role_id"
          label={AUTH_TEXT.roleLabel}
          required
          value={values.roleId}
          disabled={rolesLoading}
          aria-busy={rolesLoading || undefined}
          error={shown('roleId')}
          onChange={(e) => {
            set('roleId')(e.target.value);
            touch('roleId');
          }}
          onBlur={() => touch('roleId')}
        >
          <option value="" disabled={!rolesLoading}>
            {rolesLoading ? AUTH_TEXT.loadingRoles : AUTH_TEXT.chooseRole}
          </option>
          {roles.roles.map((role) => (
            <option key={role.id} value={String(role.id)}>
              {role.name}
            </option>
          ))}
        </SelectField>
        {roles.status === 'error' ? <FormAlert tone="warning">{roles.message}</FormAlert> : null}
      </div>
      <Button type="submit" size="lg" className="auth-form__submit" disabled={invalid || rolesLoading} busy={busy}>
        {busy ? AUTH_TEXT.creatingAccount : AUTH_TEXT.createAccountButton}
      </Button>
      <p className="auth-form__switch">
        {AUTH_TEXT.haveAccount} <Link to={ROUTES.login}>{AUTH_TEXT.signInLink}</Link>
      </p>
    </AuthForm>
  );
}
