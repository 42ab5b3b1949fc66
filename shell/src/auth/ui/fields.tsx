import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { cx } from '@embark/shared-ui';
import { AUTH_TEXT } from '@embark/shared-ui/page-text/auth';
import '../auth.css';

interface FieldChrome {
  label: string;
  /** The inline error (docs/product.md#validation); shown under the field and tied to it with aria-describedby. */
  error?: string | undefined;
  /** Help shown under the label, also tied with aria-describedby. */
  hint?: ReactNode;
  className?: string;
}

function useFieldIds(id: string | undefined) {
  const generated = useId();
  const inputId = id ?? `field-${generated}`;
  return { inputId, hintId: `${inputId}-hint`, errorId: `${inputId}-error` };
}

function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const list = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return list.length > 0 ? list.join(' ') : undefined;
}

function FieldFrame({
  inputId,
  hintId,
  errorId,
  label,
  hint,
  error,
  className,
  children,
}: FieldChrome & { inputId: string; hintId: string; errorId: string; children: ReactNode }) {
  return (
    <div className={cx('auth-field', error ? 'auth-field--invalid' : undefined, className)}>
      <label className="auth-field__label" htmlFor={inputId}>
        {label}
      </label>
      {hint ? (
        <p className="auth-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {children}
      {/* Always present, so screen readers announce a message when it appears. */}
      <p className="auth-field__error" id={errorId} aria-live="polite">
        {error ? (
          <>
            <span className="auth-field__error-icon" aria-hidden="true">
              !
            </span>
            {error}
          </>
        ) : null}
      </p>
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>, FieldChrome {
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({ id, label, error, hint, className, inputRef, ...input }: TextFieldProps) {
  const ids = useFieldIds(id);
  return (
    <FieldFrame {...ids} label={label} error={error} hint={hint} className={className}>
      <input
        {...input}
        ref={inputRef}
        id={ids.inputId}
        className="auth-field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? ids.hintId : undefined, error ? ids.errorId : undefined)}
      />
    </FieldFrame>
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** A password input with a show/hide toggle (people mistype on phones). */
export function PasswordField({ id, label, error, hint, className, inputRef, ...input }: PasswordFieldProps) {
  const ids = useFieldIds(id);
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame {...ids} label={label} error={error} hint={hint} className={className}>
      <div className="auth-field__with-action">
        <input
          {...input}
          ref={inputRef}
          id={ids.inputId}
          type={visible ? 'text' : 'password'}
          // Shown as text, a phone would capitalise and correct it, and a browser could send it to a spelling service.
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className="auth-field__control"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint ? ids.hintId : undefined, error ? ids.errorId : undefined)}
        />
        <button
          type="button"
          className="auth-field__action"
          aria-label={visible ? AUTH_TEXT.hidePassword : AUTH_TEXT.showPassword}
          aria-pressed={visible}
          aria-controls={ids.inputId}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon crossed={visible} />
        </button>
      </div>
    </FieldFrame>
  );
}

export type NewPasswordFieldProps = Omit<PasswordFieldProps, 'hint' | 'autoComplete' | 'label' | 'name'> & { label?: string };

/**
 * A password being chosen (registration, an accepted invitation, a reset): the product's rule as its hint
 * (docs/product.md#passwords), so every screen words it the same, and `new-password` for password managers.
 */
export function NewPasswordField({ label = AUTH_TEXT.passwordLabel, ...props }: NewPasswordFieldProps) {
  return <PasswordField {...props} name="password" label={label} hint={AUTH_TEXT.passwordHint} autoComplete="new-password" required />;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'>, FieldChrome {
  children: ReactNode;
}

export function SelectField({ id, label, error, hint, className, children, ...select }: SelectFieldProps) {
  const ids = useFieldIds(id);
  return (
    <FieldFrame {...ids} label={label} error={error} hint={hint} className={className}>
      <select
        {...select}
        id={ids.inputId}
        className="auth-field__control auth-field__control--select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? ids.hintId : undefined, error ? ids.errorId : undefined)}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M3 3l18 18" /> : null}
    </svg>
  );
}
