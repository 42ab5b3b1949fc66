import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ApiError, AuthContext, STORAGE_KEYS, ToastContext, type AuthContextValue, type ToastApi } from '@embark/shared-ui';
import type { DocumentLibrary, DocumentsApi } from './api/documents-api';
import { DocumentsPage } from './DocumentsPage';
import { CLASSES, sampleLibrary } from './test-data';

const USER_ID = 42;

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function fakeApi(load: () => Promise<DocumentLibrary> = async () => ({ documents: sampleLibrary(), classes: CLASSES })) {
  return {
    loadLibrary: jest.fn(load),
    markViewed: jest.fn(async (id: number) => ({ document_id: id, viewed: true as const, viewed_at: '2025-03-10T10:00:00.000Z' })),
  } satisfies Record<keyof DocumentsApi, jest.Mock>;
}

async function renderPage(api: ReturnType<typeof fakeApi>, path = '/app/documents') {
  const toasts = { show: jest.fn(), success: jest.fn(), error: jest.fn(), warning: jest.fn(), info: jest.fn(), dismiss: jest.fn() } satisfies Record<keyof ToastApi, jest.Mock>;
  const auth = { status: 'authenticated', user: { id: USER_ID, name: 'Emma', email: 'e@example.com', role_id: 1 }, isAdmin: false, refreshUser: jest.fn(), logout: jest.fn() } as unknown as AuthContextValue;
  await act(async () => {
    render(
      <AuthContext.Provider value={auth}>
        <ToastContext.Provider value={toasts}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/app/documents" element={<DocumentsPage api={api} />} />
            </Routes>
            <Search />
          </MemoryRouter>
        </ToastContext.Provider>
      </AuthContext.Provider>,
    );
  });
  return toasts;
}

const library = () => screen.getByRole('list', { name: 'Documents' });
const cardTitles = () => within(library()).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
const card = (title: string) => screen.getByRole('listitem', { name: title });

beforeEach(() => {
  window.localStorage.clear();
});

