import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, ROUTES } from '@embark/shared-ui';
import { hasFieldErrors, validateLoginForm } from '@embark/shared-ui/kit/validation';
import { ACCOUNT_TEXT, AUTH_TEXT } from '@embark/shared-ui/page-text/auth';
import { AuthForm, FormAlert, PasswordField, signInErrorMessage, TextField, useAccountSubmit, useTouchedFields, type AuthApi, type SignInResult } from '../../../auth';

type Field = 'email' | 'password';

export interface CredentialsFormProps {
  api: AuthApi;
  email: string;
  onEmailChange(email: string): void;
  /** Called with the answer of a successful password step (a session, or "two-factor required"). */
  onSignedIn(result: SignInResult): Promise<void>;
  /** Which field gets focus on mount: email on arrival, password when coming back from the code step. */
  initialFocus: Field;
  /** A confirmation from the screen the user came from (e.g. a password just reset). */
  notice?: string | null;
  /** The refusal that sent the user back from the code step (its sign-in expired or ran out of tries). */
  error?: string | null;
}

/**
 * Step one of sign-in: email and password. Submit stays disabled until both are filled and valid
 * (docs/product.md#validation); each field shows its message once the user has left it.
 */
export function CredentialsForm({ api, email, onEmailChange, onSignedIn, initialFocus, notice = null, error = null }: CredentialsFormProps) {
  const [password, setPassword] = useState('');
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const errors = validateLoginForm({ email, password });
  const invalid = hasFieldErrors(errors);
  const { shown, touch, touchAll } = useTouchedFields<Field>(errors);
  const { busy, formError, alertRef, send } = useAccountSubmit(error);

  useEffect(() => {
    (initialFocus === 'password' ? passwordRef : emailRef).current?.focus();
  }, [initialFocus]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (invalid) {
      touchAll(['email', 'password']);
      return;
    }
    await send(() => api.signIn(email, password), signInErrorMessage, onSignedIn);
  }

  return (
    <AuthForm headingId="login-heading" heading={AUTH_TEXT.loginHeading} lead={AUTH_TEXT.loginLead} error={formError} alertRef={alertRef} onSubmit={submit}>
      {notice && !formError ? <FormAlert tone="success">{notice}</FormAlert> : null}
      <div className="auth-form__fields">
        <TextField
          inputRef={emailRef}
          id="login-email"
          name="email"
          type="email"
          label={AUTH_TEXT.emailLabel}
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          required
          value={email}
          error={shown('email')}
          onChange={(e) => onEmailChange(e.target.value)}
          onBlur={() => touch('email')}
        />
        <PasswordField
          inputRef={passwordRef}
          id="login-password"
          name="password"
          label={AUTH_TEXT.passwordLabel}
          autoComplete="current-password"
          required
          value={password}
          error={shown('password')}
          onChange={(e) => setPassword(e.target.value)}
          onBlur={() => touch('password')}
        />
      </div>
      <p className="auth-form__aside">
        <Link to={ROUTES.forgotPassword}>{ACCOUNT_TEXT.forgotPasswordLink}</Link>
      </p>
      <Button type="submit" size="lg" className="auth-form__submit" disabled={invalid} busy={busy}>
        {busy ? AUTH_TEXT.signingIn : AUTH_TEXT.signIn}
      </Button>
      <p className="auth-form__switch">
        {AUTH_TEXT.noAccount} <Link to={ROUTES.register}>{AUTH_TEXT.createAccount}</Link>
      </p>
    </AuthForm>
  );
}
