import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@embark/shared-ui';
import { normaliseTwoFactorCode, validateTwoFactorCode, type TwoFactorMode } from '@embark/shared-ui/kit/validation';
import { AUTH_TEXT } from '@embark/shared-ui/page-text/auth';
import { AuthForm, TextField, twoFactorErrorMessage, twoFactorSignInOver, useAccountSubmit, type AuthApi, type Session, type TwoFactorChallenge } from '../../../auth';

export interface TwoFactorFormProps {
  api: AuthApi;
  /** The password step's answer: the email and the challenge id that binds this step to this browser. */
  challenge: TwoFactorChallenge;
  onVerified(session: Session): Promise<void>;
  onBack(): void;
  /** No code can pass any more (the sign-in expired or ran out of tries): back to the password, with the server's words. */
  onSignInOver(message: string): void;
}

/**
 * Step two of sign-in, replacing the form when the account has two-factor on: a
 * 6-digit authenticator code or an 8-character backup code, a toggle between them, 'Back to
 * login', and Enter submits. Format problems show inline; refusals in an alert (docs/product.md#two-factor),
 * except those no code can pass any more, which send the user back to the password step.
 */
export function TwoFactorForm({ api, challenge, onVerified, onBack, onSignInOver }: TwoFactorFormProps) {
  const [mode, setMode] = useState<TwoFactorMode>('totp');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const { busy, formError, setFormError, send } = useAccountSubmit();
  const inputRef = useRef<HTMLInputElement>(null);
  const isBackup = mode === 'backup';

  // Focus follows the step: the code field on arrival and whenever the mode changes.
  useEffect(() => {
    inputRef.current?.focus();
  }, [mode]);

  function switchMode() {
    setMode((m) => (m === 'totp' ? 'backup' : 'totp'));
    setCode('');
    setFieldError(undefined);
    setFormError(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = validateTwoFactorCode(code, mode);
    setFieldError(problem);
    if (problem) {
      setFormError(null);
      inputRef.current?.focus();
      return;
    }
    await send(
      () => api.verifySignIn(challenge, normaliseTwoFactorCode(code, mode), isBackup),
      (error) => twoFactorErrorMessage(error, isBackup),
      onVerified,
      (error) => {
        // Another code would be refused the same way: only a new password step helps.
        const over = twoFactorSignInOver(error);
        if (over) onSignInOver(over);
        else inputRef.current?.select();
      },
    );
  }

  return (
    <AuthForm
      headingId="two-factor-heading"
      heading={AUTH_TEXT.twoFactorHeading}
      lead={isBackup ? AUTH_TEXT.twoFactorBackupLead : AUTH_TEXT.twoFactorTotpLead}
      error={formError}
      onSubmit={submit}
    >
      <TextField
        inputRef={inputRef}
        // A new input per mode, so the browser's one-time-code autofill and keyboard match it.
        key={mode}
        id="two-factor-code"
        name="code"
        label={isBackup ? AUTH_TEXT.backupCodeLabel : AUTH_TEXT.authenticatorCodeLabel}
        autoComplete={isBackup ? 'off' : 'one-time-code'}
        inputMode={isBackup ? 'text' : 'numeric'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={isBackup ? 9 : 7}
        value={code}
        error={fieldError}
        className="auth-field--code"
        onChange={(e) => {
          setCode(e.target.value);
          if (fieldError) setFieldError(undefined);
        }}
      />
      <Button type="submit" size="lg" className="auth-form__submit" busy={busy}>
        {busy ? AUTH_TEXT.verifying : AUTH_TEXT.verify}
      </Button>
      <div className="auth-form__secondary">
        <Button variant="ghost" size="sm" onClick={switchMode} disabled={busy}>
          {isBackup ? AUTH_TEXT.useAuthenticator : AUTH_TEXT.useBackupCode}
        </Button>
        <Button variant="ghost" size="sm" onClick={onBack} disabled={busy}>
          ← {AUTH_TEXT.backToLogin}
        </Button>
      </div>
    </AuthForm>
  );
}
