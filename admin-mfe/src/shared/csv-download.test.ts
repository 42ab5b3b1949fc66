/**
 * @jest-environment node
 */
// Node environment: it has fetch's Response and Blob, which jsdom lacks.
import { isApiError, type SessionExpiredEvent } from '@embark/shared-ui';
import { downloadCsv } from './csv-download';

const CSV = '\uFEFFName,Email\r\nAna,ana@example.com\r\n';

function setup(answer: () => Response | Promise<Response>, token: string | null = 'tok-abc') {
  const calls: Array<{ url: string; headers: Headers }> = [];
  const saved: Array<{ bytes: Uint8Array; filename: string }> = [];
  const expired: SessionExpiredEvent[] = [];
  const pending: Array<Promise<void>> = [];
  const options = {
    fetch: async (input: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push({ url: String(input), headers: new Headers(init.headers) });
      return answer();
    },
    getToken: () => token,
    onSessionExpired: (event: SessionExpiredEvent) => expired.push(event),
    save: (file: Blob, filename: string) => {
      pending.push(file.arrayBuffer().then((buffer) => void saved.push({ bytes: new Uint8Array(buffer), filename })));
    },
  };
  return { options, calls, saved, expired, settled: () => Promise.all(pending) };
}

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected the download to fail');
}

describe('downloadCsv', () => {
  it('fetches the report with the bearer token and the filters that are set, and saves the bytes under the answer’s file name', async () => {
    const { options, calls, saved, settled } = setup(
      () => new Response(CSV, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="users-2025-03-10.csv"' } }),
    );
    await expect(downloadCsv('users', { search: 'ana lopez', role_id: 2, status: 'all', sort: null, order: undefined, from: '' }, options)).resolves.toBe('users-2025-03-10.csv');
    expect(calls[0]?.url).toBe('/api/admin/reports/users.csv?search=ana+lopez&role_id=2&status=all');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer tok-abc');
    await settled();
    expect(saved).toHaveLength(1);
    expect(saved[0]?.filename).toBe('users-2025-03-10.csv');
    // The byte order mark survives (a text() read would drop it).
    expect(Array.from(saved[0]?.bytes.slice(0, 3) ?? [])).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("turns a refused filter into an ApiError with the server's words, and saves nothing", async () => {
    const { options, saved } = setup(() => Response.json({ error: 'Validation failed', details: ['From must not be after To'] }, { status: 400 }));
    const error = await failureOf(downloadCsv('audit', { from: '2025-03-05', to: '2025-03-01' }, options));
    expect(error.status).toBe(400);
    expect(error.message).toBe('From must not be after To');
    expect(saved).toEqual([]);
  });

  it('reports an ended session on 401, as the REST client does', async () => {
    const { options, expired } = setup(() => Response.json({ error: 'Authentication required' }, { status: 401 }));
    const error = await failureOf(downloadCsv('overdue', {}, options));
    expect(error.status).toBe(401);
    expect(expired).toEqual([{ source: 'rest', status: 401, target: 'GET /admin/reports/overdue.csv', token: 'tok-abc' }]);
  });

  it('turns a network failure into an ApiError without a status', async () => {
    const { options } = setup(() => Promise.reject(new TypeError('fetch failed')));
    const error = await failureOf(downloadCsv('policies', {}, options));
    expect(error.status).toBe(0);
  });
});
