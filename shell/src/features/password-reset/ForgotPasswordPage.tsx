import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Button, ROUTES, useAuth, useDocumentTitle } from '@embark/shared-ui';
import { validateEmail } from '@embark/shared-ui/kit/validation';
import { ACCOUNT_TEXT, AUTH_TEXT } from '@embark/shared-ui/page-text/auth';
import { accountErrorMessage, AuthForm, AuthNotice, AuthScreen, accountApi, landingPathFor, TextField, useAccountForm, type AccountApi } from '../../auth';

export interface ForgotPasswordPageProps {
  /** The public account calls (tests pass a fake). */
  api?: AccountApi;
}

/**
 * `/forgot-password` (docs/product.md#passwords): an email address, then always the same confirmation,
 * so the screen never tells whether an account exists.
 */
export default function ForgotPasswordPage({ api = accountApi }: ForgotPasswordPageProps) {
  useDocumentTitle(ACCOUNT_TEXT.forgotHeading);
  const { status, user } = useAuth();
  const [sent, setSent] = useState(false);

  // Guests only: a signed-in user is sent on to their area.
  if (status === 'authenticated' && user) return <Navigate to={landingPathFor(user)} replace />;

  return (
    <AuthScreen>
      {sent ? (
        <AuthNotice heading={ACCOUNT_TEXT.forgotHeading} tone="success" message={ACCOUNT_TEXT.forgotSent} action={{ to: ROUTES.login, label: ACCOUNT_TEXT.backToSignIn }} />
      ) : (
        <ForgotPasswordForm api={api} onSent={() => setSent(true)} />
      )}
    </AuthScreen>
  );
}

function ForgotPasswordForm({ api, onSent }: { api: AccountApi; onSent(): void }) {
  const [email, setEmail] = useState('');
  const { shown, touch, invalid, busy, formError, alertRef, send, firstRef, onSubmit } = useAccountForm({ email: validateEmail(email) }, ['email']);
  const submit = onSubmit(() => send(() => api.forgotPassword(email), accountErrorMessage, async () => onSent()));

  return (
    <AuthForm headingId="forgot-heading" heading={ACCOUNT_TEXT.forgotHeading} lead={ACCOUNT_TEXT.forgotLead} error={formError} alertRef={alertRef} onSubmit={submit}>
      <div className="auth-form__fields">
        <TextField
          inputRef={firstRef}
          id="forgot-email"
          name="email"
          type="email"
          label={AUTH_TEXT.emailLabel}
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          required
          value={email}
          error={shown('email')}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => touch('email')}
        />
      </div>
      <Button type="submit" size="lg" className="auth-form__submit" disabled={invalid} busy={busy}>
        {busy ? ACCOUNT_TEXT.sendingResetLink : ACCOUNT_TEXT.sendResetLink}
      </Button>
      <p className="auth-form__switch">
        <Link to={ROUTES.login}>{ACCOUNT_TEXT.backToSignIn}</Link>
      </p>
    </AuthForm>
  );
}
