import { readStoredSession, STORAGE_KEYS, type ApiClient } from '@embark/shared-ui';
import { createChangePasswordApi } from './change-password-api';

describe('change password api', () => {
  beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.authToken, 'old-token'));

  it('sends both passwords and keeps the session with the fresh token', async () => {
    const post = jest.fn((_path: string, _body?: unknown) => Promise.resolve({ token: 'fresh-token' }));
    await createChangePasswordApi({ post } as unknown as ApiClient).changePassword('Employee12345', 'NewPassw0rd');
    expect(post).toHaveBeenCalledWith('/auth/change-password', { currentPassword: 'Employee12345', newPassword: 'NewPassw0rd' });
    expect(readStoredSession().token).toBe('fresh-token');
  });

  it('a sign-out while the change is under way: the fresh token is not stored but ended on the server', async () => {
    const post = jest.fn((path: string, _body?: unknown, _options?: unknown) => {
      if (path === '/auth/logout') return Promise.resolve(null);
      // The user signs out (or the session expires) before the answer arrives.
      window.localStorage.removeItem(STORAGE_KEYS.authToken);
      return Promise.resolve({ token: 'fresh-token' });
    });
    await createChangePasswordApi({ post } as unknown as ApiClient).changePassword('Employee12345', 'NewPassw0rd');
    expect(readStoredSession().token).toBeNull();
    expect(post).toHaveBeenLastCalledWith('/auth/logout', undefined, { headers: { Authorization: 'Bearer fresh-token' }, reportSessionExpiry: false });
  });

  it('keeps the stored token when a refusal brings none', async () => {
    const post = jest.fn(() => Promise.reject(new Error('400')));
    await expect(createChangePasswordApi({ post } as unknown as ApiClient).changePassword('wrong', 'NewPassw0rd')).rejects.toThrow('400');
    expect(readStoredSession().token).toBe('old-token');
  });
});
