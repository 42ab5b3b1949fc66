import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link } from 'react-router';
import { JournalEntriesDocument, JournalStatsDocument, JournalTagsDocument, PopularTagsDocument, SearchJournalEntriesDocument } from '../../__generated__/graphql';
import { entryData, renderJournal, type Mocks } from './journal-test-utils';

const FILTER = { visibility: 'all', sort: 'created_at', order: 'desc', page: 1, limit: 10 };
const page = (data: unknown[], total = data.length) => ({ __typename: 'JournalEntryPage', total, page: 1, limit: 10, data });
const tag = (id: number, name: string, count: number) => ({ __typename: 'Tag', id, name, count });

/** Stats, tag list and popular tags: every render of the page asks for them once. */
function sideMocks({ tagsFail = false } = {}): Mocks {
  return [
    { request: { query: JournalStatsDocument }, result: { data: { journalStats: { __typename: 'JournalStats', total_entries: 12, recent_entries: 3, total_tags: 4 } } } },
    { request: { query: JournalTagsDocument }, result: { data: { tags: [tag(1, 'Culture', 2), tag(2, 'onboarding', 5)] } } },
    tagsFail
      ? { request: { query: PopularTagsDocument, variables: { limit: 10 } }, error: new Error('offline') }
      : { request: { query: PopularTagsDocument, variables: { limit: 10 } }, result: { data: { popularTags: [tag(2, 'onboarding', 5), tag(1, 'Culture', 2)] } } },
  ];
}

const listMock = (filter: Record<string, unknown> & { page?: number }, data: unknown[], total?: number): Mocks[number] => ({
  request: { query: JournalEntriesDocument, variables: { filter } },
  // The server answers with the page it was asked for.
  result: { data: { journalEntries: { ...page(data, total), page: filter.page ?? 1 } } },
});

