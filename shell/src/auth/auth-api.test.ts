import { ApiError, readAuthDebugLog } from '@embark/shared-ui';
import { createAuthApi } from './auth-api';
import { EMPLOYEE, fakeClient } from './test-utils';

beforeEach(() => window.localStorage.clear());

describe('auth api', () => {
  it('signs in with the trimmed email, opting out of the session-expiry hook', async () => {
    const { client, calls } = fakeClient(() => ({ requiresTwoFactor: false, token: 't', user: EMPLOYEE }));
    await expect(createAuthApi(client).signIn(' a@b.co ', 'pw')).resolves.toEqual({ kind: 'session', session: { token: 't', user: EMPLOYEE } });
    expect(calls).toEqual([{ method: 'POST', path: '/auth/login', body: { email: 'a@b.co', password: 'pw' }, options: { reportSessionExpiry: false } }]);
    expect(readAuthDebugLog().map((e) => e.event)).toEqual(['login.attempt', 'login.answered']);
  });

  it('reports the two-factor step with its challenge, without a session', async () => {
    const { client } = fakeClient(() => ({ requiresTwoFactor: true, challengeId: 'c-Hq3x_9' }));
    await expect(createAuthApi(client).signIn(' a@b.co ', 'pw')).resolves.toEqual({ kind: 'twoFactor', challenge: { email: 'a@b.co', challengeId: 'c-Hq3x_9' } });
    expect(JSON.stringify(readAuthDebugLog())).not.toContain('c-Hq3x_9');
  });

  it.each([{ requiresTwoFactor: true }, { requiresTwoFactor: true, challengeId: '' }, { requiresTwoFactor: true, challengeId: 42 }])(
    'refuses a two-factor answer without a challenge id: %p',
    async (answer) => {
      const { client } = fakeClient(() => answer);
      await expect(createAuthApi(client).signIn('a@b.co', 'pw')).rejects.toThrow('without a challenge');
    },
  );

  it('sends the second step as {email, challengeId, token, isBackupCode}', async () => {
    const { client, calls } = fakeClient(() => ({ token: 't2', user: EMPLOYEE }));
    await createAuthApi(client).verifySignIn({ email: ' a@b.co ', challengeId: 'c-Hq3x_9' }, 'abcd1234', true);
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/auth/2fa/verify-login',
        body: { email: 'a@b.co', challengeId: 'c-Hq3x_9', token: 'abcd1234', isBackupCode: true },
        options: { reportSessionExpiry: false },
      },
    ]);
    expect(JSON.stringify(readAuthDebugLog())).not.toContain('c-Hq3x_9');
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
});
