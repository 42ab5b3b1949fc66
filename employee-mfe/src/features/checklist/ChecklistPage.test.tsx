import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider, type MockedProviderProps } from '@apollo/client/testing/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { notifySessionEnded, ToastContext, type ToastApi } from '@embark/shared-ui';
import { MyChecklistDocument } from '../../__generated__/graphql';
import { checklistFetchPolicy, resetChecklistFreshness } from './api/useChecklist';
import { ChecklistPage } from './ChecklistPage';
import { sampleChecklist, task } from './test-data';

type Mocks = NonNullable<MockedProviderProps['mocks']>;

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

async function renderChecklist(mocks: Mocks, path = '/app/checklist') {
  const toasts = { show: jest.fn(), success: jest.fn(), error: jest.fn(), warning: jest.fn(), info: jest.fn(), dismiss: jest.fn() } satisfies Record<keyof ToastApi, jest.Mock>;
  await act(async () => {
    render(
      <MockedProvider mocks={mocks}>
        <ToastContext.Provider value={toasts}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/app/checklist" element={<ChecklistPage />} />
            </Routes>
            <Search />
          </MemoryRouter>
        </ToastContext.Provider>
      </MockedProvider>,
    );
  });
  return toasts;
}

const listMock = (tasks = sampleChecklist()): Mocks[number] => ({ request: { query: MyChecklistDocument }, result: { data: { myChecklist: tasks } } });
const titles = () => within(screen.getByRole('list', { name: 'Checklist tasks' })).getAllByRole('link').map((a) => a.textContent);

beforeEach(() => {
  resetChecklistFreshness();
  notifySessionEnded();
});

