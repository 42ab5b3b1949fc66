import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdminUsersDocument, InviteUserDocument } from '../../__generated__/graphql';
import { adminUser, domainError, expectStaysOpen, LOADING_DELAY_MS, peopleMock, PICKER, pressEscape, renderAdmin, ROLES, rolesMock, searchPeople as search, type Mocks } from '../../shared/test-utils';
import { InviteDialog } from './InviteDialog';

const person = (id: number, name: string, email: string) => adminUser({ id, name, email, role_id: 2, role_name: 'Manager', start_date: '2024-01-01', completion_percentage: 100 });
const MAYA = person(20, 'Maya Manager', 'maya@example.com');
const MARK = person(21, 'Mark Manning', 'mark@example.com');
const BO = person(22, 'Bo Buddy', 'bo@example.com');

const roles = { data: { roles: ROLES } };

/** The server's answer to an invitation of `input`. */
function invitation(id: number, input: { email: string; name: string; role_id: number; start_date: string | null; manager_id: number | null; buddy_id: number | null }) {
  return { __typename: 'Invitation' as const, id, ...input, role_name: 'Employee', status: 'pending', expires_at: '2025-03-20T10:00:00.000Z', created_at: '2025-03-13T10:00:00.000Z' };
}

function renderDialog(mocks: Mocks) {
  const onClose = jest.fn();
  return renderAdmin(<InviteDialog open roles={roles} onClose={onClose} />, [rolesMock(), ...mocks]).then((view) => ({ ...view, onClose }));
}

/** Fills in the required fields for Casey, an employee; returns the dialog. */
function fillInCasey() {
  const dialog = screen.getByRole('dialog', { name: 'Invite a new hire' });
  fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'casey@example.com' } });
  fireEvent.change(within(dialog).getByLabelText(/^Full name/), { target: { value: 'Casey New' } });
  fireEvent.change(within(dialog).getByLabelText(/^Role/), { target: { value: '1' } });
  return dialog;
}

