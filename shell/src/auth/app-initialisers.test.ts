import { ApolloClient, ApolloLink } from '@apollo/client';
import { of } from 'rxjs';
import { onSessionEnded, setSessionExpiryHandler } from '@embark/shared-ui';
import { ShellChecklistDocument } from '../__generated__/graphql';
import { jsonResponse, testCache } from '../app/test-support';
import { createAppInitialisers, isSessionRefusal } from './app-initialisers';
import { ADMIN, EMPLOYEE } from './test-utils';

// The real steps import the shell's shared client; these tests pass their own.
jest.mock('../app/apollo', () => ({ sharedApolloClient: () => null }));

const CHECKLIST = [{ __typename: 'UserChecklistItem', id: 1, title: 'Sign your contract', item_order: 1, completed: false, completed_at: null, dueDate: '2026-03-11', daysUntilDue: 1, owner_type: 'new_hire' }];

function recordingClient(refuse = false) {
  const operations: string[] = [];
  const link = new ApolloLink((operation) => {
    operations.push(operation.operationName ?? '?');
    if (operation.operationName === 'ShellChecklist') return of({ data: { myChecklist: CHECKLIST } });
    if (operation.operationName === 'InitJournalStats' && refuse) return of({ data: null, errors: [{ message: 'Authentication required', extensions: { code: 'UNAUTHENTICATED' } }] });
    return of({ data: null, errors: [{ message: 'not in this test' }] });
  });
  return { operations, client: new ApolloClient({ link, cache: testCache() }) };
}

function stubFetch(status: number) {
  const fetchMock = jest.fn(async (_url: string, _init?: RequestInit) => jsonResponse(status, status === 200 ? { data: [], total: 0 } : { error: 'Forbidden' }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const originalFetch = globalThis.fetch;
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  globalThis.fetch = originalFetch;
});

describe('the real initialisation steps', () => {
  it('documents: GET /api/documents with the stored token', async () => {
    window.localStorage.setItem('embark.auth.token', 'tok');
    const fetchMock = stubFetch(200);
    await createAppInitialisers({ client: recordingClient().client }).steps.documents(EMPLOYEE);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/documents');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('documents: by default (right after sign-in) a refusal fails the step without ending the session', async () => {
    window.localStorage.setItem('embark.auth.token', 'tok');
    stubFetch(403);
    const expired = jest.fn();
    const off = setSessionExpiryHandler(expired);
    await expect(createAppInitialisers({ client: recordingClient().client }).steps.documents(EMPLOYEE)).rejects.toMatchObject({ status: 403 });
    expect(expired).not.toHaveBeenCalled();
    off();
  });

  it('for a restored session, a refusal is reported as an expired session, on REST and on GraphQL', async () => {
    window.localStorage.setItem('embark.auth.token', 'tok');
    stubFetch(401);
    const expired = jest.fn();
    const off = setSessionExpiryHandler(expired);
    const steps = createAppInitialisers({ client: recordingClient(true).client, reportSessionExpiry: true }).steps;
    await expect(steps.documents(EMPLOYEE)).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenLastCalledWith(expect.objectContaining({ source: 'rest', status: 401 }));
    off();
    expired.mockClear();
    const off2 = setSessionExpiryHandler(expired);
    // The recording client has no expiry link of its own: the real one (shared-ui) reads this context.
    const seen: unknown[] = [];
    const link = new ApolloLink((operation) => {
      seen.push(operation.getContext().reportSessionExpiry);
      return of({ data: { journalStats: null } });
    });
    await createAppInitialisers({ client: new ApolloClient({ link, cache: testCache() }), reportSessionExpiry: true }).steps.journal(EMPLOYEE).catch(() => undefined);
    await createAppInitialisers({ client: new ApolloClient({ link, cache: testCache() }) }).steps.journal(EMPLOYEE).catch(() => undefined);
    expect(seen).toEqual([true, false]);
    off2();
  });

  it('isSessionRefusal: 401/403 on REST and UNAUTHENTICATED on GraphQL; nothing else', async () => {
    window.localStorage.setItem('embark.auth.token', 'tok');
    stubFetch(403);
    const rest = await createAppInitialisers({ client: recordingClient().client }).steps.documents(EMPLOYEE).catch((e: unknown) => e);
    expect(isSessionRefusal(rest)).toBe(true);
    stubFetch(500);
    const broken = await createAppInitialisers({ client: recordingClient().client }).steps.documents(EMPLOYEE).catch((e: unknown) => e);
    expect(isSessionRefusal(broken)).toBe(false);
    const steps = createAppInitialisers({ client: recordingClient(true).client }).steps;
    expect(isSessionRefusal(await steps.journal(EMPLOYEE).catch((e: unknown) => e))).toBe(true);
    expect(isSessionRefusal(await steps.dashboard(EMPLOYEE).catch((e: unknown) => e))).toBe(false);
    expect(isSessionRefusal(new Error('offline'))).toBe(false);
  });

  it('navigation: resolves for employees and administrators', async () => {
    const steps = createAppInitialisers({ client: recordingClient().client }).steps;
    await expect(steps.navigation(EMPLOYEE)).resolves.toBeUndefined();
    await expect(steps.navigation(ADMIN)).resolves.toBeUndefined();
  });

  it('checklist: fetches the query the bell reads, into the shared cache', async () => {
    const { client, operations } = recordingClient();
    await createAppInitialisers({ client }).steps.checklist(EMPLOYEE);
    expect(operations).toEqual(['ShellChecklist']);
    expect(client.readQuery({ query: ShellChecklistDocument })?.myChecklist).toHaveLength(1);
  });

  it('journal and dashboard: their queries, failing when the server refuses', async () => {
    const { client, operations } = recordingClient();
    const steps = createAppInitialisers({ client }).steps;
    await expect(steps.journal(EMPLOYEE)).rejects.toBeTruthy();
    await expect(steps.dashboard(EMPLOYEE)).rejects.toBeTruthy();
    expect(operations).toEqual(['InitJournalStats', 'InitDashboard']);
  });

  it('resetState empties the cache and tells the session-ended listeners (module caches)', async () => {
    const { client } = recordingClient();
    const initialisers = createAppInitialisers({ client });
    await initialisers.steps.checklist(EMPLOYEE);
    const listener = jest.fn();
    const off = onSessionEnded(listener);
    await initialisers.resetState();
    off();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(client.readQuery({ query: ShellChecklistDocument })).toBeNull();
  });
});