describe('DocumentsPage', () => {
  it('shows a loading state, then the library of the role with type colour classes, policies and view status', async () => {
    let resolve: (library: DocumentLibrary) => void = () => undefined;
    const api = fakeApi(() => new Promise((r) => (resolve = r)));
    await renderPage(api);
    expect(screen.getByRole('status', { name: 'Loading documents' })).toBeTruthy();
    await act(async () => resolve({ documents: sampleLibrary(), classes: CLASSES }));

    expect(screen.getByRole('heading', { level: 1, name: 'Documents' })).toBeTruthy();
    expect(cardTitles()).toEqual(['1:1 template', 'Benefits enrolment', 'Code of Conduct', 'Expense procedure', 'Operations Associate', 'Security awareness']);
    expect(screen.getByText('Showing 6 of 6 documents')).toBeTruthy();
    expect(screen.getByText('1 of 6 documents opened')).toBeTruthy();

    const conduct = card('Code of Conduct');
    expect(conduct.className).toContain('doc-type--policy');
    expect(within(conduct).getByText('Policy').className).toContain('doc-type-badge');
    expect(within(conduct).getByText('Company policy')).toBeTruthy();
    expect(within(conduct).getByText('Viewed')).toBeTruthy();
    expect(within(card('Expense procedure')).getByText('New')).toBeTruthy();
    expect(card('Operations Associate').className).toContain('doc-type--job-description');
    expect(card('Security awareness').className).toContain('doc-type--training');
    expect(within(card('Benefits enrolment')).getByText('No description provided.')).toBeTruthy();
    expect(within(card('Benefits enrolment')).getByText(/No link yet/)).toBeTruthy();
  });

  it('lists the 5 most recently added documents', async () => {
    await renderPage(fakeApi());
    const recent = screen.getByRole('list', { name: 'Recent documents' });
    expect(within(recent).getAllByRole('button').map((b) => b.textContent)).toEqual([
      expect.stringContaining('Security awareness'),
      expect.stringContaining('Expense procedure'),
      expect.stringContaining('Benefits enrolment'),
      expect.stringContaining('Operations Associate'),
      expect.stringContaining('1:1 template'),
    ]);
  });

  it("says 'No documents found for your role' when the role has none", async () => {
    await renderPage(fakeApi(async () => ({ documents: [], classes: CLASSES })));
    expect(screen.getByText('No documents found for your role')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Documents' })).toBeNull();
  });

  it('filters by category and view status, sorts, and keeps it all in the URL', async () => {
    await renderPage(fakeApi());
    const category = screen.getByLabelText('Category') as HTMLSelectElement;
    // Only categories the role has documents in.
    expect(Array.from(category.options).map((o) => o.text)).toEqual(['All categories', 'Policy', 'SOP', 'Training', 'Form', 'Template', 'Job Description']);

    fireEvent.change(category, { target: { value: '3' } });
    expect(cardTitles()).toEqual(['Security awareness']);
    expect(screen.getByTestId('search').textContent).toBe('?category=3');

    fireEvent.change(category, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('View status'), { target: { value: 'viewed' } });
    expect(cardTitles()).toEqual(['Code of Conduct']);
    fireEvent.change(screen.getByLabelText('View status'), { target: { value: 'unviewed' } });
    expect(cardTitles()).not.toContain('Code of Conduct');
    expect(screen.getByText('Showing 5 of 6 documents')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'date' } });
    expect(cardTitles()[0]).toBe('Security awareness');
    expect(screen.getByTestId('search').textContent).toBe('?status=unviewed&sort=date');

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'nothing like this' } });
    expect(screen.getByText('No documents match these filters')).toBeTruthy();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' })[0] as HTMLElement;
    clear.focus();
    fireEvent.click(clear);
    expect(cardTitles()).toHaveLength(6);
    expect(screen.getByTestId('search').textContent).toBe('?sort=date');
    // The pressed button has gone: the keyboard goes on from the search box.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Search')));
  });

  it('keeps both of two filter changes made before the page re-renders', async () => {
    await renderPage(fakeApi());
    // One act: the second change is handled before the first one's navigation has rendered.
    act(() => {
      fireEvent.change(screen.getByLabelText('Category'), { target: { value: '2' } });
      fireEvent.change(screen.getByLabelText('View status'), { target: { value: 'unviewed' } });
    });
    expect(screen.getByTestId('search').textContent).toBe('?category=2&status=unviewed');
    expect(cardTitles()).toEqual(['Expense procedure']);

    act(() => {
      fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'date' } });
      fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    });
    expect(screen.getByTestId('search').textContent).toBe('?sort=date');
    expect(cardTitles()[0]).toBe('Security awareness');
  });

  it('opens a document in a new tab and records the view locally and on the server', async () => {
    const tab = { opener: window } as unknown as Window;
    const open = jest.spyOn(window, 'open').mockReturnValue(tab);
    const api = fakeApi();
    const toasts = await renderPage(api);

    await act(async () => {
      fireEvent.click(within(card('Expense procedure')).getByRole('button', { name: 'Open Expense procedure (opens in a new tab)' }));
    });
    expect(open).toHaveBeenCalledWith('https://docs.example.com/2', '_blank');
    expect(tab.opener).toBeNull();
    expect(api.markViewed).toHaveBeenCalledWith(2);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.viewedDocuments) ?? '{}')).toEqual({ [USER_ID]: [2] });
    expect(within(card('Expense procedure')).getByText('Viewed')).toBeTruthy();
    expect(screen.getByText('2 of 6 documents opened')).toBeTruthy();
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('keeps the keyboard on the page when the opened card leaves the "Not viewed yet" list', async () => {
    jest.spyOn(window, 'open').mockReturnValue({ opener: window } as unknown as Window);
    await renderPage(fakeApi());
    fireEvent.change(screen.getByLabelText('View status'), { target: { value: 'unviewed' } });
    const button = within(card('Expense procedure')).getByRole('button', { name: 'Open Expense procedure (opens in a new tab)' });
    button.focus();
    await act(async () => {
      fireEvent.click(button);
    });
    expect(cardTitles()).not.toContain('Expense procedure');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Search')));
  });

  it("says 'No URL available for this document' for a document without a link, and opens nothing", async () => {
    const open = jest.spyOn(window, 'open');
    const api = fakeApi();
    const toasts = await renderPage(api);
    fireEvent.click(within(card('Benefits enrolment')).getByRole('button', { name: 'Open' }));
    expect(toasts.error).toHaveBeenCalledWith('No URL available for this document');
    expect(open).not.toHaveBeenCalled();
    expect(api.markViewed).not.toHaveBeenCalled();
  });

  it.each(['javascript:alert(document.domain)', 'data:text/html,<script>alert(1)</script>', '/relative/handbook.pdf'])(
    'treats a %s link exactly like no link: never opened, never named as opening a tab',
    async (url) => {
      const open = jest.spyOn(window, 'open');
      const api = fakeApi(async () => ({ documents: sampleLibrary().map((doc) => (doc.title === 'Security awareness' ? { ...doc, url } : doc)), classes: CLASSES }));
      const toasts = await renderPage(api);
      const unsafe = card('Security awareness');
      expect(within(unsafe).getByText(/No link yet/)).toBeTruthy();
      const recent = within(screen.getByRole('list', { name: 'Recent documents' })).getAllByRole('button')[0]!;
      expect(recent.textContent).toContain('Security awareness');
      expect(recent.textContent).not.toContain('(opens in a new tab)');
      fireEvent.click(within(unsafe).getByRole('button', { name: 'Open' }));
      fireEvent.click(recent);
      expect(toasts.error).toHaveBeenNthCalledWith(1, 'No URL available for this document');
      expect(toasts.error).toHaveBeenNthCalledWith(2, 'No URL available for this document');
      expect(open).not.toHaveBeenCalled();
      expect(api.markViewed).not.toHaveBeenCalled();
    },
  );

  it("says 'Popup blocked - please allow popups for this site' when the browser refuses the tab", async () => {
    jest.spyOn(window, 'open').mockReturnValue(null);
    const api = fakeApi();
    const toasts = await renderPage(api);
    fireEvent.click(within(card('Security awareness')).getByRole('button', { name: /^Open Security awareness/ }));
    expect(toasts.error).toHaveBeenCalledWith('Popup blocked - please allow popups for this site');
    expect(api.markViewed).not.toHaveBeenCalled();
    expect(within(card('Security awareness')).getByText('New')).toBeTruthy();
  });

  it('counts ids kept locally as viewed, and sends the ones the server does not know yet', async () => {
    window.localStorage.setItem(STORAGE_KEYS.viewedDocuments, JSON.stringify({ [USER_ID]: [5], 7: [2] }));
    const api = fakeApi();
    await renderPage(api);
    expect(within(card('1:1 template')).getByText('Viewed')).toBeTruthy();
    // Another user's local ids do not count.
    expect(within(card('Expense procedure')).getByText('New')).toBeTruthy();
    expect(api.markViewed).toHaveBeenCalledTimes(1);
    expect(api.markViewed).toHaveBeenCalledWith(5);
  });

  describe('loading retries', () => {
    beforeEach(() => {
      jest.useFakeTimers();
    });
    afterEach(() => {
      jest.useRealTimers();
    });

    it("retries a 503 twice with 1 s and 2 s pauses, saying 'Having trouble loading documents, retrying...' once", async () => {
      const failures = [new ApiError({ status: 503 }), new ApiError({ status: 503 })];
      const api = fakeApi(async () => {
        const failure = failures.shift();
        if (failure) throw failure;
        return { documents: sampleLibrary(), classes: CLASSES };
      });
      const toasts = await renderPage(api);
      expect(api.loadLibrary).toHaveBeenCalledTimes(1);
      expect(toasts.warning).toHaveBeenCalledWith('Having trouble loading documents, retrying...');
      expect(screen.getByRole('status', { name: 'Loading documents' })).toBeTruthy();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1_000);
      });
      expect(api.loadLibrary).toHaveBeenCalledTimes(2);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(2_000);
      });
      expect(api.loadLibrary).toHaveBeenCalledTimes(3);
      expect(cardTitles()).toHaveLength(6);
      expect(toasts.warning).toHaveBeenCalledTimes(1);
      expect(toasts.error).not.toHaveBeenCalled();
    });

    it("gives up after 3 retries with 'Unable to load documents: Server error (503)…', and Try Again starts over", async () => {
      const api = fakeApi(async () => {
        throw new ApiError({ status: 503 });
      });
      const toasts = await renderPage(api);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(7_000);
      });
      expect(api.loadLibrary).toHaveBeenCalledTimes(4);
      const message = 'Unable to load documents: Server error (503). Please try again later.';
      expect(toasts.error).toHaveBeenCalledWith(message);
      expect(within(screen.getByRole('alert')).getByText(message)).toBeTruthy();

      api.loadLibrary.mockImplementation(async () => ({ documents: sampleLibrary(), classes: CLASSES }));
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
      });
      expect(cardTitles()).toHaveLength(6);
    });

    it("does not retry a 404: 'Documents API endpoint not found. Please contact support.'", async () => {
      const api = fakeApi(async () => {
        throw new ApiError({ status: 404 });
      });
      const toasts = await renderPage(api);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10_000);
      });
      expect(api.loadLibrary).toHaveBeenCalledTimes(1);
      expect(toasts.warning).not.toHaveBeenCalled();
      expect(toasts.error).toHaveBeenCalledWith('Unable to load documents: Documents API endpoint not found. Please contact support.');
    });

    it("words a lost connection 'Cannot connect to server…' after retrying it", async () => {
      const api = fakeApi(async () => {
        throw new ApiError({ status: 0 });
      });
      const toasts = await renderPage(api);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(7_000);
      });
      expect(api.loadLibrary).toHaveBeenCalledTimes(4);
      expect(toasts.error).toHaveBeenCalledWith('Unable to load documents: Cannot connect to server. Please check your connection and try again.');
    });

    it('leaves the session-expired message to the shell on a 401 (no second toast, no retry)', async () => {
      const api = fakeApi(async () => {
        throw new ApiError({ status: 401 });
      });
      const toasts = await renderPage(api);
      expect(api.loadLibrary).toHaveBeenCalledTimes(1);
      expect(toasts.error).not.toHaveBeenCalled();
    });
  });

  it("reads the library again when another user takes the tab's session, never showing the last one's", async () => {
    const api = fakeApi();
    const toasts = { show: jest.fn(), success: jest.fn(), error: jest.fn(), warning: jest.fn(), info: jest.fn(), dismiss: jest.fn() } satisfies Record<keyof ToastApi, jest.Mock>;
    const as = (id: number) => ({ status: 'authenticated', user: { id, name: `User ${id}`, email: `u${id}@example.com`, role_id: 1 }, isAdmin: false, refreshUser: jest.fn(), logout: jest.fn() }) as unknown as AuthContextValue;
    const page = (auth: AuthContextValue) => (
      <AuthContext.Provider value={auth}>
        <ToastContext.Provider value={toasts}>
          <MemoryRouter initialEntries={['/app/documents']}>
            <Routes>
              <Route path="/app/documents" element={<DocumentsPage api={api} />} />
            </Routes>
          </MemoryRouter>
        </ToastContext.Provider>
      </AuthContext.Provider>
    );
    let view: ReturnType<typeof render> | undefined;
    await act(async () => {
      view = render(page(as(USER_ID)));
    });
    await screen.findByRole('list', { name: 'Documents' });
    expect(api.loadLibrary).toHaveBeenCalledTimes(1);
    // Another user signed in, in another tab; this one follows.
    await act(async () => {
      view?.rerender(page(as(USER_ID + 1)));
    });
    await waitFor(() => expect(api.loadLibrary).toHaveBeenCalledTimes(2));
  });
});
