import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DeleteJournalEntryDocument, JournalEntryDocument, UpdateJournalEntryDocument } from '../../__generated__/graphql';
import { createDraftStore } from './journal-drafts';
import { entryData, gqlError, listPageMocks, renderJournal, USER_ID, type Mocks } from './journal-test-utils';

const readMock = (entry = entryData()): Mocks[number] => ({ request: { query: JournalEntryDocument, variables: { id: entry.id } }, result: { data: { journalEntry: entry } } });

// Nested objects carry __typename as the server sends them (held in variables: the generated
// fragment types leave __typename out of nested selections).
const linkedTask = { __typename: 'LinkedTask', id: 3, title: 'Security training' };
const taskContext = { __typename: 'TaskContext', taskId: 3, taskTitle: 'Security training' };
const RICH = entryData({
  id: 5,
  title: 'Reflection on: Security training',
  content: '## What I learned\nPhishing looks real.\n\n## Related documents\n- [Handbook](https://example.com/h)\n<script>alert(1)</script>',
  visibility: 'shared',
  tags: ['security', 'training'],
  linked_task_ids: '3',
  linked_tasks: [linkedTask],
  taskContext,
  updated_at: '2025-03-02T10:00:00.000Z',
});

beforeEach(() => window.localStorage.clear());

