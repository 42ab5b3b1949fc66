import { useId, type ReactNode } from 'react';
import { cx } from '@embark/shared-ui';

/** What a FormField hands to its control so the label, hint and error belong to it. */
export interface FieldControlProps {
  id: string;
  className: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

export interface FormFieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** The field's problem; announced politely and tied to the control. */
  error?: string | null | undefined;
  required?: boolean;
  /** Fixed id for the control (default: generated). */
  id?: string;
  className?: string;
  /** Renders the control (input, select, textarea) with the props that wire it up. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form control with an optional hint and error, tied together with
 * `aria-describedby`/`aria-invalid`, laid out the same in every form:
 *
 *   <FormField label="Title" error={errors.title}>{(p) => <input {...p} value={title} onChange={…} />}</FormField>
 */
export function FormField({ label, hint, error, required = false, id, className, children }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={cx('ui-field', error ? 'ui-field--invalid' : undefined, className)}>
      <label className="ui-field__label" htmlFor={controlId}>
        {label}
        {required ? (
          <span className="ui-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children({
        id: controlId,
        className: 'ui-field__control',
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(required ? { 'aria-required': true as const } : {}),
      })}
      {hint ? (
        <p className="ui-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <p className="ui-field__error" id={errorId} aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}
