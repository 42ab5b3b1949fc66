import { act, fireEvent, render, screen } from '@testing-library/react';
import { AuthContext, type AuthContextValue } from '@embark/shared-ui';
import { DRAFT_SAVE_DELAY_MS } from '../hooks/useJournalDraft';
import { createDraftStore, type DraftFields } from '../journal-drafts';
import { USER_ID } from '../journal-test-utils';
import { JournalEditor, type SubmitResult } from './JournalEditor';

const auth = { status: 'authenticated', user: { id: USER_ID, name: 'Nina New', email: 'nina@example.com', role_id: 1 }, isAdmin: false } as unknown as AuthContextValue;
const ENTRY: DraftFields = { title: 'First week', content: 'Met the team.', visibility: 'private', tags: '', linkedTaskIds: [] };
const store = () => createDraftStore(window.localStorage, USER_ID);

function editor(onSubmit: (fields: DraftFields, version: string | undefined) => Promise<SubmitResult>, focusTitle = false, version?: string) {
  return (
    <AuthContext.Provider value={auth}>
      <JournalEditor draftKey={3} initial={ENTRY} version={version} taskTitles={new Map()} submitLabel="Save changes" onSubmit={onSubmit} onCancel={() => undefined} focusTitle={focusTitle} />
    </AuthContext.Provider>
  );
}

const renderEditor = (onSubmit: (fields: DraftFields, version: string | undefined) => Promise<SubmitResult>, focusTitle = false, version?: string) => render(editor(onSubmit, focusTitle, version));

const content = () => screen.getByRole('textbox', { name: /^Entry/ });

beforeEach(() => window.localStorage.clear());
afterEach(() => jest.useRealTimers());

describe('JournalEditor', () => {
  it('stays busy after a successful save, so a second press cannot save the entry twice', async () => {
    const onSubmit = jest.fn(() => Promise.resolve<SubmitResult>({ ok: true }));
    renderEditor(onSubmit);
    const save = screen.getByRole('button', { name: 'Save changes' });
    await act(async () => {
      fireEvent.click(save);
    });
    await act(async () => {
      fireEvent.click(save);
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect((save as HTMLButtonElement).disabled).toBe(true);
  });

  it('is free again after a refused save, with the text kept', async () => {
    const onSubmit = jest.fn(() => Promise.resolve<SubmitResult>({ ok: false, message: 'Content is required' }));
    renderEditor(onSubmit);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    expect((screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(false);
    expect((content() as HTMLTextAreaElement).value).toBe('Met the team.');
  });

  it('leaving writes nothing over a draft another tab wrote since its own last write', () => {
    jest.useFakeTimers();
    const view = renderEditor(() => Promise.resolve({ ok: true }));
    fireEvent.change(content(), { target: { value: 'Met the team. Older words.' } });
    act(() => {
      jest.advanceTimersByTime(DRAFT_SAVE_DELAY_MS);
    });
    expect(store().load(3)?.content).toBe('Met the team. Older words.');
    // Another tab, later, writes the newer draft of the same entry.
    store().save(3, { ...ENTRY, content: 'Newer words from the other tab.' });
    view.unmount();
    expect(store().load(3)?.content).toBe('Newer words from the other tab.');
  });

  it('opening with a draft on offer puts the keyboard on Restore, which says what it restores', () => {
    store().save(3, { ...ENTRY, content: 'A long draft.' });
    renderEditor(() => Promise.resolve({ ok: true }), true);
    const restore = screen.getByRole('button', { name: 'Restore draft' });
    expect(document.activeElement).toBe(restore);
    expect(restore.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(restore.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/draft/i);
  });

  it('saves with the version it opened with, whatever copy of the entry arrives later', async () => {
    const onSubmit = jest.fn((_fields: DraftFields, _version: string | undefined) => Promise.resolve<SubmitResult>({ ok: true }));
    const view = renderEditor(onSubmit, false, '2025-03-01T10:00:00.000Z');
    // A fresher copy of the entry reaches the page while the editor is open: its text is not in the form.
    view.rerender(editor(onSubmit, false, '2025-03-02T08:00:00.000Z'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    expect(onSubmit).toHaveBeenCalledWith(ENTRY, '2025-03-01T10:00:00.000Z');
  });
});
