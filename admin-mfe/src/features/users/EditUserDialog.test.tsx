import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { UpdateUserDocument } from '../../__generated__/graphql';
import { seriousViolations } from '../../shared/axe';
import { adminUser, domainError, expectStaysOpen, LOADING_DELAY_MS, peopleMock, renderAdmin, ROLES, rolesMock, searchPeople, type Mocks } from '../../shared/test-utils';
import { EditUserDialog } from './EditUserDialog';

const MAYA = adminUser({ id: 20, name: 'Maya Manager', email: 'maya@example.com', role_id: 2, role_name: 'Manager' });
const BO = adminUser({ id: 22, name: 'Bo Buddy', email: 'bo@example.com' });
const ANA = adminUser({ manager_id: MAYA.id, manager_name: MAYA.name });
const SAVED = { name: ANA.name, email: ANA.email, start_date: ANA.start_date };

function renderDialog(mocks: Mocks) {
  const onClose = jest.fn();
  return renderAdmin(<EditUserDialog user={ANA} roles={{ data: { roles: ROLES } }} isSelf={false} onClose={onClose} />, [rolesMock(), ...mocks]).then((view) => ({ ...view, onClose }));
}
const dialog = () => screen.getByRole('dialog', { name: 'Edit user' });
const combobox = (name: string) => within(dialog()).getByRole('combobox', { name }) as HTMLInputElement;
const reonboard = () => within(dialog()).queryByRole('checkbox', { name: "Start the new role's checklist from today" }) as HTMLInputElement | null;

