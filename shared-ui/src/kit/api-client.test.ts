/**
 * @jest-environment node
 */
// Node environment: it has fetch's Request/Response, which jsdom lacks.
import { ApiError, createApiClient, isApiError } from './api-client';
import { HTTP_ERROR_MESSAGES } from './messages';
import type { SessionExpiredEvent } from './auth-session';

interface Call {
  url: string;
  init: RequestInit;
  headers: Headers;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

function setup(answer: (call: Call) => Promise<Response> | Response, token: string | null = 'tok-abc') {
  const calls: Call[] = [];
  const expired: SessionExpiredEvent[] = [];
  const client = createApiClient({
    fetch: async (input, init = {}) => {
      const call = { url: String(input), init, headers: new Headers(init.headers) };
      calls.push(call);
      return answer(call);
    },
    getToken: () => token,
    onSessionExpired: (event) => expired.push(event),
    isOffline: () => false,
  });
  return { client, calls, expired };
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  it('calls /api with the bearer token, credentials, JSON and a signal', async () => {
    const { client, calls } = setup(() => json(200, { ok: true }));
    await expect(client.post('/auth/login', { email: 'a@b.co' })).resolves.toEqual({ ok: true });
    const [call] = calls;
    expect(call?.url).toBe('/api/auth/login');
    expect(call?.init.method).toBe('POST');
    expect(call?.init.credentials).toBe('include');
    expect(call?.headers.get('authorization')).toBe('Bearer tok-abc');
    expect(call?.headers.get('content-type')).toBe('application/json');
    expect(call?.init.body).toBe('{"email":"a@b.co"}');
    expect(call?.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends no Authorization header when signed out, and builds query strings', async () => {
    const { client, calls } = setup(() => json(200, []), null);
    await client.get('roles', { query: { q: 'a b', tag: undefined, limit: 10 } });
    expect(calls[0]?.url).toBe('/api/roles?q=a+b&limit=10');
    expect(calls[0]?.headers.has('authorization')).toBe(false);
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('returns undefined for empty answers and text for non-JSON ones', async () => {
    const { client } = setup(({ url }) => (url.endsWith('/empty') ? new Response(null, { status: 204 }) : new Response('plain', { status: 200 })));
    await expect(client.delete('/empty')).resolves.toBeUndefined();
    await expect(client.get('/text')).resolves.toBe('plain');
  });

  it.each([
    [400, { error: 'Name is required, Email is required', details: ['Name is required', 'Email is required'] }, 'Name is required, Email is required'],
    [400, { error: 'Bad role' }, 'Bad role'],
    [400, {}, HTTP_ERROR_MESSAGES.badRequest],
    [401, { error: 'Authentication required' }, 'Your session has expired. Please log in again.'],
    [403, { error: 'Forbidden' }, 'You do not have permission to perform this action.'],
    [404, { error: 'Not found' }, 'The requested resource was not found.'],
    [409, { error: 'An account with this email already exists.' }, 'An account with this email already exists.'],
    [429, {}, 'An unexpected error occurred.'],
    [500, { error: 'boom' }, 'A server error occurred. Please try again later.'],
    [503, { error: 'Service unavailable' }, HTTP_ERROR_MESSAGES.server],
  ])('maps %i %j to %j', async (status, body, message) => {
    const { client } = setup(() => json(status, body));
    const error = await failureOf(client.get('/x'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
    expect(error.body).toEqual(body);
  });

  it('keeps the server error text and details on the error', async () => {
    const { client } = setup(() => json(400, { error: 'a, b', details: ['a', 'b', 3] }));
    const error = await failureOf(client.get('/x'));
    expect(error.serverError).toBe('a, b');
    expect(error.details).toEqual(['a', 'b']);
    expect(error.failure).toEqual({ status: 400, error: 'a, b', details: ['a', 'b'], timedOut: false, offline: false });
  });

  it('reports no response as status 0 with the connection message', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failureOf(client.get('/x'));
    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toBe('Unable to connect to the server. Please check your internet connection.');
  });

  it('says the network is lost when the browser is offline', async () => {
    const client = createApiClient({ fetch: () => Promise.reject(new TypeError('offline')), getToken: () => null, isOffline: () => true });
    const error = await failureOf(client.get('/x'));
    expect(error.offline).toBe(true);
    expect(error.message).toBe(HTTP_ERROR_MESSAGES.networkLost);
  });

  describe('timeout', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    function hangingFetch(): typeof fetch {
      return (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
    }

    it('aborts after 10 s with the spec message', async () => {
      const client = createApiClient({ fetch: hangingFetch(), getToken: () => null });
      const pending = failureOf(client.get('/slow'));
      await jest.advanceTimersByTimeAsync(9_999);
      let settled = false;
      void pending.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      const error = await pending;
      expect(error.timedOut).toBe(true);
      expect(error.status).toBe(0);
      expect(error.message).toBe('Request timed out. Please try again.');
    });

    it('honours a per-request timeout', async () => {
      const client = createApiClient({ fetch: hangingFetch(), getToken: () => null });
      const pending = failureOf(client.get('/slow', { timeoutMs: 50 }));
      await jest.advanceTimersByTimeAsync(50);
      expect((await pending).timedOut).toBe(true);
    });

    it("rejects with the caller's reason when the caller aborts", async () => {
      const client = createApiClient({ fetch: hangingFetch(), getToken: () => null });
      const controller = new AbortController();
      const pending = client.get('/slow', { signal: controller.signal });
      controller.abort(new Error('left the page'));
      await expect(pending).rejects.toThrow('left the page');
    });
  });

  describe('session expiry hook', () => {
    it.each([401, 403])('reports a %i answer to a signed-in request', async (status) => {
      const { client, expired } = setup(() => json(status, { error: 'nope' }));
      await failureOf(client.get('/auth/2fa/status'));
      expect(expired).toEqual([{ source: 'rest', status, target: 'GET /auth/2fa/status', token: 'tok-abc' }]);
    });

    it('does not report other failures', async () => {
      const { client, expired } = setup(() => json(500, {}));
      await failureOf(client.get('/x'));
      expect(expired).toEqual([]);
    });

    it('does not report when the call opts out (sign-in: 401 means wrong credentials)', async () => {
      const { client, expired } = setup(() => json(401, { error: 'Invalid email or password' }));
      const error = await failureOf(client.post('/auth/login', {}, { reportSessionExpiry: false }));
      expect(error.serverError).toBe('Invalid email or password');
      expect(expired).toEqual([]);
    });

    it('does not report a refusal of a request sent without a token', async () => {
      const { client, expired } = setup(() => json(401, {}), null);
      await failureOf(client.get('/auth/me'));
      expect(expired).toEqual([]);
    });
  });
});

describe('isApiError', () => {
  it("recognises the client's errors and nothing shaped like one", () => {
    expect(isApiError(new ApiError({ status: 404 }))).toBe(true);
    expect(isApiError(new Error('Server error'))).toBe(false);
    expect(isApiError({ name: 'ApiError', status: 500 })).toBe(false);
  });
});
