import { ApiError, readAuthDebugLog, type ApiClient } from '@embark/shared-ui';
import { createAuthApi } from './auth-api';
import { EMPLOYEE } from './test-utils';

function fakeClient(answer: (path: string) => unknown) {
  const calls: Array<{ method: string; path: string; body?: unknown; options?: unknown }> = [];
  const respond = (method: string) => (path: string, bodyOrOptions?: unknown, options?: unknown) => {
    const isGet = method === 'GET';
    calls.push({ method, path, body: isGet ? undefined : bodyOrOptions, options: isGet ? bodyOrOptions : options });
    const result = answer(path);
    return result instanceof Error ? Promise.reject(result) : Promise.resolve(result);
  };
  const client = { get: respond('GET'), post: respond('POST') } as unknown as ApiClient;
  return { client, calls };
}

beforeEach(() => window.localStorage.clear());

describe('auth api', () => {
  it('signs in with the trimmed email, opting out of the session-expiry hook', async () => {
    const { client, calls } = fakeClient(() => ({ requiresTwoFactor: false, token: 't', user: EMPLOYEE }));
    await expect(createAuthApi(client).signIn(' a@b.co ', 'pw')).resolves.toEqual({ kind: 'session', session: { token: 't', user: EMPLOYEE } });
    expect(calls).toEqual([{ method: 'POST', path: '/auth/login', body: { email: 'a@b.co', password: 'pw' }, options: { reportSessionExpiry: false } }]);
    expect(readAuthDebugLog().map((e) => e.event)).toEqual(['login.attempt', 'login.answered']);
  });

  it('reports the two-factor step without a session', async () => {
    const { client } = fakeClient(() => ({ requiresTwoFactor: true }));
    await expect(createAuthApi(client).signIn('a@b.co', 'pw')).resolves.toEqual({ kind: 'twoFactor' });
  });

  it('sends the second step as {email, token, isBackupCode}', async () => {
    const { client, calls } = fakeClient(() => ({ token: 't2', user: EMPLOYEE }));
    await createAuthApi(client).verifySignIn('a@b.co', 'abcd1234', true);
    expect(calls[0]).toMatchObject({ path: '/auth/2fa/verify-login', body: { email: 'a@b.co', token: 'abcd1234', isBackupCode: true } });
  });

  it('registers with role_id and refuses an answer without a session', async () => {
    const { client, calls } = fakeClient(() => ({ user: EMPLOYEE }));
    await expect(createAuthApi(client).register({ name: ' Nina ', email: 'n@b.co', password: 'Passw0rd', role_id: 2 })).rejects.toThrow(
      'without a session',
    );
    expect(calls[0]?.body).toEqual({ name: 'Nina', email: 'n@b.co', password: 'Passw0rd', role_id: 2 });
  });

  it('logs a failure with its status only', async () => {
    const { client } = fakeClient(() => new ApiError({ status: 401, error: 'Invalid email or password' }));
    await expect(createAuthApi(client).signIn('a@b.co', 'secret-pw')).rejects.toBeInstanceOf(ApiError);
    const last = readAuthDebugLog().at(-1);
    expect(last).toMatchObject({ event: 'login.failed', details: { status: 401, timedOut: false } });
    expect(JSON.stringify(readAuthDebugLog())).not.toContain('secret-pw');
  });

  it('reads roles, and treats a malformed answer as a failed load', async () => {
    const roles = [{ id: 1, name: 'Employee', description: null }];
    await expect(createAuthApi(fakeClient(() => roles).client).roles()).resolves.toEqual(roles);
    await expect(createAuthApi(fakeClient(() => ({ data: roles })).client).roles()).resolves.toBeNull();
  });

  it('rejects a current user that is not one', async () => {
    await expect(createAuthApi(fakeClient(() => ({ id: 'x' })).client).currentUser()).rejects.toThrow('did not return a user');
  });

  it('reads who may register, and treats anything else as unknown', async () => {
    const policy = (answer: unknown) => createAuthApi(fakeClient(() => answer).client).registrationPolicy();
    await expect(policy({ mode: 'invite', domains: [] })).resolves.toEqual({ mode: 'invite' });
    await expect(policy({ mode: 'open', domains: [] })).resolves.toEqual({ mode: 'open' });
    await expect(policy({ mode: 'domains', domains: ['acme.com', 7, ''] })).resolves.toEqual({ mode: 'domains', domains: ['acme.com'] });
    await expect(policy({ mode: 'closed' })).resolves.toBeNull();
    const { client, calls } = fakeClient(() => ({ mode: 'open', domains: [] }));
    await createAuthApi(client).registrationPolicy();
    expect(calls).toEqual([{ method: 'GET', path: '/settings/registration', body: undefined, options: { reportSessionExpiry: false } }]);
  });

  it('loads an invitation by its token (escaped in the path) and accepts it for a session', async () => {
    const preview = { email: 'hana@example.com', name: 'Hana Hire', role_name: 'Manager' };
    const { client, calls } = fakeClient((path) => (path.endsWith('/accept') ? { token: 'tok-hire', user: EMPLOYEE } : preview));
    const api = createAuthApi(client);
    await expect(api.invitation('a/b c')).resolves.toEqual(preview);
    await expect(api.acceptInvitation('a/b c', 'Welcome123')).resolves.toEqual({ token: 'tok-hire', user: EMPLOYEE });
    expect(calls).toEqual([
      { method: 'GET', path: '/invitations/a%2Fb%20c', body: undefined, options: { reportSessionExpiry: false } },
      { method: 'POST', path: '/invitations/a%2Fb%20c/accept', body: { password: 'Welcome123' }, options: { reportSessionExpiry: false } },
    ]);
    await expect(createAuthApi(fakeClient(() => ({ name: 'x' })).client).invitation('t')).rejects.toThrow('without an invitation');
  });

  it('asks for a reset mail with the trimmed email and resets with the token', async () => {
    const { client, calls } = fakeClient(() => ({ success: true }));
    const api = createAuthApi(client);
    await api.forgotPassword(' hana@example.com ');
    await api.resetPassword('reset-token', 'NewPassw0rd');
    expect(calls).toEqual([
      { method: 'POST', path: '/auth/forgot-password', body: { email: 'hana@example.com' }, options: { reportSessionExpiry: false } },
      { method: 'POST', path: '/auth/reset-password', body: { token: 'reset-token', password: 'NewPassw0rd' }, options: { reportSessionExpiry: false } },
    ]);
    expect(JSON.stringify(readAuthDebugLog())).not.toContain('NewPassw0rd');
  });
});
