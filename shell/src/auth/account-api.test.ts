import { readAuthDebugLog } from '@embark/shared-ui';
import { createAccountApi } from './account-api';
import { EMPLOYEE, fakeClient } from './test-utils';

beforeEach(() => window.localStorage.clear());

describe('account api', () => {
  it('reads who may register, and treats anything else as unknown', async () => {
    const policy = (answer: unknown) => createAccountApi(fakeClient(() => answer).client).registrationPolicy();
    await expect(policy({ mode: 'invite', domains: [] })).resolves.toEqual({ mode: 'invite' });
    await expect(policy({ mode: 'open', domains: [] })).resolves.toEqual({ mode: 'open' });
    await expect(policy({ mode: 'domains', domains: ['acme.com', 7, ''] })).resolves.toEqual({ mode: 'domains', domains: ['acme.com'] });
    await expect(policy({ mode: 'closed' })).resolves.toBeNull();
    const { client, calls } = fakeClient(() => ({ mode: 'open', domains: [] }));
    await createAccountApi(client).registrationPolicy();
    expect(calls).toEqual([{ method: 'GET', path: '/settings/registration', body: undefined, options: { reportSessionExpiry: false } }]);
  });

  it('loads an invitation by its token (escaped in the path) and accepts it for a session', async () => {
    const preview = { email: 'hana@example.com', name: 'Hana Hire', role_name: 'Manager' };
    const { client, calls } = fakeClient((path) => (path.endsWith('/accept') ? { token: 'tok-hire', user: EMPLOYEE } : preview));
    const api = createAccountApi(client);
    await expect(api.invitation('a/b c')).resolves.toEqual(preview);
    await expect(api.acceptInvitation('a/b c', 'Welcome123')).resolves.toEqual({ token: 'tok-hire', user: EMPLOYEE });
    expect(calls).toEqual([
      { method: 'GET', path: '/invitations/a%2Fb%20c', body: undefined, options: { reportSessionExpiry: false } },
      { method: 'POST', path: '/invitations/a%2Fb%20c/accept', body: { password: 'Welcome123' }, options: { reportSessionExpiry: false } },
    ]);
    await expect(createAccountApi(fakeClient(() => ({ name: 'x' })).client).invitation('t')).rejects.toThrow('without an invitation');
  });

  it('asks for a reset mail with the trimmed email and resets with the token', async () => {
    const { client, calls } = fakeClient(() => ({ success: true }));
    const api = createAccountApi(client);
    await api.forgotPassword(' hana@example.com ');
    await api.resetPassword('reset-token', 'NewPassw0rd');
    expect(calls).toEqual([
      { method: 'POST', path: '/auth/forgot-password', body: { email: 'hana@example.com' }, options: { reportSessionExpiry: false } },
      { method: 'POST', path: '/auth/reset-password', body: { token: 'reset-token', password: 'NewPassw0rd' }, options: { reportSessionExpiry: false } },
    ]);
    expect(JSON.stringify(readAuthDebugLog())).not.toContain('NewPassw0rd');
  });
});
