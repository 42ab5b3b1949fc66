import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MockedProvider, type MockedProviderProps } from '@apollo/client/testing/react';
import { MemoryRouter } from 'react-router';
import { SectionsChecklistDocument } from '../../__generated__/graphql';
import { SectionsPage } from './SectionsPage';

type Mocks = NonNullable<MockedProviderProps['mocks']>;

function isoDate(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const item = (id: number, title: string, type: string, completed: boolean, dueIn = 3, owner: Partial<Record<'owner_type' | 'ownerLabel' | 'ownerName', string | null>> = {}) => ({
  __typename: 'UserChecklistItem',
  id,
  title,
  type,
  item_order: id,
  completed,
  completed_at: completed ? new Date(Date.now() - 3_600_000).toISOString() : null,
  dueDate: isoDate(dueIn),
  daysUntilDue: dueIn,
  owner_type: 'new_hire',
  ownerLabel: 'You',
  ownerName: null,
  ...owner,
});

const TASKS = [
  item(1, 'W-4', 'form', true),
  item(2, 'I-9', 'form', false, -1),
  item(3, 'Handbook', 'policy', true),
  item(4, 'Security training', 'training', false),
];

async function renderSections(mocks: Mocks) {
  await act(async () => {
    render(
      <MockedProvider mocks={mocks}>
        <MemoryRouter>
          <SectionsPage />
        </MemoryRouter>
      </MockedProvider>,
    );
  });
}

const listMock = (tasks: unknown[]): Mocks[number] => ({ request: { query: SectionsChecklistDocument }, result: { data: { myChecklist: tasks } } });

describe('SectionsPage', () => {
  it('groups the checklist by type, each section with its own progress bar and counts', async () => {
    await renderSections([listMock(TASKS)]);
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['Forms', 'Policies', 'SOPs', 'Trainings', 'Meetings']);

    const forms = screen.getByRole('region', { name: 'Forms' });
    expect(within(forms).getByText('1 of 2 completed')).toBeTruthy();
    expect(within(forms).getByRole('progressbar', { name: 'Forms progress' }).getAttribute('aria-valuenow')).toBe('50');
    expect(within(forms).getByRole('link', { name: 'I-9' }).getAttribute('href')).toBe('/app/checklist/2');
    expect(within(forms).getByText('Overdue by 1 day')).toBeTruthy();
    expect(within(forms).getByText('Completed 1 hour ago')).toBeTruthy();
    expect(within(forms).getByRole('link', { name: 'View forms in your checklist' }).getAttribute('href')).toBe('/app/checklist?type=form');

    const policies = screen.getByRole('region', { name: 'Policies' });
    expect(within(policies).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    const sops = screen.getByRole('region', { name: 'SOPs' });
    expect(within(sops).getByText('0 of 0 completed')).toBeTruthy();
    expect(within(sops).getByText('No tasks in this section for your role.')).toBeTruthy();
  });

  it("lists others' tasks about the user with who does them, outside the section's progress", async () => {
    const tasks = [
      ...TASKS,
      item(5, 'Book your first 1:1', 'meeting', false, 2, { owner_type: 'manager', ownerLabel: 'Your manager', ownerName: 'Dana Lee' }),
      item(6, 'Prepare your laptop', 'meeting', true, 0, { owner_type: 'role', ownerLabel: 'The IT team' }),
    ];
    await renderSections([listMock(tasks)]);
    const meetings = await screen.findByRole('region', { name: 'Meetings' });
    expect(within(meetings).getByText('0 of 0 completed')).toBeTruthy();
    expect(within(meetings).queryByText('No tasks in this section for your role.')).toBeNull();
    const rows = within(within(meetings).getByRole('list', { name: 'Meetings' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Your manager \(Dana Lee\):Book your first 1:1PendingDue in 2 days$/),
      expect.stringMatching(/^The IT team:Prepare your laptopCompletedCompleted 1 hour ago$/),
    ]);
    expect(within(meetings).getByRole('link', { name: 'Book your first 1:1' }).getAttribute('href')).toBe('/app/checklist/5');
  });

  it('shows loading, empty and error states', async () => {
    // Held long enough that the loading state is seen even on a busy machine.
    // Long enough that a slow first render on a busy CI machine cannot outlast the loading state.
    await renderSections([{ ...listMock([]), delay: 1500 }]);
    expect(screen.getByRole('status', { name: 'Loading your sections' })).toBeTruthy();
    expect(await screen.findByText('No tasks on your checklist yet', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it("shows the checklist's error with a retry", async () => {
    await renderSections([{ request: { query: SectionsChecklistDocument }, error: new Error('down') }, listMock(TASKS)]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load checklist. Please try again.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    });
    expect(await screen.findByRole('region', { name: 'Forms' })).toBeTruthy();
  });
});
