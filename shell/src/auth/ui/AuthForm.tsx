import type { FormEvent, MouseEvent, ReactNode, Ref } from 'react';
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
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-labelledby={headingId} onMouseDown={keepFocusForLinks}>
      <h1 id={headingId} className="auth-form__heading">
        {heading}
      </h1>
      <p className="auth-form__lead">{lead}</p>
      <FormAlert ref={alertRef}>{error}</FormAlert>
      {children}
    </form>
  );
}

/**
 * Pressing a link in the form ('Forgot password?', 'Create account') must not blur the focused field
 * first: the blur reveals that field's message, the form grows, the link moves away before the button
 * is released, and the click is lost. Keyboard use is unaffected.
 */
function keepFocusForLinks(event: MouseEvent<HTMLFormElement>): void {
  if (event.button === 0 && event.target instanceof Element && event.target.closest('a[href]')) event.preventDefault();
}
