import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent, type RefCallback } from 'react';
import { Button, Card, isApiError, LoadingState, useToast } from '@embark/shared-ui';
import { normaliseTwoFactorCode, validateTwoFactorCode } from '@embark/shared-ui/kit/validation';
import { PROFILE_SECURITY_TEXT as TEXT } from '@embark/shared-ui/page-text/profile';
import { twoFactorApi, type TwoFactorApi, type TwoFactorSetup } from '../api/two-factor-api';
import { BackupCodes } from './BackupCodes';
import { Field } from './Field';

type View =
  | { name: 'loading' }
  | { name: 'error'; message: string }
  | { name: 'off' }
  | { name: 'setup'; setup: TwoFactorSetup }
  | { name: 'on'; remaining: number }
  | { name: 'codes'; codes: string[] };

type PasswordAction = 'regenerate' | 'disable';

const ACTION_BUTTON_ID: Record<PasswordAction, string> = { regenerate: 'profile-2fa-regenerate', disable: 'profile-2fa-disable' };

export interface TwoFactorCardProps {
  /** The two-factor calls (tests pass a fake). */
  api?: TwoFactorApi;
  /** After turning two-factor on or off or new backup codes: the server has ended the user's other sessions. */
  onOtherSessionsEnded?(): void;
}

/** A failure's words for the user: the server's own text for a 400 (e.g. 'Incorrect password'), else the client's message. */
function problemOf(error: unknown): { field?: string; form?: string } {
  if (isApiError(error) && error.status === 400) return { field: error.serverError?.trim() || error.message };
  return { form: isApiError(error) ? error.message : String(error) };
}

/**
 * The profile's two-factor section (docs/product.md#two-factor): status; setup with the QR code and the key
 * for manual entry; confirmation with a code; the backup codes shown once with copy and download;
 * regenerating them or turning two-factor off, both with the password.
 */
