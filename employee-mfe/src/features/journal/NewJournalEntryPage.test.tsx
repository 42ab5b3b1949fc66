import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifySessionEnded, readKeepDrafts } from '@embark/shared-ui';
import { CreateJournalEntryDocument, JournalEntryDocument, JournalTaskDocument } from '../../__generated__/graphql';
import { createDraftStore, draftStorageKey } from './journal-drafts';
import { entryData, gqlError, listPageMocks, renderJournal, USER_ID, type Mocks } from './journal-test-utils';

const TASK = {
  __typename: 'ChecklistItem',
  id: 12,
  title: 'Security training',
  documents: [
    { __typename: 'LinkedDocument', id: 1, title: 'Security policy', url: 'https://example.com/security.pdf' },
    { __typename: 'LinkedDocument', id: 2, title: 'Phishing guide', url: null },
  ],
};
const taskMock: Mocks[number] = { request: { query: JournalTaskDocument, variables: { id: 12 } }, result: { data: { checklistItem: TASK } } };

const content = () => screen.getByRole('textbox', { name: /^Entry/ }) as HTMLTextAreaElement;
const title = () => screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement;
const storedDrafts = () => createDraftStore(window.localStorage, USER_ID).all();

beforeEach(() => window.localStorage.clear());

describe('NewJournalEntryPage', () => {
  it('opens a blank, private entry', async () => {
    await renderJournal('/app/journal/new', []);
    expect(screen.getByRole('heading', { level: 1, name: 'New Journal Entry' })).toBeTruthy();
    expect(title().value).toBe('');
    expect(content().value).toBe('');
    expect((screen.getByRole('radio', { name: /Private/ }) as HTMLInputElement).checked).toBe(true);
    expect(document.title).toBe('New Journal Entry — Embark');
  });

  it('checks the validation rules before sending: content required, title at most 200, content under 10,000', async () => {
    await renderJournal('/app/journal/new', []);
    fireEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    expect(screen.getByText('Content is required')).toBeTruthy();
    expect(content().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(content());

    fireEvent.change(title(), { target: { value: 't'.repeat(201) } });
    fireEvent.change(content(), { target: { value: 'x'.repeat(10_001) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    expect(screen.getByText('Title must be less than 200 characters')).toBeTruthy();
    expect(screen.getByText('Content must be less than 10,000 characters')).toBeTruthy();
    expect(screen.getByText('10,001 / 10,000')).toBeTruthy();
  });

  it('starts from the reflection template of a completed task (?taskId=)', async () => {
    await renderJournal('/app/journal/new?taskId=12', [taskMock]);
    await waitFor(() => expect(title().value).toBe('Reflection on: Security training'));
    expect(content().value).toBe(
      '## What I learned\n\n\n## Key insights\n\n\n## How this relates to my role\n\n\n## Related documents\n- [Security policy](https://example.com/security.pdf)\n- Phishing guide\n',
    );
    expect((screen.getByRole('radio', { name: /Private/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Remove the link to Security training' })).toBeTruthy();
  });

  it('starts blank, and says so, when the task cannot be loaded', async () => {
    await renderJournal('/app/journal/new?taskId=12', [{ request: { query: JournalTaskDocument, variables: { id: 12 } }, error: new Error('down') }]);
    expect(await screen.findByText('The task could not be loaded, so the entry starts blank.')).toBeTruthy();
    expect(title().value).toBe('');
  });

  it('creates the entry with its task link, tags as a list, then opens it', async () => {
    const saved = entryData({ id: 44, title: 'Reflection on: Security training', content: 'Phishing looks real.' });
    const { toasts } = await renderJournal('/app/journal/new?taskId=12', [
      taskMock,
      {
        request: {
          query: CreateJournalEntryDocument,
          variables: {
            input: {
              title: 'Reflection on: Security training',
              content: 'Phishing looks real.',
              visibility: 'private',
              tags: ['security', 'training'],
              linked_task_ids: [12],
            },
          },
        },
        result: { data: { createJournalEntry: saved } },
      },
      // The entry page it opens refreshes the entry.
      { request: { query: JournalEntryDocument, variables: { id: 44 } }, result: { data: { journalEntry: saved } } },
    ]);
    await waitFor(() => expect(title().value).toBe('Reflection on: Security training'));
    fireEvent.change(content(), { target: { value: 'Phishing looks real.' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Tags' }), { target: { value: 'security, training, Security' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Journal entry saved'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/journal/44'));
    // Saved: no draft is left to offer.
    expect(storedDrafts()).toEqual({});
  });

  it("shows the spec's message when the entry cannot be created, and keeps the text", async () => {
    const { toasts } = await renderJournal('/app/journal/new', [
      {
        request: { query: CreateJournalEntryDocument, variables: { input: { title: '', content: 'Keep me', visibility: 'private', tags: [], linked_task_ids: [] } } },
        error: new Error('down'),
      },
    ]);
    fireEvent.change(content(), { target: { value: 'Keep me' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    });
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Failed to create journal entry'));
    expect(screen.getByRole('alert').textContent).toBe('Failed to create journal entry');
    expect(content().value).toBe('Keep me');
  });

  it('a save answered after the user went elsewhere does not bring them back', async () => {
    const { toasts } = await renderJournal('/app/journal/new', [
      {
        request: { query: CreateJournalEntryDocument, variables: { input: { title: '', content: 'Slow', visibility: 'private', tags: [], linked_task_ids: [] } } },
        result: { data: { createJournalEntry: entryData({ id: 44, title: '', content: 'Slow' }) } },
        delay: 300,
      },
      ...listPageMocks(2),
    ]);
    fireEvent.change(content(), { target: { value: 'Slow' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    fireEvent.click(screen.getByRole('link', { name: 'Back to My Journal' }));
    expect(screen.getByTestId('location').textContent).toBe('/app/journal');
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Journal entry saved'));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByTestId('location').textContent).toBe('/app/journal');
  });

  it("shows the server's validation words when it refuses the entry", async () => {
    await renderJournal('/app/journal/new', [
      {
        request: { query: CreateJournalEntryDocument, variables: { input: { title: '', content: 'x', visibility: 'private', tags: ['a'.repeat(60)], linked_task_ids: [] } } },
        result: gqlError('Tags must be less than 50 characters', 'BAD_USER_INPUT'),
      },
    ]);
    fireEvent.change(content(), { target: { value: 'x' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Tags' }), { target: { value: 'a'.repeat(60) } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Tags must be less than 50 characters'));
  });

  describe('drafts', () => {
    it('saves a draft for the user as they type, and offers it back after a reload', async () => {
      const first = await renderJournal('/app/journal/new', []);
      fireEvent.change(title(), { target: { value: 'Half-written' } });
      fireEvent.change(content(), { target: { value: 'Something I learned' } });
      await waitFor(() => expect(storedDrafts().new?.content).toBe('Something I learned'));
      expect(window.localStorage.getItem(draftStorageKey(USER_ID))).toContain('savedAt');
      expect(await screen.findByText(/^Draft saved/)).toBeTruthy();
      first.unmount();

      // "Reload": a fresh page offers the draft; nothing is overwritten until the user chooses.
      await renderJournal('/app/journal/new', []);
      const offer = screen.getByText('You have an unsaved draft from Just now.').closest('[role="status"]');
      expect(offer).toBeTruthy();
      expect(content().value).toBe('');
      fireEvent.click(screen.getByRole('button', { name: 'Restore draft' }));
      // The offer left with the pressed button: the keyboard goes on in the title.
      expect(document.activeElement).toBe(title());
      expect(title().value).toBe('Half-written');
      expect(content().value).toBe('Something I learned');
      expect(screen.queryByText(/unsaved draft/)).toBeNull();
    });

    it('writes the draft at once when the page is hidden (reload, closed tab)', async () => {
      await renderJournal('/app/journal/new', []);
      fireEvent.change(content(), { target: { value: 'Typed just before reload' } });
      act(() => {
        window.dispatchEvent(new Event('pagehide'));
      });
      expect(storedDrafts().new?.content).toBe('Typed just before reload');
    });

    it('writes nothing more once the session has ended, not even when the editor closes', async () => {
      const view = await renderJournal('/app/journal/new', []);
      fireEvent.change(content(), { target: { value: 'Typed as the session ended' } });
      act(() => notifySessionEnded());
      view.unmount();
      window.dispatchEvent(new Event('pagehide'));
      expect(window.localStorage.getItem(draftStorageKey(USER_ID))).toBeNull();
    });

    it('with "Keep drafts on this device", what was typed just before the session ended is kept', async () => {
      await renderJournal('/app/journal/new', []);
      fireEvent.click(screen.getByRole('checkbox', { name: 'Keep drafts on this device' }));
      fireEvent.change(content(), { target: { value: 'Typed as the session ended' } });
      act(() => notifySessionEnded());
      expect(storedDrafts().new?.content).toBe('Typed as the session ended');
    });

    it('restoring a blank entry\'s draft on a task\'s reflection keeps the task linked', async () => {
      createDraftStore(window.localStorage, USER_ID).save('new', { title: 'Earlier', content: 'Older words', visibility: 'private', tags: '', linkedTaskIds: [] });
      await renderJournal('/app/journal/new?taskId=12', [taskMock]);
      fireEvent.click(await screen.findByRole('button', { name: 'Restore draft' }));
      expect(content().value).toBe('Older words');
      expect(screen.getByRole('button', { name: 'Remove the link to Security training' })).toBeTruthy();
    });

    it('discarding the offer removes the draft', async () => {
      createDraftStore(window.localStorage, USER_ID).save('new', { title: '', content: 'Old draft', visibility: 'shared', tags: '', linkedTaskIds: [] });
      await renderJournal('/app/journal/new', []);
      fireEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
      expect(screen.queryByText(/unsaved draft/)).toBeNull();
      expect(document.activeElement).toBe(title());
      expect(storedDrafts()).toEqual({});
    });

    it('removing a linked task moves focus to the next link, then to the visibility choice', async () => {
      createDraftStore(window.localStorage, USER_ID).save('new', { title: '', content: 'Linked', visibility: 'shared', tags: '', linkedTaskIds: [5, 6] });
      await renderJournal('/app/journal/new', []);
      fireEvent.click(screen.getByRole('button', { name: 'Restore draft' }));
      fireEvent.click(screen.getByRole('button', { name: 'Remove the link to #5' }));
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove the link to #6' }));
      fireEvent.click(screen.getByRole('button', { name: 'Remove the link to #6' }));
      expect(document.activeElement).toBe(screen.getByRole('radio', { name: /Shared/ }));
    });

    it('keeps the new-entry draft apart from drafts of existing entries and of other users', async () => {
      createDraftStore(window.localStorage, USER_ID).save(3, { title: '', content: 'Edit of entry 3', visibility: 'private', tags: '', linkedTaskIds: [] });
      createDraftStore(window.localStorage, USER_ID + 1).save('new', { title: '', content: 'Another user', visibility: 'private', tags: '', linkedTaskIds: [] });
      await renderJournal('/app/journal/new', []);
      expect(screen.queryByText(/unsaved draft/)).toBeNull();
    });

    it('"Keep drafts on this device" is off until ticked, and remembers the choice for this user', async () => {
      const first = await renderJournal('/app/journal/new', []);
      const keep = screen.getByRole('checkbox', { name: 'Keep drafts on this device' }) as HTMLInputElement;
      expect(keep.checked).toBe(false);
      expect(document.getElementById(keep.getAttribute('aria-describedby')!)?.textContent).toBe(
        'Off: your drafts are removed from this browser when you sign out. Leave it off on a shared computer.',
      );
      expect(readKeepDrafts(USER_ID)).toBe(false);
      fireEvent.click(keep);
      expect(keep.checked).toBe(true);
      expect(readKeepDrafts(USER_ID)).toBe(true);
      expect(readKeepDrafts(USER_ID + 1)).toBe(false);
      first.unmount();

      await renderJournal('/app/journal/new', []);
      const again = screen.getByRole('checkbox', { name: 'Keep drafts on this device' }) as HTMLInputElement;
      expect(again.checked).toBe(true);
      fireEvent.click(again);
      expect(readKeepDrafts(USER_ID)).toBe(false);
    });

    it('cancel with the offer still open keeps the earlier draft for next time', async () => {
      createDraftStore(window.localStorage, USER_ID).save('new', { title: '', content: 'Written yesterday', visibility: 'shared', tags: '', linkedTaskIds: [] });
      await renderJournal('/app/journal/new', listPageMocks());
      expect(screen.getByText(/You have an unsaved draft/)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.getByTestId('location').textContent).toBe('/app/journal');
      expect(storedDrafts().new?.content).toBe('Written yesterday');
      await screen.findByText('No journal entries yet');
    });

    it('cancel after restoring the draft drops it: it is what was being edited', async () => {
      createDraftStore(window.localStorage, USER_ID).save('new', { title: '', content: 'Written yesterday', visibility: 'shared', tags: '', linkedTaskIds: [] });
      await renderJournal('/app/journal/new', listPageMocks());
      fireEvent.click(screen.getByRole('button', { name: 'Restore draft' }));
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(storedDrafts()).toEqual({});
      await screen.findByText('No journal entries yet');
    });

    it('cancel leaves the page and drops the draft', async () => {
      await renderJournal('/app/journal/new', listPageMocks());
      fireEvent.change(content(), { target: { value: 'Never mind' } });
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.getByTestId('location').textContent).toBe('/app/journal');
      expect(storedDrafts()).toEqual({});
      await screen.findByText('No journal entries yet');
    });
  });
});
