import { ApiError } from '@embark/shared-ui';
import { DOCUMENTS_RETRY_POLICY, isRetryableError, retryDelay, sleep, withRetry, type RetryInfo } from './retry-policy';

const serverError = (status = 503) => new ApiError({ status });
const networkError = () => new ApiError({ status: 0 });

/** A task that fails with `failures` in order, then answers 'ok'; records when each attempt ran. */
function scripted(failures: unknown[]) {
  const startedAt: number[] = [];
  const task = jest.fn(async (attempt: number) => {
    startedAt.push(Date.now());
    const failure = failures[attempt - 1];
    if (failure !== undefined) throw failure;
    return 'ok';
  });
  return { task, startedAt };
}

/** Lets pending promise callbacks run between timer steps. */
async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

describe('documents retry policy', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('is the spec: 3 retries, 1 s, 2 s, 4 s, cap 10 s', () => {
    expect(DOCUMENTS_RETRY_POLICY).toEqual({ retries: 3, backoffMs: [1_000, 2_000, 4_000], capMs: 10_000 });
    expect([1, 2, 3].map((n) => retryDelay(n))).toEqual([1_000, 2_000, 4_000]);
  });

  it('doubles past the listed delays and never waits longer than the cap', () => {
    expect(retryDelay(4)).toBe(8_000);
    expect(retryDelay(5)).toBe(10_000);
    expect(retryDelay(9)).toBe(10_000);
    expect(retryDelay(1, { retries: 1, backoffMs: [25_000], capMs: 10_000 })).toBe(10_000);
  });

  it('retries only network errors, status 0 and 5xx', () => {
    expect(isRetryableError(networkError())).toBe(true);
    expect(isRetryableError(new ApiError({ status: 0, timedOut: true }))).toBe(true);
    expect(isRetryableError(new ApiError({ status: 0, offline: true }))).toBe(true);
    expect(isRetryableError(new TypeError('Failed to fetch'))).toBe(true);
    for (const status of [500, 502, 503, 504, 599]) expect(isRetryableError(serverError(status))).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 429, 600]) expect(isRetryableError(new ApiError({ status }))).toBe(false);
    expect(isRetryableError(new Error('bug'))).toBe(false);
    expect(isRetryableError(new DOMException('aborted', 'AbortError'))).toBe(false);
  });

  it('succeeds after two failures, waiting 1 s then 2 s, and reports each retry', async () => {
    const { task, startedAt } = scripted([serverError(503), networkError()]);
    const retries: RetryInfo[] = [];
    const result = withRetry(task, { onRetry: (info) => retries.push(info) });

    await flush();
    expect(task).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(999);
    expect(task).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1_999);
    expect(task).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1);

    await expect(result).resolves.toBe('ok');
    expect(task).toHaveBeenCalledTimes(3);
    expect(task.mock.calls.map(([attempt]) => attempt)).toEqual([1, 2, 3]);
    expect(startedAt).toEqual([0, 1_000, 3_000]);
    expect(retries.map(({ retry, delayMs }) => [retry, delayMs])).toEqual([
      [1, 1_000],
      [2, 2_000],
    ]);
    expect((retries[0]?.error as ApiError).status).toBe(503);
  });

  it('gives up after the third retry (four attempts, 7 s of waiting) with the last error', async () => {
    const last = serverError(502);
    const { task, startedAt } = scripted([serverError(500), networkError(), serverError(503), last]);
    const result = withRetry(task);
    const settled = result.catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(7_000);
    await expect(settled).resolves.toBe(last);
    expect(task).toHaveBeenCalledTimes(4);
    expect(startedAt).toEqual([0, 1_000, 3_000, 7_000]);
    // Nothing left scheduled: no fifth attempt.
    expect(jest.getTimerCount()).toBe(0);
  });

  it('does not retry a 404, a 401 or a 400: it fails at once', async () => {
    for (const status of [404, 401, 400]) {
      const { task } = scripted([new ApiError({ status })]);
      const onRetry = jest.fn();
      await expect(withRetry(task, { onRetry })).rejects.toMatchObject({ status });
      expect(task).toHaveBeenCalledTimes(1);
      expect(onRetry).not.toHaveBeenCalled();
    }
  });

  it('stops waiting when aborted, and does not try again', async () => {
    const controller = new AbortController();
    const { task } = scripted([serverError(), serverError()]);
    const settled = withRetry(task, { signal: controller.signal }).catch((error: unknown) => error);
    await flush();
    await jest.advanceTimersByTimeAsync(500);
    controller.abort(new DOMException('left the page', 'AbortError'));
    const error = await settled;
    expect((error as DOMException).name).toBe('AbortError');
    await jest.advanceTimersByTimeAsync(10_000);
    expect(task).toHaveBeenCalledTimes(1);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('sleep resolves after the delay and rejects at once when already aborted', async () => {
    const done = jest.fn();
    void sleep(1_000).then(done);
    await jest.advanceTimersByTimeAsync(999);
    expect(done).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalled();
    const controller = new AbortController();
    controller.abort('gone');
    await expect(sleep(1_000, controller.signal)).rejects.toBe('gone');
  });
});