describe('InviteDialog', () => {
  it('checks email, name and role before sending', async () => {
    await renderDialog([]);
    const dialog = screen.getByRole('dialog', { name: 'Invite a new hire' });
    expect(dialog.textContent).toContain('They get an email with a link to set their password. The link works for 7 days.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByText('Email is required')).toBeTruthy();
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Please select a role')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'not-an-address' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByText('Please enter a valid email address')).toBeTruthy();
  });

  it('invites with role, start date, a manager and a buddy picked by name; a conflict shows in the form', async () => {
    const input = { email: 'casey@example.com', name: 'Casey New', role_id: 2, start_date: '2025-04-01', manager_id: MAYA.id, buddy_id: BO.id };
    const answer = { __typename: 'Invitation', id: 7, ...input, role_name: 'Manager', status: 'pending', expires_at: '2025-03-20T10:00:00.000Z', created_at: '2025-03-13T10:00:00.000Z' };
    const { toasts, onClose } = await renderDialog([
      peopleMock(null, [MAYA, MARK, BO]),
      peopleMock('ma', [MAYA, MARK]),
      peopleMock('bo', [BO]),
      { request: { query: InviteUserDocument, variables: { input } }, result: domainError('A user or a pending invitation already has this email', 'CONFLICT') },
      { request: { query: InviteUserDocument, variables: { input } }, result: { data: { inviteUser: answer } } },
    ]);
    const dialog = screen.getByRole('dialog', { name: 'Invite a new hire' });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: ' casey@example.com ' } });
    fireEvent.change(within(dialog).getByLabelText(/^Full name/), { target: { value: 'Casey New' } });
    fireEvent.change(within(dialog).getByLabelText(/^Role/), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText(/^Start date/), { target: { value: '2025-04-01' } });

    // Manager: typed, then picked with the keyboard.
    const manager = screen.getByRole('combobox', { name: 'Manager' });
    fireEvent.focus(manager);
    await search('Manager', 'ma');
    await waitFor(() => expect(within(screen.getByRole('listbox', { name: 'Manager' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Maya Managermaya@example.com', 'Mark Manningmark@example.com']));
    const managers = screen.getByRole('listbox', { name: 'Manager' });
    fireEvent.keyDown(manager, { key: 'ArrowDown' });
    expect(manager.getAttribute('aria-activedescendant')).toBe(within(managers).getAllByRole('option')[0]?.id);
    fireEvent.keyDown(manager, { key: 'Enter' });
    expect((manager as HTMLInputElement).value).toBe('Maya Manager');
    expect(screen.queryByRole('listbox', { name: 'Manager' })).toBeNull();

    // Buddy: picked with the pointer.
    fireEvent.focus(screen.getByRole('combobox', { name: 'Buddy' }));
    await search('Buddy', 'bo');
    await waitFor(() => expect(within(screen.getByRole('listbox', { name: 'Buddy' })).getAllByRole('option')).toHaveLength(1));
    fireEvent.click(within(screen.getByRole('listbox', { name: 'Buddy' })).getByRole('option', { name: /Bo Buddy/ }));
    expect((screen.getByRole('combobox', { name: 'Buddy' }) as HTMLInputElement).value).toBe('Bo Buddy');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A user or a pending invitation already has this email');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Invitation sent to casey@example.com'));
    expect(onClose).toHaveBeenCalled();
  });

  it('Enter picks from the list of what is typed now, never from an earlier search still on screen', async () => {
    await renderDialog([peopleMock(null, [MAYA, MARK, BO]), peopleMock('ma', [MAYA, MARK]), { ...peopleMock('bo', [BO]), delay: LOADING_DELAY_MS }]);
    const manager = screen.getByRole('combobox', { name: 'Manager' });
    fireEvent.focus(manager);
    await search('Manager', 'ma');
    await waitFor(() => expect(within(screen.getByRole('listbox', { name: 'Manager' })).getAllByRole('option')).toHaveLength(2));
    // Typed on, then Down and Enter at once: the list on screen is still the one for "ma".
    fireEvent.change(manager, { target: { value: 'bo' } });
    fireEvent.keyDown(manager, { key: 'ArrowDown' });
    fireEvent.keyDown(manager, { key: 'Enter' });
    expect((manager as HTMLInputElement).value).toBe('bo');
    // Once the answer for "bo" is in, Enter picks from it.
    await waitFor(() => expect(within(screen.getByRole('listbox', { name: 'Manager' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Bo Buddybo@example.com']), { timeout: 5000 });
    fireEvent.keyDown(manager, { key: 'ArrowDown' });
    fireEvent.keyDown(manager, { key: 'Enter' });
    expect((manager as HTMLInputElement).value).toBe('Bo Buddy');
  });

  it('leaves manager and buddy empty unless picked; Clear empties it; a name typed but not picked waits until it is cleared', async () => {
    const input = { email: 'casey@example.com', name: 'Casey New', role_id: 1, start_date: null, manager_id: null, buddy_id: null };
    const sent = jest.fn(() => ({ data: { inviteUser: invitation(8, input) } }));
    const { toasts } = await renderDialog([peopleMock(null, [MAYA]), peopleMock('maya', [MAYA]), peopleMock('mayx', []), { request: { query: InviteUserDocument, variables: { input } }, result: sent }]);
    const dialog = fillInCasey();

    const manager = screen.getByRole('combobox', { name: 'Manager' });
    fireEvent.focus(manager);
    const list = await search('Manager', 'maya');
    fireEvent.click(await within(list).findByRole('option', { name: /Maya Manager/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear manager' }));
    expect((manager as HTMLInputElement).value).toBe('');
    // The pressed button has gone with the pick: the keyboard is back in the field.
    expect(document.activeElement).toBe(manager);

    // A name typed but not picked names no one: no match says so, and the invitation waits.
    fireEvent.focus(manager);
    fireEvent.change(manager, { target: { value: 'mayx' } });
    expect(await within(dialog).findByText('No active users match')).toBeTruthy();
    fireEvent.keyDown(manager, { key: 'Escape' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByRole('combobox', { name: 'Manager', description: /Pick a person from the list, or clear the field/ })).toBe(manager);
    expect(manager.getAttribute('aria-invalid')).toBe('true');

    // An empty field is no one: the error goes with the text, and the invitation goes without a manager.
    fireEvent.change(manager, { target: { value: '' } });
    expect(manager.getAttribute('aria-invalid')).toBeNull();
    expect(within(dialog).queryByText('Pick a person from the list, or clear the field')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Invitation sent to casey@example.com'));
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('does not send a name typed but not picked as no manager; picking the person then sends them', async () => {
    const input = { email: 'casey@example.com', name: 'Casey New', role_id: 1, start_date: null, manager_id: MAYA.id, buddy_id: null };
    const sent = jest.fn(() => ({ data: { inviteUser: invitation(9, input) } }));
    const lost = jest.fn(() => ({ data: { inviteUser: invitation(9, { ...input, manager_id: null }) } }));
    const { toasts } = await renderDialog([
      peopleMock(null, [MAYA]),
      peopleMock('Maya', [MAYA]),
      { request: { query: InviteUserDocument, variables: { input } }, result: sent },
      { request: { query: InviteUserDocument, variables: { input: { ...input, manager_id: null } } }, result: lost },
    ]);
    const dialog = fillInCasey();

    const manager = screen.getByRole('combobox', { name: 'Manager' });
    fireEvent.focus(manager);
    const list = await search('Manager', 'Maya');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByRole('combobox', { name: 'Manager', description: /Pick a person from the list, or clear the field/ })).toBe(manager);
    expect(within(dialog).queryByRole('button', { name: 'Sending…' })).toBeNull();

    fireEvent.click(await within(list).findByRole('option', { name: /Maya Manager/ }));
    expect(manager.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Invitation sent to casey@example.com'));
    expect(sent).toHaveBeenCalledTimes(1);
    expect(lost).not.toHaveBeenCalled();
  });

  it('cannot be closed while sending, so a refusal is seen in the form; then it can', async () => {
    const input = { email: 'casey@example.com', name: 'Casey New', role_id: 1, start_date: null, manager_id: null, buddy_id: null };
    const { onClose } = await renderDialog([{ request: { query: InviteUserDocument, variables: { input } }, result: domainError('A user or a pending invitation already has this email', 'CONFLICT'), delay: LOADING_DELAY_MS }]);
    const dialog = fillInCasey();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await within(dialog).findByRole('button', { name: 'Sending…' });

    expectStaysOpen(dialog, onClose);

    expect((await within(dialog).findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('A user or a pending invitation already has this email');
    expect((within(dialog).getByLabelText(/^Email/) as HTMLInputElement).value).toBe('casey@example.com');
    pressEscape(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says when the people search fails', async () => {
    await renderDialog([{ request: { query: AdminUsersDocument, variables: { filter: PICKER } }, error: new Error('offline'), maxUsageCount: 5 }]);
    await act(async () => {
      fireEvent.focus(screen.getByRole('combobox', { name: 'Buddy' }));
    });
    expect(await screen.findByText('Failed to search users')).toBeTruthy();
  });
});