describe('EditUserDialog: manager, buddy and a new role', () => {
  it('shows the saved manager and no buddy; clears the manager, picks a buddy and saves both', async () => {
    const input = { ...SAVED, role_id: 1, manager_id: null, buddy_id: BO.id };
    const saved = jest.fn(() => ({ data: { updateUser: { ...ANA, manager_id: null, manager_name: null, buddy_id: BO.id, buddy_name: BO.name } } }));
    const { toasts, onClose } = await renderDialog([peopleMock(null, [BO, MAYA]), peopleMock('bo', [BO]), { request: { query: UpdateUserDocument, variables: { id: ANA.id, input } }, result: saved }]);
    expect(combobox('Manager').value).toBe('Maya Manager');
    expect(combobox('Buddy').value).toBe('');
    // Same role: nothing to start over.
    expect(reonboard()).toBeNull();

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Clear manager' }));
    expect(combobox('Manager').value).toBe('');
    fireEvent.focus(combobox('Buddy'));
    const buddies = await searchPeople('Buddy', 'bo');
    fireEvent.click(await within(buddies).findByRole('option', { name: /Bo Buddy/ }));
    expect(combobox('Buddy').value).toBe('Bo Buddy');

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Ana Lopez was updated'));
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps the saved manager while a name is typed but not picked: the save waits for a pick', async () => {
    const input = { ...SAVED, role_id: 1, manager_id: BO.id, buddy_id: null };
    const saved = jest.fn(() => ({ data: { updateUser: { ...ANA, manager_id: BO.id, manager_name: BO.name } } }));
    const lost = jest.fn(() => ({ data: { updateUser: { ...ANA, manager_id: null, manager_name: null } } }));
    const { toasts } = await renderDialog([
      peopleMock(null, [BO, MAYA]),
      peopleMock('Bo', [BO]),
      { request: { query: UpdateUserDocument, variables: { id: ANA.id, input } }, result: saved },
      { request: { query: UpdateUserDocument, variables: { id: ANA.id, input: { ...input, manager_id: null } } }, result: lost },
    ]);
    fireEvent.focus(combobox('Manager'));
    const list = await searchPeople('Manager', 'Bo');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog()).getByRole('combobox', { name: 'Manager', description: /Pick a person from the list, or clear the field/ })).toBe(combobox('Manager'));
    expect(combobox('Manager').getAttribute('aria-invalid')).toBe('true');
    expect(combobox('Manager').value).toBe('Bo');

    fireEvent.click(await within(list).findByRole('option', { name: /Bo Buddy/ }));
    expect(combobox('Manager').getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Ana Lopez was updated'));
    expect(saved).toHaveBeenCalledTimes(1);
    expect(lost).not.toHaveBeenCalled();
  });

  it('saves no manager once a name typed but not picked is erased', async () => {
    const input = { ...SAVED, role_id: 1, manager_id: null, buddy_id: null };
    const saved = jest.fn(() => ({ data: { updateUser: { ...ANA, manager_id: null, manager_name: null } } }));
    const { toasts } = await renderDialog([peopleMock(null, [BO, MAYA]), peopleMock('Maya', [MAYA]), { request: { query: UpdateUserDocument, variables: { id: ANA.id, input } }, result: saved }]);
    // "Maya Manager" cut down to "Maya" no longer names her.
    fireEvent.change(combobox('Manager'), { target: { value: 'Maya' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog()).getByRole('combobox', { name: 'Manager', description: /Pick a person from the list, or clear the field/ })).toBe(combobox('Manager'));
    expect(within(dialog()).queryByRole('button', { name: 'Saving…' })).toBeNull();

    fireEvent.change(combobox('Manager'), { target: { value: ' ' } });
    expect(within(dialog()).queryByText('Pick a person from the list, or clear the field')).toBeNull();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Ana Lopez was updated'));
    expect(saved).toHaveBeenCalledTimes(1);
  });

  it('refuses the user as their own manager or buddy before sending', async () => {
    await renderDialog([peopleMock(null, [ANA, BO]), peopleMock('ana', [ANA])]);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Clear manager' }));
    for (const field of ['Manager', 'Buddy']) {
      fireEvent.focus(combobox(field));
      const list = await searchPeople(field, 'ana');
      fireEvent.click(await within(list).findByRole('option', { name: /Ana Lopez/ }));
    }
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog()).getByText('A user cannot be their own manager')).toBeTruthy();
    expect(within(dialog()).getByText('A user cannot be their own buddy')).toBeTruthy();
    expect(combobox('Manager').getAttribute('aria-invalid')).toBe('true');
  });

  it("offers to start the new role's checklist from today only while the role changes, and sends the choice", async () => {
    const input = { ...SAVED, role_id: 2, manager_id: MAYA.id, buddy_id: null, reonboard: true };
    const saved = jest.fn(() => ({ data: { updateUser: { ...ANA, role_id: 2, role_name: 'Manager' } } }));
    const { toasts } = await renderDialog([
      { request: { query: UpdateUserDocument, variables: { id: ANA.id, input } }, result: domainError('This manager reports to this user: manager chains cannot loop', 'BAD_USER_INPUT') },
      { request: { query: UpdateUserDocument, variables: { id: ANA.id, input } }, result: saved },
    ]);
    const role = within(dialog()).getByLabelText('Role');
    fireEvent.change(role, { target: { value: '2' } });
    const box = reonboard();
    expect(box?.checked).toBe(false);
    expect(within(dialog()).getByRole('checkbox', { description: 'Tasks new to them are due counting from today (or their start date, if that is later), none before it. Tasks both roles share keep their progress.' })).toBe(box);
    // Back to the saved role: the choice goes away.
    fireEvent.change(role, { target: { value: '1' } });
    expect(reonboard()).toBeNull();
    fireEvent.change(role, { target: { value: '2' } });
    fireEvent.click(reonboard() as HTMLInputElement);

    // The server's refusal is shown, with everything typed kept.
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save changes' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe('This manager reports to this user: manager chains cannot loop');
    expect(reonboard()?.checked).toBe(true);
    expect((within(dialog()).getByLabelText('Role') as HTMLSelectElement).value).toBe('2');

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Ana Lopez was updated'));
  });

  it('cannot be closed while saving, so a refusal is seen with the changes kept; then it can', async () => {
    const input = { ...SAVED, name: 'Ana María Lopez', role_id: 1, manager_id: MAYA.id, buddy_id: null };
    const { onClose } = await renderDialog([{ request: { query: UpdateUserDocument, variables: { id: ANA.id, input } }, result: domainError('An account with this email already exists.', 'CONFLICT'), delay: LOADING_DELAY_MS }]);
    fireEvent.change(within(dialog()).getByLabelText(/^Full name/), { target: { value: 'Ana María Lopez' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save changes' }));
    await within(dialog()).findByRole('button', { name: 'Saving…' });

    expectStaysOpen(dialog(), onClose);

    expect((await within(dialog()).findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('An account with this email already exists.');
    expect((within(dialog()).getByLabelText(/^Full name/) as HTMLInputElement).value).toBe('Ana María Lopez');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('has no serious or critical axe violations, with the re-onboarding choice and a person list open', async () => {
    await renderDialog([peopleMock(null, [BO, MAYA]), peopleMock('bo', [BO])]);
    fireEvent.change(within(dialog()).getByLabelText('Role'), { target: { value: '2' } });
    expect(reonboard()).not.toBeNull();
    fireEvent.focus(combobox('Buddy'));
    await searchPeople('Buddy', 'bo');
    expect(await seriousViolations()).toEqual([]);
  });
});