export function TwoFactorCard({ api = twoFactorApi, onOtherSessionsEnded }: TwoFactorCardProps) {
  const toast = useToast();
  const [view, setView] = useState<View>({ name: 'loading' });
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [action, setAction] = useState<PasswordAction | null>(null);
  const focusRef = useRef<HTMLElement | null>(null);
  // One callback ref for whichever element starts the current step (they are of different kinds).
  const focusTarget = useCallback((element: HTMLElement | null) => {
    focusRef.current = element;
  }, []);
  const moved = useRef(false);
  // Counts the steps taken, so a status read that answers after the user moved on is ignored.
  const steps = useRef(0);
  // The action whose form was cancelled: focus goes back to its button, not to the page.
  const cancelled = useRef<PasswordAction | null>(null);

  const loadStatus = useCallback(async () => {
    setView({ name: 'loading' });
    try {
      const status = await api.status();
      setView(status.enabled ? { name: 'on', remaining: status.backupCodesRemaining } : { name: 'off' });
    } catch (error) {
      setView({ name: 'error', message: isApiError(error) ? error.message : TEXT.statusLoadFailed });
    }
  }, [api]);

  useEffect(() => {
    void loadStatus();
  }, [loadStatus]);

  // Focus follows the step after a user action (not on the first load): to the new step's start.
  useEffect(() => {
    if (moved.current && view.name !== 'loading') focusRef.current?.focus();
  }, [view.name]);

  useEffect(() => {
    if (action !== null || cancelled.current === null) return;
    document.getElementById(ACTION_BUTTON_ID[cancelled.current])?.focus();
    cancelled.current = null;
  }, [action]);

  function go(next: View) {
    moved.current = true;
    steps.current += 1;
    setFormError(null);
    setAction(null);
    setView(next);
  }

  /**
   * A refused change may mean the status changed meanwhile (in another tab): read it again and, if
   * it did, show the card as it now is, saying so. A failed read leaves the refusal's message.
   */
  async function recheck(shownEnabled: boolean) {
    const step = steps.current;
    try {
      const status = await api.status();
      if (step !== steps.current || status.enabled === shownEnabled) return;
      toast.info(status.enabled ? TEXT.enabledToast : TEXT.disabledToast);
      go(status.enabled ? { name: 'on', remaining: status.backupCodesRemaining } : { name: 'off' });
    } catch {
      // The refusal already says what went wrong.
    }
  }

  async function confirmAction(which: PasswordAction, password: string) {
    if (which === 'disable') {
      await api.disable(password);
      toast.success(TEXT.disabledToast);
      onOtherSessionsEnded?.();
      go({ name: 'off' });
    } else {
      const codes = await api.regenerateBackupCodes(password);
      toast.success(TEXT.regeneratedToast);
      onOtherSessionsEnded?.();
      go({ name: 'codes', codes });
    }
  }

  async function startSetup() {
    setBusy(true);
    setFormError(null);
    try {
      go({ name: 'setup', setup: await api.setup() });
    } catch (error) {
      setFormError(problemOf(error).field ?? problemOf(error).form ?? null);
      void recheck(false);
    } finally {
      setBusy(false);
    }
  }

  const statusBadge =
    view.name === 'on' ? (
      <span className="profile-status profile-status--on">{TEXT.statusEnabled}</span>
    ) : view.name === 'off' || view.name === 'setup' ? (
      <span className="profile-status">{TEXT.statusDisabled}</span>
    ) : undefined;

  return (
    <Card title={TEXT.twoFactorHeading} headingLevel={3} actions={statusBadge} className="profile-2fa">
      {formError ? (
        <p className="profile-alert" role="alert">
          {formError}
        </p>
      ) : null}

      {view.name === 'loading' ? (
        <LoadingState label={TEXT.statusLoading} className="profile-2fa__loading" />
      ) : null}

      {view.name === 'error' ? (
        <div className="profile-2fa__body">
          <p className="profile-alert" role="alert">
            {TEXT.statusLoadFailed} {view.message}
          </p>
          <div>
            <Button variant="secondary" onClick={() => void loadStatus()}>
              {TEXT.retry}
            </Button>
          </div>
        </div>
      ) : null}

      {view.name === 'off' ? (
        <div className="profile-2fa__body">
          <p ref={focusTarget} tabIndex={-1} className="profile-2fa__lead">
            {TEXT.offLead}
          </p>
          <div>
            <Button onClick={() => void startSetup()} busy={busy}>
              {busy ? TEXT.settingUp : TEXT.setUp}
            </Button>
          </div>
        </div>
      ) : null}

      {view.name === 'setup' ? (
        <SetupStep
          setup={view.setup}
          focusTarget={focusTarget}
          onCancel={() => go({ name: 'off' })}
          onEnable={async (code, password) => {
            const codes = await api.enable(code, password).catch((error: unknown) => {
              void recheck(false);
              throw error;
            });
            toast.success(TEXT.enabledToast);
            onOtherSessionsEnded?.();
            go({ name: 'codes', codes });
          }}
        />
      ) : null}

      {view.name === 'codes' ? <BackupCodes codes={view.codes} focusTarget={focusTarget} onDone={() => void loadStatus()} /> : null}

      {view.name === 'on' ? (
        <div className="profile-2fa__body">
          <p ref={focusTarget} tabIndex={-1} className="profile-2fa__lead">
            {TEXT.onLead}
          </p>
          <p className="profile-2fa__meta">{TEXT.backupCodesRemaining(view.remaining)}</p>
          {action === null ? (
            <div className="profile-2fa__actions">
              <Button id={ACTION_BUTTON_ID.regenerate} variant="secondary" onClick={() => setAction('regenerate')}>
                {TEXT.regenerate}
              </Button>
              <Button id={ACTION_BUTTON_ID.disable} variant="ghost" className="profile-2fa__danger" onClick={() => setAction('disable')}>
                {TEXT.disable}
              </Button>
            </div>
          ) : (
            <PasswordConfirm
              key={action}
              action={action}
              onCancel={() => {
                cancelled.current = action;
                setAction(null);
              }}
              onConfirm={(password) => confirmAction(action, password).catch((error: unknown) => {
                void recheck(true);
                throw error;
              })}
            />
          )}
        </div>
      ) : null}
    </Card>
  );
}

/**
 * A form of one field sent to the server (the password that confirms a change): checked first, then sent once; a refusal puts the server's words on the field
 * (a 400) or above the form, and selects the field for another try.
 */
function useOneFieldForm(validate: (value: string) => string | undefined, send: (value: string) => Promise<void>) {
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = validate(value);
    setFieldError(problem);
    setFormError(null);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await send(value);
    } catch (error) {
      const { field, form } = problemOf(error);
      setFieldError(field);
      setFormError(form ?? null);
      setBusy(false);
      inputRef.current?.select();
    }
  }

  function change(event: ChangeEvent<HTMLInputElement>) {
    setValue(event.target.value);
    if (fieldError) setFieldError(undefined);
  }

  return { value, change, fieldError, formError, busy, inputRef, submit };
}

interface SetupStepProps {
  setup: TwoFactorSetup;
  focusTarget: RefCallback<HTMLElement>;
  onEnable(code: string, password: string): Promise<void>;
  onCancel(): void;
}

type SetupField = 'code' | 'password';

/** The server's refusals that concern the password (the rest, such as a wrong code, concern the code). */
const PASSWORD_REFUSALS: readonly string[] = [TEXT.passwordRequired, TEXT.passwordWrong];

/**
 * Where a refusal of the enable form goes: the password's messages on the password field, any other
 * 400 (a wrong or used code) on the code field, anything else above the form.
 */
function placeSetupRefusal(error: unknown): { field?: SetupField; message: string } {
  const { field, form } = problemOf(error);
  if (field === undefined) return { message: form ?? '' };
  const details = isApiError(error) ? (error.details ?? []) : [];
  const aboutPassword = PASSWORD_REFUSALS.find((message) => message === field || details.includes(message));
  return aboutPassword ? { field: 'password', message: aboutPassword } : { field: 'code', message: field };
}

