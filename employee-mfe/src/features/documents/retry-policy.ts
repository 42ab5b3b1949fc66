import { DOCUMENTS, isApiError } from '@embark/shared-ui';

/**
 * Documents retry: up to 3 retries with a backoff of 1 s, 2 s, 4 s (capped at 10 s), only
 * for network errors, status 0 or 5xx. Pure: the waiting goes through `sleep`, so tests drive it with
 * fake timers, and nothing here knows about React or toasts (the caller is told through onRetry).
 */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  /** Delay before retry 1, 2, 3, …; past the list's end the last delay doubles. */
  backoffMs: readonly number[];
  /** No delay is ever longer. */
  capMs: number;
}

export const DOCUMENTS_RETRY_POLICY: RetryPolicy = {
  retries: DOCUMENTS.retries,
  backoffMs: DOCUMENTS.backoffMs,
  capMs: DOCUMENTS.backoffCapMs,
};

/** Network errors (no answer: status 0, which includes the 10 s timeout) and 5xx answers; nothing else is worth repeating. */
export function isRetryableError(error: unknown): boolean {
  if (isApiError(error)) return error.status === 0 || (error.status >= 500 && error.status <= 599);
  // fetch's own network failure, should a caller use it without the kit's client.
  return error instanceof TypeError;
}

/** The wait before retry number `retry` (1-based). */
export function retryDelay(retry: number, policy: RetryPolicy = DOCUMENTS_RETRY_POLICY): number {
  const listed = policy.backoffMs[retry - 1];
  const last = policy.backoffMs[policy.backoffMs.length - 1] ?? 1_000;
  const delay = listed ?? last * 2 ** (retry - policy.backoffMs.length);
  return Math.min(delay, policy.capMs);
}

export interface RetryInfo {
  /** Which retry is about to happen (1 for the first). */
  retry: number;
  delayMs: number;
  /** The failure that caused it. */
  error: unknown;
}

export interface RetryOptions {
  policy?: RetryPolicy;
  /** Called before each wait, e.g. to say 'Having trouble loading documents, retrying...'. */
  onRetry?(info: RetryInfo): void;
  /** Stops waiting and retrying (the page was left); the pending promise rejects with the abort reason. */
  signal?: AbortSignal;
  sleep?(ms: number, signal?: AbortSignal): Promise<void>;
}

/** A timer that an abort cuts short. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs `task` (given the 1-based attempt number) and retries it per the policy. Resolves with the
 * first success; rejects with the error that ended it: a non-retryable one at once, or the last one
 * after the final retry.
 */
export async function withRetry<T>(task: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { policy = DOCUMENTS_RETRY_POLICY, onRetry, signal, sleep: wait = sleep } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await task(attempt);
    } catch (error) {
      if (signal?.aborted || attempt > policy.retries || !isRetryableError(error)) throw error;
      const delayMs = retryDelay(attempt, policy);
      onRetry?.({ retry: attempt, delayMs, error });
      await wait(delayMs, signal);
    }
  }
}