describe('ChecklistPage', () => {
  it('shows a loading state, then the tasks in item_order with status, due and completion wording', async () => {
    // Held long enough that the loading state is seen even on a busy machine.
    // Long enough that a slow first render on a busy CI machine cannot outlast the loading state.
    await renderChecklist([{ ...listMock(), delay: 1500 }]);
    expect(screen.getByRole('status', { name: 'Loading your checklist' })).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'Checklist tasks' }, { timeout: 5000 })).toBeTruthy();
    expect(titles()).toEqual(['Read the handbook', 'Complete your W-4', 'Security training', 'Expense SOP', 'Meet your manager']);

    const rows = within(screen.getByRole('list', { name: 'Checklist tasks' })).getAllByRole('listitem');
    const row = (i: number) => within(rows[i] as HTMLElement);
    expect(row(0).getByText('Completed')).toBeTruthy();
    expect(row(0).getByText('Completed 2 hours ago')).toBeTruthy();
    expect(row(1).getByText('Overdue')).toBeTruthy();
    expect(row(1).getByText('Overdue by 3 days')).toBeTruthy();
    expect(row(2).getByText('Due Today')).toBeTruthy();
    expect(row(2).getByText('Due today')).toBeTruthy();
    expect(row(3).getByText('Due Soon')).toBeTruthy();
    expect(row(3).getByText('Due in 2 days')).toBeTruthy();
    expect(row(4).getByText('Pending')).toBeTruthy();
    expect(row(1).getByRole('link').getAttribute('href')).toBe('/app/checklist/1');
    expect(screen.getByRole('progressbar', { name: 'Checklist progress' }).getAttribute('aria-valuenow')).toBe('20');
    expect(screen.getByText('Showing 5 of 5 tasks')).toBeTruthy();
  });

  it("lists others' tasks about the user with who does them; progress counts the user's own, a line the rest", async () => {
    const tasks = [
      ...sampleChecklist(),
      task({ id: 6, title: 'Book your first 1:1', item_order: 6, type: 'meeting', owner_type: 'manager', ownerLabel: 'Your manager', ownerName: 'Dana Lee', canComplete: false }),
      task({ id: 7, title: 'Prepare your laptop', item_order: 7, owner_type: 'role', ownerLabel: 'The IT team', canComplete: false, status: 'completed', completed: true, completed_at: new Date().toISOString() }),
    ];
    await renderChecklist([listMock(tasks)]);
    const rows = within(await screen.findByRole('list', { name: 'Checklist tasks' })).getAllByRole('listitem');
    expect(rows[5]?.querySelector('.ckl-item__heading')?.textContent).toBe('Your manager (Dana Lee): Book your first 1:1');
    expect(rows[6]?.querySelector('.ckl-item__heading')?.textContent).toBe('The IT team: Prepare your laptop');
    expect(within(rows[6] as HTMLElement).getByText('Completed')).toBeTruthy();
    expect(rows[0]?.querySelector('.ckl-item__owner')).toBeNull();
    // 1 of the user's 5 tasks; the 2 others are counted apart.
    expect(screen.getByRole('progressbar', { name: 'Checklist progress' }).getAttribute('aria-valuenow')).toBe('20');
    expect(screen.getByText('1 / 5')).toBeTruthy();
    expect(screen.getByTestId('ckl-others').textContent).toBe('1 of 2 tasks by your team done');
    expect(screen.getByText('Showing 7 of 7 tasks')).toBeTruthy();
  });

  it('has no line for others when every task is the user\'s own', async () => {
    await renderChecklist([listMock()]);
    await screen.findByRole('list', { name: 'Checklist tasks' });
    expect(screen.queryByTestId('ckl-others')).toBeNull();
  });

  it('filters by status, type, due date and priority through labelled selects, kept in the URL', async () => {
    await renderChecklist([listMock()]);
    await screen.findByRole('list', { name: 'Checklist tasks' });

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'pending' } });
    expect(titles()).toEqual(['Complete your W-4', 'Security training', 'Expense SOP', 'Meet your manager']);
    expect(screen.getByTestId('search').textContent).toBe('?status=pending');

    fireEvent.change(screen.getByLabelText('Priority'), { target: { value: 'high' } });
    expect(titles()).toEqual(['Complete your W-4', 'Security training']);
    fireEvent.change(screen.getByLabelText('Due date'), { target: { value: 'today' } });
    expect(titles()).toEqual(['Security training']);
    expect(screen.getByText('Showing 1 of 5 tasks')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'meeting' } });
    expect(screen.getByText('No tasks match these filters')).toBeTruthy();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    const pressed = clear[clear.length - 1] as HTMLElement;
    pressed.focus();
    fireEvent.click(pressed);
    expect(titles()).toHaveLength(5);
    expect(screen.getByTestId('search').textContent).toBe('');
    // The pressed button has gone: the keyboard goes on from the first filter.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Status')));
  });

  it('keeps both of two filter changes made before the page re-renders', async () => {
    await renderChecklist([listMock()]);
    await screen.findByRole('list', { name: 'Checklist tasks' });
    // One act: the second change is handled before the first one's navigation has rendered.
    act(() => {
      fireEvent.change(screen.getByLabelText('Due date'), { target: { value: 'today' } });
      fireEvent.change(screen.getByLabelText('Priority'), { target: { value: 'high' } });
    });
    expect(screen.getByTestId('search').textContent).toBe('?due=today&priority=high');
    expect(titles()).toEqual(['Security training']);
  });

  it('opens with the filters of the URL', async () => {
    await renderChecklist([listMock()], '/app/checklist?status=overdue');
    await screen.findByRole('list', { name: 'Checklist tasks' });
    expect(titles()).toEqual(['Complete your W-4']);
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('overdue');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'completed' } });
    expect(titles()).toEqual(['Read the handbook']);
  });

  it('shows an empty checklist', async () => {
    await renderChecklist([listMock([])]);
    expect(await screen.findByText('No tasks on your checklist yet')).toBeTruthy();
  });

  it("shows the spec's error with a retry", async () => {
    await renderChecklist([{ request: { query: MyChecklistDocument }, error: new Error('down') }, listMock()]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load checklist. Please try again.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    });
    expect(await screen.findByRole('list', { name: 'Checklist tasks' })).toBeTruthy();
  });
});

describe('checklist cache freshness (refreshed after 30 minutes)', () => {
  it('serves the cache for 30 minutes after a fetch, then refreshes', async () => {
    const start = Date.now();
    expect(checklistFetchPolicy(start)).toBe('cache-and-network');
    await renderChecklist([listMock()]);
    await screen.findByRole('list', { name: 'Checklist tasks' });
    const fetchedAt = Date.now();
    expect(checklistFetchPolicy(fetchedAt + 29 * 60_000)).toBe('cache-first');
    expect(checklistFetchPolicy(fetchedAt + 30 * 60_000 + 1_000)).toBe('cache-and-network');
    // A new session starts over.
    notifySessionEnded();
    expect(checklistFetchPolicy(fetchedAt)).toBe('cache-and-network');
  });
});
