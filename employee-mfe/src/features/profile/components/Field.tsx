import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { cx } from '@embark/shared-ui';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string;
  error?: string | undefined;
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}

/** A labelled input whose hint and error are tied to it with aria-describedby. */
export function Field({ label, error, hint, inputRef, className, id, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? `profile-field-${generated}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('profile-field', error ? 'profile-field--invalid' : undefined, className)}>
      <label className="profile-field__label" htmlFor={inputId}>
        {label}
      </label>
      {hint ? (
        <p className="profile-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <input {...input} ref={inputRef} id={inputId} className="profile-field__control" aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      <p className="profile-field__error" id={errorId} aria-live="polite">
        {error}
      </p>
    </div>
  );
}
