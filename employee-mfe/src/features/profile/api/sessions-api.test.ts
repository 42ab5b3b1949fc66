import type { ApiClient } from '@embark/shared-ui';
import { createSessionsApi } from './sessions-api';

const SESSION = { id: '0d8a5a4e-0000-4000-8000-000000000001', created_at: '2026-03-02T09:00:00.000Z', last_seen_at: '2026-03-02T10:00:00.000Z', user_agent: null, ip: '203.0.113.9', current: true };

function fakeClient() {
  return {
    get: jest.fn((_path: string) => Promise.resolve({ data: [SESSION] })),
    post: jest.fn((_path: string) => Promise.resolve({ revoked: 2 })),
    delete: jest.fn((_path: string) => Promise.resolve(undefined)),
  };
}

describe('sessions api', () => {
  it('lists the sessions from the answer’s data', async () => {
    const client = fakeClient();
    await expect(createSessionsApi(client as unknown as ApiClient).list()).resolves.toEqual([SESSION]);
    expect(client.get).toHaveBeenCalledWith('/auth/sessions');
  });

  it('ends one session by its id, and all the others', async () => {
    const client = fakeClient();
    const api = createSessionsApi(client as unknown as ApiClient);
    await api.revoke('a/b');
    expect(client.delete).toHaveBeenCalledWith('/auth/sessions/a%2Fb');
    await expect(api.revokeOthers()).resolves.toBe(2);
    expect(client.post).toHaveBeenCalledWith('/auth/sessions/revoke-others');
  });
});