describe('JournalEntryPage', () => {
  it('reads the entry: headings, lists and links from its text, tags, visibility and linked tasks', async () => {
    await renderJournal('/app/journal/5', [readMock(RICH)]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reflection on: Security training' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'What I learned' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Handbook' }).getAttribute('href')).toBe('https://example.com/h');
    // Markup in the text stays text.
    expect(screen.getByText('<script>alert(1)</script>')).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText('Shared')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['security', 'training']);
    expect(screen.getByRole('link', { name: 'Security training' }).getAttribute('href')).toBe('/app/checklist/3');
    expect(screen.getByText(/^Updated /)).toBeTruthy();
    expect(document.title).toBe('Reflection on: Security training — Embark');
  });

  it('shows a not-found state for an entry the server does not give (missing or someone else’s)', async () => {
    await renderJournal('/app/journal/77', [{ request: { query: JournalEntryDocument, variables: { id: 77 } }, result: gqlError('Journal entry not found', 'NOT_FOUND') }]);
    expect(await screen.findByText('This journal entry could not be found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Journal' }).getAttribute('href')).toBe('/app/journal');
  });

  it('treats an id that is not a number as not found, without asking the server', async () => {
    await renderJournal('/app/journal/abc', []);
    expect(screen.getByText('This journal entry could not be found')).toBeTruthy();
  });

  it("shows the spec's error when the entry cannot be fetched, with a retry", async () => {
    await renderJournal('/app/journal/1', [{ request: { query: JournalEntryDocument, variables: { id: 1 } }, error: new Error('down') }, readMock()]);
    expect(await screen.findByText('Failed to fetch journal entry')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'First week' })).toBeTruthy();
  });

  it('deletes after a confirmation, then goes back to the list', async () => {
    const { toasts } = await renderJournal('/app/journal/1', [
      readMock(),
      { request: { query: DeleteJournalEntryDocument, variables: { id: 1 } }, result: { data: { deleteJournalEntry: true } } },
      // What follows: the deleted entry is gone from the cache (its page asks once more), and the list loads.
      { request: { query: JournalEntryDocument, variables: { id: 1 } }, result: gqlError('Journal entry not found', 'NOT_FOUND') },
      ...listPageMocks(),
    ]);
    // A draft of the entry kept on this device, and one of another entry.
    createDraftStore(window.localStorage, USER_ID).save(1, { title: 'First week', content: 'Unsaved words', visibility: 'private', tags: '', linkedTaskIds: [] });
    createDraftStore(window.localStorage, USER_ID).save(2, { title: 'Other', content: 'Other words', visibility: 'private', tags: '', linkedTaskIds: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this entry?' });
    expect(within(dialog).getByText('"First week" will be deleted for good. This cannot be undone.')).toBeTruthy();
    // The safe choice has the focus.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete entry' }));
    });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Journal entry deleted'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/journal'));
    // The deleted entry's draft went with it; the other stays.
    expect(Object.keys(createDraftStore(window.localStorage, USER_ID).all())).toEqual(['2']);
  });

  it('cancelling the confirmation deletes nothing', async () => {
    await renderJournal('/app/journal/1', [readMock()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/app/journal/1');
  });

  it("tells the user when the deletion fails (spec's message)", async () => {
    const { toasts } = await renderJournal('/app/journal/1', [readMock(), { request: { query: DeleteJournalEntryDocument, variables: { id: 1 } }, error: new Error('down') }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete entry' }));
    });
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Failed to delete journal entry'));
    expect(screen.getByTestId('location').textContent).toBe('/app/journal/1');
  });

  it('edits in place (?mode=edit) and saves', async () => {
    const saved = entryData({ content: 'Rewritten', tags: ['onboarding', 'tools'], updated_at: '2025-03-03T10:00:00.000Z' });
    const { toasts } = await renderJournal('/app/journal/1', [
      readMock(),
      {
        request: {
          query: UpdateJournalEntryDocument,
          variables: { id: 1, input: { title: 'First week', content: 'Rewritten', visibility: 'private', tags: ['onboarding', 'tools'], linked_task_ids: [], updated_at: entryData().updated_at } },
        },
        result: { data: { updateJournalEntry: saved } },
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByTestId('location').textContent).toBe('/app/journal/1?mode=edit');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Journal Entry' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('First week');
    // The editor took the Edit button's place: the keyboard goes on in the title.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Title' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Entry/ }), { target: { value: 'Rewritten' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Tags' }), { target: { value: 'onboarding, tools' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Journal entry updated'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/journal/1'));
    expect(await screen.findByText('Rewritten')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit' })));
  });

  it('Cancel returns the keyboard to Edit; a save answered after the user left does not bring them back', async () => {
    const { toasts } = await renderJournal('/app/journal/1', [
      readMock(),
      {
        request: { query: UpdateJournalEntryDocument, variables: { id: 1, input: { title: 'Later', content: 'I met the team and set up my laptop.', visibility: 'private', tags: ['onboarding'], linked_task_ids: [], updated_at: entryData().updated_at } } },
        result: { data: { updateJournalEntry: entryData({ title: 'Later' }) } },
        delay: 300,
      },
      ...listPageMocks(2),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit' })));

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Later' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    fireEvent.click(screen.getByRole('link', { name: 'Back to My Journal' }));
    expect(screen.getByTestId('location').textContent).toBe('/app/journal');
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Journal entry updated'));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByTestId('location').textContent).toBe('/app/journal');
  });

  it("shows the server's reason when an update is refused, with the spec's headline as a toast", async () => {
    const { toasts } = await renderJournal('/app/journal/1?mode=edit', [
      readMock(),
      {
        request: { query: UpdateJournalEntryDocument, variables: { id: 1, input: { title: 'First week', content: 'I met the team and set up my laptop.', visibility: 'shared', tags: ['onboarding'], linked_task_ids: [], updated_at: entryData().updated_at } } },
        result: gqlError('Visibility must be private or shared', 'BAD_USER_INPUT'),
      },
    ]);
    fireEvent.click(await screen.findByRole('radio', { name: /Shared/ }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    });
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Failed to update journal entry'));
    expect(screen.getByRole('alert').textContent).toBe('Visibility must be private or shared');
  });

  it('an entry saved elsewhere since the editor opened is not overwritten: the server\'s words, the text kept', async () => {
    const changed = 'This entry was changed elsewhere since you opened it. Copy your text, then reload the entry to see the changes.';
    await renderJournal('/app/journal/1?mode=edit', [
      readMock(),
      {
        request: { query: UpdateJournalEntryDocument, variables: { id: 1, input: { title: 'First week', content: 'My newer words.', visibility: 'private', tags: ['onboarding'], linked_task_ids: [], updated_at: entryData().updated_at } } },
        result: gqlError(changed, 'CONFLICT'),
      },
    ]);
    const content = await screen.findByRole('textbox', { name: /^Entry/ });
    fireEvent.change(content, { target: { value: 'My newer words.' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(changed));
    expect((screen.getByRole('textbox', { name: /^Entry/ }) as HTMLTextAreaElement).value).toBe('My newer words.');
  });
});
