import type { FormEvent, KeyboardEvent, MouseEvent, ReactNode, Ref } from 'react';
import { FormAlert } from './FormAlert';

export interface AuthFormProps {
  /** The heading's id: it names the form. */
  headingId: string;
  heading: string;
  lead: string;
  /** The form-level failure, shown (and announced) above the fields. */
  error: ReactNode;
  /** For moving focus to that failure after a failed submit. */
  alertRef?: Ref<HTMLDivElement>;
  onSubmit(event: FormEvent<HTMLFormElement>): unknown;
  children: ReactNode;
}

/** The frame of a sign-in screen's form: its heading, lead and form-level failure, then the fields and buttons. */
export function AuthForm({ headingId, heading, lead, error, alertRef, onSubmit, children }: AuthFormProps) {
  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-labelledby={headingId} onMouseDown={keepFocusForLinks} onKeyDown={submitOnEnter}>
      <h1 id={headingId} className="auth-form__heading">
        {heading}
      </h1>
      <p className="auth-form__lead">{lead}</p>
      <FormAlert ref={alertRef}>{error}</FormAlert>
      {children}
    </form>
  );
}

// Inputs where Enter submits the form (the browser's implicit submission); not boxes, buttons or pickers.
const NOT_SUBMITTING_ON_ENTER = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'image', 'color', 'range', 'hidden']);

/**
 * Enter in a field submits the form, but browsers skip that while the submit button is disabled, as
 * it is for an invalid form: a keyboard user would get no word of what is wrong. Submitting anyway
 * lets the form's own submit reveal every message (it never sends an invalid or busy form); focus
 * then goes to the first field in error, unless it is already on one.
 */
function submitOnEnter(event: KeyboardEvent<HTMLFormElement>): void {
  const { target, currentTarget: form } = event;
  // Safari ends an IME composition before the Enter that confirms it (keyCode 229): not a submit.
  if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing || event.keyCode === 229) return;
  if (!(target instanceof HTMLInputElement) || NOT_SUBMITTING_ON_ENTER.has(target.type)) return;
  if (!form.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled) return;
  event.preventDefault();
  form.requestSubmit();
  setTimeout(() => {
    if (document.activeElement?.getAttribute('aria-invalid') === 'true') return;
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, 0);
}

/**
 * Pressing a link in the form ('Forgot password?', 'Create account') must not blur the focused field
 * first: the blur reveals that field's message, the form grows, the link moves away before the button
 * is released, and the click is lost. Keyboard use is unaffected.
 */
function keepFocusForLinks(event: MouseEvent<HTMLFormElement>): void {
  if (event.button === 0 && event.target instanceof Element && event.target.closest('a[href]')) event.preventDefault();
}
