import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button, isApiError, ROUTES, useAuth, useDocumentTitle } from '@embark/shared-ui';
import { validateNewPasswordForm, type NewPasswordValues } from '@embark/shared-ui/kit/validation';
import { ACCOUNT_TEXT } from '@embark/shared-ui/page-text/auth';
import { accountErrorMessage, AuthForm, AuthNotice, AuthScreen, accountApi, landingPathFor, NewPasswordField, PasswordField, useAccountForm, type AccountApi } from '../../auth';

export interface ResetPasswordPageProps {
  /** The public account calls (tests pass a fake). */
  api?: AccountApi;
}

/** The server's answer for a used, expired or unknown reset token (docs/product.md#passwords), alone or among other problems. */
const isInvalidLink = (error: unknown): boolean =>
  isApiError(error) && error.status === 400 && (error.serverError?.trim() === ACCOUNT_TEXT.resetInvalid || (error.details ?? []).includes(ACCOUNT_TEXT.resetInvalid));

/**
 * `/reset-password?token=…` (docs/product.md#passwords): a new password, typed twice, with the registration
 * rule. Done: to /login, which says so. A link the server refuses (or one without a token) shows
 * 'This reset link is invalid or has expired' with the way to ask for a new one.
 */
export default function ResetPasswordPage({ api = accountApi }: ResetPasswordPageProps) {
  useDocumentTitle(ACCOUNT_TEXT.resetHeading);
  const { status, user } = useAuth();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [linkRefused, setLinkRefused] = useState(false);

  // Guests only: a signed-in user is sent on to their area.
  if (status === 'authenticated' && user) return <Navigate to={landingPathFor(user)} replace />;

  return (
    <AuthScreen>
      {token === '' || linkRefused ? (
        <AuthNotice heading={ACCOUNT_TEXT.resetHeading} message={ACCOUNT_TEXT.resetInvalid} action={{ to: ROUTES.forgotPassword, label: ACCOUNT_TEXT.requestNewLink }}>
          <p className="auth-form__switch">
            <Link to={ROUTES.login}>{ACCOUNT_TEXT.backToSignIn}</Link>
          </p>
        </AuthNotice>
      ) : (
        <ResetPasswordForm api={api} token={token} onLinkRefused={() => setLinkRefused(true)} />
      )}
    </AuthScreen>
  );
}

type Field = keyof NewPasswordValues;

function ResetPasswordForm({ api, token, onLinkRefused }: { api: AccountApi; token: string; onLinkRefused(): void }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<NewPasswordValues>({ password: '', confirmation: '' });
  const { shown, touch, invalid, busy, formError, alertRef, send, firstRef, onSubmit } = useAccountForm<Field>(validateNewPasswordForm(values), ['password', 'confirmation']);
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const submit = onSubmit(() =>
    send(
      () => api.resetPassword(token, values.password),
      accountErrorMessage,
      async () => {
        await navigate(ROUTES.login, { replace: true, state: { notice: ACCOUNT_TEXT.resetDone } });
      },
      (error) => {
        if (isInvalidLink(error)) onLinkRefused();
      },
    ),
  );

  return (
    <AuthForm headingId="reset-heading" heading={ACCOUNT_TEXT.resetHeading} lead={ACCOUNT_TEXT.resetLead} error={formError} alertRef={alertRef} onSubmit={submit}>
      <div className="auth-form__fields">
        <NewPasswordField
          inputRef={firstRef}
          id="reset-password"
          label={ACCOUNT_TEXT.newPasswordLabel}
          value={values.password}
          error={shown('password')}
          onChange={(e) => set('password')(e.target.value)}
          onBlur={() => touch('password')}
        />
        <PasswordField
          id="reset-password-confirmation"
          name="confirmation"
          label={ACCOUNT_TEXT.confirmPasswordLabel}
          autoComplete="new-password"
          required
          value={values.confirmation}
          error={shown('confirmation')}
          onChange={(e) => set('confirmation')(e.target.value)}
          onBlur={() => touch('confirmation')}
        />
      </div>
      <Button type="submit" size="lg" className="auth-form__submit" disabled={invalid} busy={busy}>
        {busy ? ACCOUNT_TEXT.settingNewPassword : ACCOUNT_TEXT.setNewPassword}
      </Button>
    </AuthForm>
  );
}
