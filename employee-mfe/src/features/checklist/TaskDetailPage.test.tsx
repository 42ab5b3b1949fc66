import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MockedProvider, type MockedProviderProps } from '@apollo/client/testing/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { notifySessionEnded, ToastContext, type ToastApi } from '@embark/shared-ui';
import { MyChecklistDocument, SetTaskProgressDocument, type TaskProgressInput } from '../../__generated__/graphql';
import { resetChecklistFreshness } from './api/useChecklist';
import { TaskDetailPage } from './TaskDetailPage';
import { dueIn, task, type TaskFixture } from './test-data';

type Mocks = NonNullable<MockedProviderProps['mocks']>;

async function renderTask(path: string, mocks: Mocks) {
  const toasts = { show: jest.fn(), success: jest.fn(), error: jest.fn(), warning: jest.fn(), info: jest.fn(), dismiss: jest.fn() } satisfies Record<keyof ToastApi, jest.Mock>;
  await act(async () => {
    render(
      <MockedProvider mocks={mocks}>
        <ToastContext.Provider value={toasts}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/app/checklist/:taskId" element={<TaskDetailPage />} />
            </Routes>
          </MemoryRouter>
        </ToastContext.Provider>
      </MockedProvider>,
    );
  });
  return toasts;
}

const OPEN = task({
  id: 12,
  title: 'Security training',
  description: 'Watch the security video.',
  type: 'training',
  priority: 'high',
  ...dueIn(1),
  estimatedTime: '20-30 minutes',
  note: 'Ask about VPN',
});
const DONE = { ...OPEN, status: 'completed', completed: true, has_progress: true, progress_id: 4, completed_at: new Date(Date.now() - 3 * 60_000).toISOString() } satisfies TaskFixture;
const OTHER = task({ id: 13, title: 'Read the handbook', status: 'completed', completed: true, completed_at: new Date().toISOString() });

const listMock = (tasks: TaskFixture[]): Mocks[number] => ({ request: { query: MyChecklistDocument }, result: { data: { myChecklist: tasks } } });
function progressMock(input: TaskProgressInput, answer: TaskFixture, sent?: jest.Mock): Mocks[number] {
  return {
    request: { query: SetTaskProgressDocument, variables: { itemId: answer.id, input } },
    result: () => {
      sent?.(input);
      return { data: { setTaskProgress: answer } };
    },
  };
}

