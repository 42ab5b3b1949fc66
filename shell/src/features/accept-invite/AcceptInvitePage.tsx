import { useCallback, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Button, ErrorState, isApiError, LoadingState, ROUTES, useAuth, useDocumentTitle } from '@embark/shared-ui';
import { validateRegisterPassword } from '@embark/shared-ui/kit/validation';
import { ACCOUNT_TEXT, AUTH_TEXT } from '@embark/shared-ui/page-text/auth';
import {
  AuthForm,
  AuthNotice,
  AuthScreen,
  accountApi,
  InitialisationFailed,
  landingPathFor,
  NewPasswordField,
  invitationLoadErrorMessage,
  registerErrorMessage,
  useAccountForm,
  useLoaded,
  useNewAccountSession,
  type AccountApi,
  type InvitationPreview,
} from '../../auth';

export interface AcceptInvitePageProps {
  /** The public account calls (tests pass a fake). */
  api?: AccountApi;
}

/** The link cannot be used: unknown, used, revoked or expired (the server answers 404 for each). */
const isUnusable = (error: unknown): boolean => isApiError(error) && error.status === 404;

/**
 * `/accept-invite?token=…` (docs/product.md#registration): the invitation's name, role and email, and a
 * password with the registration screen's rule and messages. Accepting creates the account and signs
 * the hire in: the dashboard and the registration's welcome toast, as after registering.
 */
export default function AcceptInvitePage({ api = accountApi }: AcceptInvitePageProps) {
  useDocumentTitle(ACCOUNT_TEXT.acceptHeading);
  const { status, user } = useAuth();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { initialisationFailed, start } = useNewAccountSession();
  const [usedUp, setUsedUp] = useState(false);
  const loadInvitation = useCallback(() => (token ? api.invitation(token) : Promise.resolve(null)), [api, token]);
  const { state, reload } = useLoaded(loadInvitation);

  // Guests only: a signed-in user is sent on to their area.
  if (status === 'authenticated' && user) return <Navigate to={landingPathFor(user)} replace />;

  let content;
  if (initialisationFailed) content = <InitialisationFailed flow="register" />;
  else if (usedUp || (state.status === 'loaded' && state.value === null) || (state.status === 'failed' && isUnusable(state.error))) {
    content = (
      <AuthNotice
        heading={ACCOUNT_TEXT.acceptHeading}
        message={ACCOUNT_TEXT.acceptInvalid}
        help={ACCOUNT_TEXT.acceptInvalidHelp}
        action={{ to: ROUTES.login, label: ACCOUNT_TEXT.goToSignIn }}
      />
    );
  } else if (state.status === 'loading') content = <LoadingState label={ACCOUNT_TEXT.acceptLoading} />;
  else if (state.status === 'failed') {
    content = (
      <section className="auth-form" aria-labelledby="accept-heading">
        <h1 id="accept-heading" className="auth-form__heading">
          {ACCOUNT_TEXT.acceptHeading}
        </h1>
        <ErrorState message={invitationLoadErrorMessage(state.error)} onRetry={reload} />
      </section>
    );
  } else if (state.value) {
    content = <AcceptForm api={api} token={token} invitation={state.value} onAccepted={start} onUnusable={() => setUsedUp(true)} />;
  }
  return <AuthScreen>{content}</AuthScreen>;
}

interface AcceptFormProps {
  api: AccountApi;
  token: string;
  invitation: InvitationPreview;
  onAccepted: ReturnType<typeof useNewAccountSession>['start'];
  /** The link stopped working between loading and sending (used or revoked meanwhile). */
  onUnusable(): void;
}

/** Who is invited (read-only) and the password to set. */
function AcceptForm({ api, token, invitation, onAccepted, onUnusable }: AcceptFormProps) {
  const [password, setPassword] = useState('');
  const { shown, touch, invalid, busy, formError, alertRef, send, firstRef, onSubmit } = useAccountForm({ password: validateRegisterPassword(password) }, ['password']);
  const submit = onSubmit(() =>
    send(() => api.acceptInvitation(token, password), registerErrorMessage, onAccepted, (error) => {
      if (isUnusable(error)) onUnusable();
    }),
  );

  return (
    <AuthForm
      headingId="accept-heading"
      heading={ACCOUNT_TEXT.acceptWelcome(invitation.name)}
      lead={ACCOUNT_TEXT.acceptLead(invitation.role_name)}
      error={formError}
      alertRef={alertRef}
      onSubmit={submit}
    >
      <dl className="auth-invitee">
        <dt>{ACCOUNT_TEXT.acceptEmailLabel}</dt>
        <dd>{invitation.email}</dd>
      </dl>
      <div className="auth-form__fields">
        {/* The account's name for password managers (a hidden text-like field: they pass over type="hidden"); the email cannot be changed here. */}
        <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
        <NewPasswordField
          inputRef={firstRef}
          id="accept-password"
          value={password}
          error={shown('password')}
          onChange={(e) => setPassword(e.target.value)}
          onBlur={() => touch('password')}
        />
      </div>
      <Button type="submit" size="lg" className="auth-form__submit" disabled={invalid} busy={busy}>
        {busy ? AUTH_TEXT.creatingAccount : AUTH_TEXT.createAccountButton}
      </Button>
    </AuthForm>
  );
}
