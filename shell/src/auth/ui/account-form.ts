import { useEffect, useRef, useState, type FormEvent } from 'react';

/**
 * Which fields show their message: a field's message appears once the user has left it, and every
 * field's on a submit that is refused for them (the sign-in and registration forms).
 */
export function useTouchedFields<F extends string>(errors: Partial<Record<F, string>>) {
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  return {
    shown: (field: F): string | undefined => (touched[field] ? errors[field] : undefined),
    touch: (field: F) => setTouched((t) => (t[field] ? t : { ...t, [field]: true })),
    touchAll: (fields: readonly F[]) => setTouched(Object.fromEntries(fields.map((field) => [field, true])) as Partial<Record<F, boolean>>),
  };
}

/**
 * The sending part of the sign-in, two-factor and registration forms: busy from the call until the
 * session is set up and the next screen is there; a refused call shows its words in the form's alert
 * (focused when the form gives the alert `alertRef`). `initialError` is a refusal the form opens with
 * (one that sent the user back to it), shown until the next submit.
 */
export function useAccountSubmit(initialError: string | null = null) {
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(initialError);
  const alertRef = useRef<HTMLDivElement>(null);
  // A refusal the form opens with is announced as it appears; focus stays where the form puts it.
  const openedWithError = useRef(initialError !== null);

  useEffect(() => {
    if (openedWithError.current) {
      openedWithError.current = false;
      return;
    }
    if (formError) alertRef.current?.focus();
  }, [formError]);

  async function send<R>(call: () => Promise<R>, failureMessage: (error: unknown) => string, onDone: (result: R) => Promise<void>, onRefused?: (error: unknown) => void): Promise<void> {
    setBusy(true);
    setFormError(null);
    let result: R;
    try {
      result = await call();
    } catch (error) {
      setFormError(failureMessage(error));
      setBusy(false);
      onRefused?.(error);
      return;
    }
    // Stays busy while the session is set up and the next screen loads.
    await onDone(result);
    // Still on this form only when the new session was refused at once: usable again.
    setBusy(false);
  }

  return { busy, formError, setFormError, alertRef, send };
}

/**
 * A whole account form of the public screens (invitation, forgotten and reset password): the messages
 * shown once a field is left (useTouchedFields), the sending (useAccountSubmit), the first field
 * focused on arrival (`firstRef`), and a submit that reveals every message instead of sending an
 * invalid form.
 */
export function useAccountForm<F extends string>(errors: Partial<Record<F, string>>, fields: readonly F[]) {
  const touched = useTouchedFields<F>(errors);
  const sending = useAccountSubmit();
  const invalid = fields.some((field) => errors[field] !== undefined);
  const firstRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    firstRef.current?.focus();
  }, []);

  function onSubmit(go: () => Promise<void>) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (sending.busy) return;
      if (invalid) {
        touched.touchAll(fields);
        return;
      }
      await go();
    };
  }

  return { ...touched, ...sending, invalid, firstRef, onSubmit };
}