/** Lets the mocked network (20-50 ms) answer, inside act so React applies the updates. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 120));
  });
}

beforeEach(() => {
  resetChecklistFreshness();
  notifySessionEnded();
});

describe('TaskDetailPage', () => {
  it('shows the description, type, priority, due wording, estimate, documents and note', async () => {
    await renderTask('/app/checklist/12', [listMock([OPEN, OTHER])]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Security training' })).toBeTruthy();
    expect(document.title).toBe('Security training — Embark');
    const details = screen.getByRole('region', { name: 'Task details' });
    expect(within(details).getByText('Watch the security video.')).toBeTruthy();
    const fact = (label: string) => within(details).getByText(label).parentElement?.querySelector('dd')?.textContent;
    expect(fact('Status')).toBe('Due Soon');
    expect(fact('Due')).toMatch(/^Due tomorrow/);
    expect(fact('Type')).toBe('Training');
    expect(fact('Priority')).toBe('High');
    expect(fact('Estimated time')).toBe('20-30 minutes');
    expect(screen.getByText('No documents are linked to this task yet.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).value).toBe('Ask about VPN');
    expect(screen.getByRole('link', { name: 'Back to checklist' }).getAttribute('href')).toBe('/app/checklist');
    expect(screen.queryByRole('link', { name: 'Write a reflection' })).toBeNull();
  });

  it("shows someone else's task about the user read-only: who does it, its state, no way to change it", async () => {
    const managers = task({ id: 14, title: 'Book your first 1:1', type: 'meeting', ...dueIn(2), owner_type: 'manager', ownerLabel: 'Your manager', ownerName: 'Dana Lee', canComplete: false });
    await renderTask('/app/checklist/14', [listMock([OPEN, managers])]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Book your first 1:1' })).toBeTruthy();
    expect(screen.getByText('Someone else does this task for you: you can follow it here.')).toBeTruthy();
    const details = screen.getByRole('region', { name: 'Task details' });
    const fact = (label: string) => within(details).getByText(label).parentElement?.querySelector('dd')?.textContent;
    expect(fact('Owner')).toBe('Your manager (Dana Lee)');
    expect(fact('Status')).toBe('Due Soon');
    expect(screen.queryByRole('button', { name: /Mark as complete|Set back/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Note' })).toBeNull();
  });

  it("shows the user's own task without an owner", async () => {
    await renderTask('/app/checklist/12', [listMock([OPEN])]);
    const details = await screen.findByRole('region', { name: 'Task details' });
    expect(within(details).queryByText('Owner')).toBeNull();
  });

  it('completes the task, then offers a reflection and sets it back (clearing the completion)', async () => {
    const sent = jest.fn();
    const toasts = await renderTask('/app/checklist/12', [
      listMock([OPEN, OTHER]),
      progressMock({ status: 'complete' }, DONE, sent),
      progressMock({ status: 'pending' }, { ...OPEN, has_progress: true, progress_id: 4 }, sent),
    ]);
    const completeButton = await screen.findByRole('button', { name: 'Mark as complete' });
    completeButton.focus();
    await act(async () => {
      fireEvent.click(completeButton);
    });
    expect(await screen.findByRole('button', { name: 'Set back to pending' })).toBeTruthy();
    expect(sent).toHaveBeenLastCalledWith({ status: 'complete' });
    // The pressed button is gone: focus is on the one that took its place, not on the page's body.
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Set back to pending' }));
    expect(screen.getByRole('link', { name: 'Write a reflection' }).getAttribute('href')).toBe('/app/journal/new?taskId=12');
    expect(screen.getByText('Completed 3 minutes ago')).toBeTruthy();
    expect(toasts.success).toHaveBeenCalledWith('"Security training" is complete');
    // Every task done now: the page-wide milestone toasts once.
    expect(toasts.success).toHaveBeenCalledWith("Congratulations! You've completed all onboarding tasks!");

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Set back to pending' }));
    });
    expect(await screen.findByRole('button', { name: 'Mark as complete' })).toBeTruthy();
    expect(sent).toHaveBeenLastCalledWith({ status: 'pending' });
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Mark as complete' }));
    expect(screen.queryByText(/^Completed \d/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Write a reflection' })).toBeNull();
    expect(toasts.success).toHaveBeenCalledWith('"Security training" is pending again');
  });

  it("celebrates the user's last own task even while others' tasks about them are open", async () => {
    const managers = task({ id: 14, title: 'Book your first 1:1', owner_type: 'manager', ownerLabel: 'Your manager', canComplete: false });
    const toasts = await renderTask('/app/checklist/12', [listMock([OPEN, OTHER, managers]), progressMock({ status: 'complete' }, DONE)]);
    // Found before act: a findBy inside act() turns React's act environment off while the query answers.
    const completeButton = await screen.findByRole('button', { name: 'Mark as complete' });
    await act(async () => {
      fireEvent.click(completeButton);
    });
    expect(await screen.findByRole('button', { name: 'Set back to pending' })).toBeTruthy();
    expect(toasts.success).toHaveBeenCalledWith("Congratulations! You've completed all onboarding tasks!");
  });

  it('saves an edited note without changing the status', async () => {
    const sent = jest.fn();
    const toasts = await renderTask('/app/checklist/12', [
      listMock([OPEN]),
      progressMock({ note: 'VPN sorted' }, { ...OPEN, note: 'VPN sorted' }, sent),
    ]);
    const save = await screen.findByRole('button', { name: 'Save note' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'VPN sorted' } });
    await act(async () => {
      fireEvent.click(save);
    });
    await settle();
    expect(sent).toHaveBeenCalledWith({ note: 'VPN sorted' });
    expect(toasts.success).toHaveBeenCalledWith('Note saved');
    expect(screen.getByRole('button', { name: 'Save note' }).hasAttribute('disabled')).toBe(true);
  });

  it("shows the server's reason when it refuses the note, and keeps the note", async () => {
    const long = 'x'.repeat(10_001);
    const toasts = await renderTask('/app/checklist/12', [
      listMock([OPEN]),
      {
        request: { query: SetTaskProgressDocument, variables: { itemId: 12, input: { note: long } } },
        result: { errors: [{ message: 'Note must be less than 10,000 characters', extensions: { code: 'BAD_USER_INPUT' } }] },
      },
    ]);
    const save = await screen.findByRole('button', { name: 'Save note' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: long } });
    await act(async () => {
      fireEvent.click(save);
    });
    await settle();
    expect(toasts.error).toHaveBeenCalledWith('Note must be less than 10,000 characters');
    expect((screen.getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).value).toBe(long);
  });

  it('lists linked documents as links that open in a new tab', async () => {
    // __typename as the server sends it (a variable, so the fixture type allows the extra field).
    const documents = [
      { __typename: 'LinkedDocument', id: 3, title: 'Security policy', url: 'https://example.com/sec.pdf', description: 'Read first', document_class_name: 'Policy' },
      { __typename: 'LinkedDocument', id: 4, title: 'Offline binder', url: 'javascript:alert(1)', description: null, document_class_name: null },
      { __typename: 'LinkedDocument', id: 5, title: 'Inline page', url: 'data:text/html,<b>hi</b>', description: null, document_class_name: null },
    ];
    const withDocs: TaskFixture = { ...OPEN, documents };
    await renderTask('/app/checklist/12', [listMock([withDocs])]);
    const link = await screen.findByRole('link', { name: 'Security policy (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://example.com/sec.pdf');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // A non-http(s) link is never rendered as one.
    expect(screen.getByText('Offline binder').closest('a')).toBeNull();
    expect(screen.getByText('Inline page').closest('a')).toBeNull();
  });

  it.each(['/app/checklist/99', '/app/checklist/abc', '/app/checklist/0'])('says the task is not found at %s', async (path) => {
    await renderTask(path, [listMock([OPEN])]);
    expect(await screen.findByText('Task not found')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Task Details' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Back to checklist' }).length).toBeGreaterThan(0);
  });

  it('does not call a completed task overdue', async () => {
    const lateButDone = { ...DONE, ...dueIn(-5), isOverdue: false } satisfies TaskFixture;
    await renderTask('/app/checklist/12', [listMock([lateButDone, OTHER])]);
    await settle();
    expect(screen.getByRole('heading', { name: 'Security training' })).toBeTruthy();
    expect(screen.queryByText(/Overdue/)).toBeNull();
    expect(screen.getByText('Completed')).toBeTruthy();
  });

  it("shows the checklist's error with a retry", async () => {
    await renderTask('/app/checklist/12', [{ request: { query: MyChecklistDocument }, error: new Error('down') }, listMock([OPEN])]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load checklist. Please try again.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Security training' })).toBeTruthy();
  });

  it('says when the update fails', async () => {
    const toasts = await renderTask('/app/checklist/12', [
      listMock([OPEN]),
      { request: { query: SetTaskProgressDocument, variables: { itemId: 12, input: { status: 'complete' } } }, error: new Error('nope') },
    ]);
    const completeButton = await screen.findByRole('button', { name: 'Mark as complete' });
    await act(async () => {
      fireEvent.click(completeButton);
    });
    await settle();
    expect(toasts.error).toHaveBeenCalledWith('Could not update the task. Please try again.');
    expect(screen.getByRole('button', { name: 'Mark as complete' }).hasAttribute('disabled')).toBe(false);
  });
});