/**
 * Scan (or type the key), then confirm with a current code and the account's password, which turns
 * two-factor on: the password keeps someone holding only the session from enrolling their own
 * authenticator (docs/product.md#two-factor). A refusal is shown on the field it concerns and the
 * other field keeps what was typed.
 */
function SetupStep({ setup, focusTarget, onEnable, onCancel }: SetupStepProps) {
  const [values, setValues] = useState<Record<SetupField, string>>({ code: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<SetupField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<SetupField, HTMLInputElement | null>>>({});

  function change(field: SetupField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found: Partial<Record<SetupField, string>> = {
      code: validateTwoFactorCode(values.code, 'totp'),
      password: values.password === '' ? TEXT.passwordRequired : undefined,
    };
    setErrors(found);
    setFormError(null);
    const firstInvalid = (['code', 'password'] as const).find((field) => found[field]);
    if (firstInvalid) {
      inputs.current[firstInvalid]?.focus();
      return;
    }
    setBusy(true);
    try {
      await onEnable(normaliseTwoFactorCode(values.code, 'totp'), values.password);
    } catch (error) {
      const { field, message } = placeSetupRefusal(error);
      if (field) {
        setErrors({ [field]: message });
        inputs.current[field]?.focus();
        inputs.current[field]?.select();
      } else setFormError(message);
      setBusy(false);
    }
  }

  return (
    <div className="profile-2fa__body profile-setup">
      {formError ? (
        <p className="profile-alert" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="profile-setup__scan">
        <div className="profile-setup__qr">
          <img src={setup.qrCodeDataUrl} alt={TEXT.qrAlt} width={184} height={184} />
        </div>
        <div className="profile-setup__scan-text">
          <h4 ref={focusTarget} tabIndex={-1} className="profile-setup__step">
            {TEXT.scanStep}
          </h4>
          <p className="profile-2fa__lead">{TEXT.scanHelp}</p>
          <p className="profile-setup__manual-label" id="profile-manual-key-label">
            {TEXT.manualKeyLabel}
          </p>
          <code className="profile-setup__key" aria-labelledby="profile-manual-key-label" data-testid="manual-key">
            {formatKey(setup.secret)}
          </code>
        </div>
      </div>
      <form className="profile-setup__confirm" onSubmit={submit} noValidate aria-labelledby="profile-confirm-step">
        <h4 id="profile-confirm-step" className="profile-setup__step">
          {TEXT.confirmStep}
        </h4>
        <Field
          inputRef={(element) => {
            inputs.current.code = element;
          }}
          label={TEXT.confirmCodeLabel}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          required
          className="profile-field--code"
          value={values.code}
          error={errors.code}
          onChange={(event) => change('code', event.target.value)}
        />
        <Field
          inputRef={(element) => {
            inputs.current.password = element;
          }}
          label={TEXT.passwordLabel}
          hint={TEXT.enablePasswordHint}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={values.password}
          error={errors.password}
          onChange={(event) => change('password', event.target.value)}
        />
        <div className="profile-2fa__actions">
          <Button type="submit" busy={busy}>
            {busy ? TEXT.enabling : TEXT.enable}
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {TEXT.cancel}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** Base32 key in groups of four, as authenticator apps show it; the apps ignore the spaces. */
function formatKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

interface PasswordConfirmProps {
  action: PasswordAction;
  onConfirm(password: string): Promise<void>;
  onCancel(): void;
}

/** Asks for the password before regenerating the backup codes or turning two-factor off (docs/product.md#two-factor). */
function PasswordConfirm({ action, onConfirm, onCancel }: PasswordConfirmProps) {
  const { value: password, change, fieldError, formError, busy, inputRef, submit } = useOneFieldForm(
    (value) => (value === '' ? TEXT.passwordRequired : undefined),
    onConfirm,
  );
  const disabling = action === 'disable';

  useEffect(() => {
    inputRef.current?.focus();
  }, [inputRef]);

  const title = disabling ? TEXT.disable : TEXT.regenerate;
  return (
    <form className="profile-confirm" onSubmit={submit} noValidate aria-label={title}>
      <p className="profile-2fa__lead">{disabling ? TEXT.disableLead : TEXT.regenerateLead}</p>
      {formError ? (
        <p className="profile-alert" role="alert">
          {formError}
        </p>
      ) : null}
      <Field
        inputRef={inputRef}
        label={TEXT.passwordLabel}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        error={fieldError}
        onChange={change}
      />
      <div className="profile-2fa__actions">
        <Button type="submit" variant={disabling ? 'danger' : 'primary'} busy={busy}>
          {busy ? (disabling ? TEXT.disabling : TEXT.regenerating) : disabling ? TEXT.disableConfirm : TEXT.regenerateConfirm}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}