describe('JournalPage', () => {
  it('lists the entries with stats and popular tags', async () => {
    await renderJournal('/app/journal', [
      listMock(FILTER, [entryData(), entryData({ id: 2, title: '', visibility: 'shared', tags: [], content: 'x'.repeat(200) })], 2),
      ...sideMocks(),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'My Journal' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Journal entries' });
    const items = within(list).getAllByRole('listitem', { hidden: false }).filter((li) => li.parentElement === list);
    expect(items).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'First week' }).getAttribute('href')).toBe('/app/journal/1');
    expect(within(list).getByRole('link', { name: 'Untitled entry' }).getAttribute('href')).toBe('/app/journal/2');
    expect(within(list).getByText(`${'x'.repeat(150)}…`)).toBeTruthy();
    expect(within(list).getByText('Shared')).toBeTruthy();
    expect(screen.getByText('Showing 1–2 of 2 entries')).toBeTruthy();

    const stats = screen.getByRole('region', { name: 'Journal statistics' });
    expect(await within(stats).findByText('12')).toBeTruthy();
    expect(within(stats).getByText('3')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^onboarding ?, 5 entries$/ }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('link', { name: 'New entry' }).getAttribute('href')).toBe('/app/journal/new');
  });

  it('shows an empty state with a way to write the first entry', async () => {
    await renderJournal('/app/journal', [listMock(FILTER, []), ...sideMocks()]);
    expect(await screen.findByText('No journal entries yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Write your first entry' }).getAttribute('href')).toBe('/app/journal/new');
  });

  it("shows the spec's list error with a retry", async () => {
    await renderJournal('/app/journal', [{ request: { query: JournalEntriesDocument, variables: { filter: FILTER } }, error: new Error('boom') }, listMock(FILTER, [entryData()]), ...sideMocks()]);
    expect(await screen.findByText('Failed to fetch journal entries')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    });
    expect(await screen.findByRole('link', { name: 'First week' })).toBeTruthy();
  });

  it('searches as the user types (once typing pauses) and keeps the words in the address', async () => {
    await renderJournal('/app/journal', [
      listMock(FILTER, [entryData()]),
      ...sideMocks(),
      {
        request: { query: SearchJournalEntriesDocument, variables: { q: 'laptop', filter: FILTER } },
        result: { data: { searchJournalEntries: page([entryData({ id: 9, title: 'Laptop setup' })]) } },
      },
    ]);
    await screen.findByRole('link', { name: 'First week' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'laptop' } });
    // The search waits for the typing to pause (300 ms), then moves the address (a router transition)
    // and asks. On a loaded CI runner that chain once took longer than the kit's 5 s default for waits.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/journal?q=laptop'), { timeout: 15_000 });
    expect(await screen.findByRole('link', { name: 'Laptop setup' }, { timeout: 15_000 })).toBeTruthy();
  });

  it('the search box follows the address when a link elsewhere resets it', async () => {
    await renderJournal(
      '/app/journal?q=laptop',
      [
        {
          request: { query: SearchJournalEntriesDocument, variables: { q: 'laptop', filter: FILTER } },
          result: { data: { searchJournalEntries: page([entryData({ id: 9, title: 'Laptop setup' })]) } },
        },
        listMock(FILTER, [entryData()]),
        ...sideMocks(),
      ],
      <Link to="/app/journal">Sidebar: My Journal</Link>,
    );
    await screen.findByRole('link', { name: 'Laptop setup' });
    const box = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
    expect(box.value).toBe('laptop');
    fireEvent.click(screen.getByRole('link', { name: 'Sidebar: My Journal' }));
    expect(await screen.findByRole('link', { name: 'First week' })).toBeTruthy();
    expect(box.value).toBe('');
    // Once the box has settled, the address stays as the link left it.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    expect(screen.getByTestId('location').textContent).toBe('/app/journal');
  });

  it("shows the spec's search error", async () => {
    await renderJournal('/app/journal?q=laptop', [...sideMocks(), { request: { query: SearchJournalEntriesDocument, variables: { q: 'laptop', filter: FILTER } }, error: new Error('boom') }]);
    expect(await screen.findByText('Failed to search journal entries')).toBeTruthy();
  });

  it('filters by visibility, date range, tag and sort through the query', async () => {
    const filtered = { visibility: 'shared', dateRange: 'month', tag: 'Culture', sort: 'title', order: 'asc', page: 1, limit: 10 };
    await renderJournal('/app/journal?visibility=shared&dateRange=month&tag=Culture&sort=title:asc', [listMock(filtered, [entryData({ title: 'Matched' })]), ...sideMocks()]);
    expect(await screen.findByRole('link', { name: 'Matched' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Visibility' }) as HTMLSelectElement).value).toBe('shared');
    expect((screen.getByRole('combobox', { name: 'Written' }) as HTMLSelectElement).value).toBe('month');
    expect((screen.getByRole('combobox', { name: 'Tag' }) as HTMLSelectElement).value).toBe('Culture');
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('title:asc');
  });

  it('changing a filter updates the address and starts from page 1', async () => {
    await renderJournal('/app/journal?page=2', [listMock({ ...FILTER, page: 2 }, [], 11), listMock({ ...FILTER, visibility: 'private' }, [entryData()]), ...sideMocks()]);
    await screen.findByText('No entries to show');
    fireEvent.change(screen.getByRole('combobox', { name: 'Visibility' }), { target: { value: 'private' } });
    expect(await screen.findByRole('link', { name: 'First week' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/app/journal?visibility=private');
  });

  it('keeps both of two filter changes made before the page re-renders', async () => {
    await renderJournal('/app/journal?page=2', [
      listMock({ ...FILTER, page: 2 }, [entryData()], 11),
      listMock({ ...FILTER, visibility: 'shared', dateRange: 'month' }, [entryData({ title: 'Matched' })]),
      ...sideMocks(),
    ]);
    await screen.findByRole('link', { name: 'First week' });
    // One act: the second change is handled before the first one's navigation has rendered.
    act(() => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Visibility' }), { target: { value: 'shared' } });
      fireEvent.change(screen.getByRole('combobox', { name: 'Written' }), { target: { value: 'month' } });
    });
    expect(screen.getByTestId('location').textContent).toBe('/app/journal?visibility=shared&dateRange=month');
    expect(await screen.findByRole('link', { name: 'Matched' })).toBeTruthy();
  });

  it('a popular tag filters the list, and pressing it again clears the filter', async () => {
    await renderJournal('/app/journal', [listMock(FILTER, [entryData()]), listMock({ ...FILTER, tag: 'onboarding' }, [entryData({ title: 'Tagged' })]), listMock(FILTER, [entryData()]), ...sideMocks()]);
    const button = await screen.findByRole('button', { name: /^onboarding ?, 5 entries$/ });
    fireEvent.click(button);
    expect(await screen.findByRole('link', { name: 'Tagged' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^onboarding ?, 5 entries$/ }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /^onboarding ?, 5 entries$/ }));
    expect(screen.getByTestId('location').textContent).toBe('/app/journal');
  });

  it('says when nothing matches and clears the filters', async () => {
    await renderJournal('/app/journal?tag=none', [listMock({ ...FILTER, tag: 'none' }, []), listMock(FILTER, [entryData()]), ...sideMocks()]);
    expect(await screen.findByText('No entries match')).toBeTruthy();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' })[0] as HTMLElement;
    clear.focus();
    fireEvent.click(clear);
    expect(await screen.findByRole('link', { name: 'First week' })).toBeTruthy();
    // The pressed button has gone: the keyboard goes on from the search box.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search' })));
  });

  it('pages through long lists', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => entryData({ id: i + 1, title: `Entry ${i + 1}` }));
    await renderJournal('/app/journal', [listMock(FILTER, ten, 12), listMock({ ...FILTER, page: 2 }, [entryData({ id: 11, title: 'Entry 11' })], 12), ...sideMocks()]);
    const nav = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(nav).getByText('Page 1 of 2')).toBeTruthy();
    expect((within(nav).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    const next = within(nav).getByRole('button', { name: 'Next' });
    next.focus();
    fireEvent.click(next);
    // While page 2 loads, page 1 stays (busy) with its own numbers. Next, now disabled on the last page,
    // hands the keyboard to Previous rather than dropping it.
    expect(screen.getByRole('list', { name: 'Journal entries' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Showing 1–10 of 12 entries')).toBeTruthy();
    expect(document.activeElement).toBe(within(nav).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('link', { name: 'Entry 11' })).toBeTruthy();
    expect(screen.getByText('Showing 11–11 of 12 entries')).toBeTruthy();
  });

  it('another filter shows the loading state, never the old entries under the new choice', async () => {
    await renderJournal('/app/journal', [
      listMock(FILTER, [entryData({ id: 1, title: 'Shared one', visibility: 'shared' })]),
      { ...listMock({ ...FILTER, visibility: 'private' }, [entryData({ id: 2, title: 'Private one' })]), delay: 300 },
      ...sideMocks(),
    ]);
    expect(await screen.findByRole('link', { name: 'Shared one' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Visibility' }), { target: { value: 'private' } });
    expect(screen.queryByRole('link', { name: 'Shared one' })).toBeNull();
    expect(screen.getByRole('status', { name: 'Loading journal entries' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Private one' })).toBeTruthy();
  });

  it("shows the spec's tags error in the popular tags card", async () => {
    await renderJournal('/app/journal', [listMock(FILTER, [entryData()]), ...sideMocks({ tagsFail: true })]);
    expect(await screen.findByText('Failed to fetch tags')).toBeTruthy();
  });
});
