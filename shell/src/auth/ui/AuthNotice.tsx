import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '@embark/shared-ui';
import { FormAlert, type FormAlertProps } from './FormAlert';

export interface AuthNoticeProps {
  heading: string;
  /** The message, announced (an alert, or a status for a confirmation). */
  message: ReactNode;
  tone?: FormAlertProps['tone'];
  /** What the message means for the user, under it. */
  help?: ReactNode;
  /** The way on: a button-looking link. */
  action: { to: string; label: string };
  /** Anything after the action (e.g. a second link). */
  children?: ReactNode;
}

/**
 * A sign-in screen that says where things stand instead of showing a form: an invitation or reset
 * link that cannot be used, a refused registration, a sent mail. The message takes focus, so the
 * user hears it and the action is the next stop.
 */
export function AuthNotice({ heading, message, tone = 'error', help, action, children }: AuthNoticeProps) {
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    alertRef.current?.focus();
  }, []);
  return (
    <section className="auth-form" aria-labelledby="auth-notice-heading">
      <h1 id="auth-notice-heading" className="auth-form__heading">
        {heading}
      </h1>
      <FormAlert ref={alertRef} tone={tone}>
        {message}
      </FormAlert>
      {help ? <p className="auth-notice__text">{help}</p> : null}
      <div className="auth-notice__actions">
        <Link to={action.to} className={buttonClassName({ size: 'lg', className: 'auth-form__submit' })}>
          {action.label}
        </Link>
        {children}
      </div>
    </section>
  );
}
