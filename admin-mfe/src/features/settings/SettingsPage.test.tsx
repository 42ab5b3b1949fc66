import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RegistrationSettingsDocument, UpdateRegistrationSettingsDocument } from '../../__generated__/graphql';
import { seriousViolations } from '../../shared/axe';
import { domainError, renderAdmin, type Mocks, LOADING_DELAY_MS } from '../../shared/test-utils';
import { calendarMock, remindersMock } from './settings-fixtures';
import { SettingsPage } from './SettingsPage';

function settingsMock(mode: string, domains: string[], times = 3): Mocks[number] {
  return { request: { query: RegistrationSettingsDocument }, result: { data: { registrationSettings: { __typename: 'RegistrationSettings', mode, domains } } }, maxUsageCount: times };
}
function saveMock(mode: string, domains: string[], result?: ReturnType<typeof domainError>): Mocks[number] {
  return {
    request: { query: UpdateRegistrationSettingsDocument, variables: { input: { mode, domains } } },
    result: result ?? { data: { updateRegistrationSettings: { __typename: 'RegistrationSettings', mode, domains } } },
  };
}
/** The page, with its calendar and reminder cards answered. */
const renderSettings = (mocks: Mocks) => renderAdmin(<SettingsPage />, [...mocks, calendarMock(), remindersMock()]);
const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
const domainList = () => within(screen.getByRole('list', { name: 'Listed domains' })).getAllByRole('listitem').map((li) => li.textContent);

describe('SettingsPage', () => {
  it('shows a loading state, then who may register with the three choices explained', async () => {
    await renderSettings([{ ...settingsMock('invite', []), delay: LOADING_DELAY_MS }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading settings' })).toBeTruthy();
    await waitFor(() => expect(radio('Invited only').checked).toBe(true), { timeout: 5000 });
    const region = screen.getByRole('region', { name: 'Who may register' });
    expect(within(region).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['open', 'domains', 'invite']);
    expect(radio('Anyone').checked).toBe(false);
    expect(within(region).getByRole('radio', { name: 'Invited only', description: 'People join through an invitation sent from Manage Users.' })).toBe(radio('Invited only'));
    expect(screen.getByText('No domains listed yet.')).toBeTruthy();
    // The domains only apply to their own choice.
    expect(screen.getByLabelText('Add a domain').matches(':disabled')).toBe(true);
  });

  it("the error state says 'Failed to load settings' and retries", async () => {
    await renderSettings([{ request: { query: RegistrationSettingsDocument }, error: new Error('offline') }, settingsMock('open', [])]);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load settings');
    // The other cards load on their own.
    expect(await screen.findByRole('combobox', { name: 'Time zone' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(radio('Anyone').checked).toBe(true));
  });

  it('edits the domains: checked and normalised as they are added, removable, required for that choice; then saves', async () => {
    const { toasts } = await renderSettings([settingsMock('open', []), saveMock('domains', ['example.com', 'corp.example.org'])]);
    await waitFor(() => expect(radio('Anyone').checked).toBe(true));
    fireEvent.click(radio('Only emails at listed domains'));
    const input = screen.getByLabelText('Add a domain') as HTMLInputElement;
    expect(input.matches(':disabled')).toBe(false);

    // Nothing listed: this choice cannot be saved.
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Add at least one domain, or choose another option')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'not a domain' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(screen.getByText('Enter a domain such as example.com')).toBeTruthy();
    fireEvent.change(input, { target: { value: '@Example.COM ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(domainList()).toEqual(['example.com']);
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { value: 'example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(screen.getByText('example.com is already listed')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'old.example.net' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove old.example.net' }));
    expect(domainList()).toEqual(['example.com']);

    // A domain typed but not added yet is saved with the others.
    fireEvent.change(input, { target: { value: 'corp.example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Registration settings saved'));
    expect(domainList()).toEqual(['example.com', 'corp.example.org']);
  });

  it('saves another choice and keeps the listed domains; a refusal is shown on the page', async () => {
    const { toasts } = await renderSettings([
      settingsMock('domains', ['example.com']),
      saveMock('invite', ['example.com'], domainError('Registration mode must be open, domains or invite', 'BAD_USER_INPUT')),
      saveMock('invite', ['example.com']),
    ]);
    await waitFor(() => expect(radio('Only emails at listed domains').checked).toBe(true));
    expect(domainList()).toEqual(['example.com']);
    fireEvent.click(radio('Invited only'));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Registration mode must be open, domains or invite');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Registration settings saved'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('saves another choice without checking a domain typed but not added, and shows no problem for it', async () => {
    const { toasts } = await renderSettings([settingsMock('domains', ['example.com']), saveMock('open', ['example.com'])]);
    await waitFor(() => expect(radio('Only emails at listed domains').checked).toBe(true));
    const input = screen.getByLabelText('Add a domain') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'foo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(screen.getByText('Enter a domain such as example.com')).toBeTruthy();

    // The domains are off with this choice, and so is what was typed there.
    fireEvent.click(radio('Anyone'));
    expect(screen.queryByText('Enter a domain such as example.com')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Registration settings saved'));
    expect(screen.queryByText('Enter a domain such as example.com')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(domainList()).toEqual(['example.com']);
    // Back to the domains: the old problem does not come back with them.
    fireEvent.click(radio('Only emails at listed domains'));
    expect(screen.queryByText('Enter a domain such as example.com')).toBeNull();
  });

  it('keeps the domains added or removed while a save is on its way', async () => {
    const { toasts } = await renderSettings([settingsMock('domains', ['a.example.com', 'b.example.com']), { ...saveMock('domains', ['a.example.com', 'b.example.com']), delay: 300 }]);
    await waitFor(() => expect(radio('Only emails at listed domains').checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove b.example.com' }));
    fireEvent.change(screen.getByLabelText('Add a domain'), { target: { value: 'c.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));

    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Registration settings saved'));
    expect(domainList()).toEqual(['a.example.com', 'c.example.com']);
  });

  it("moves the focus from a removed domain's button to the next one, else the previous one, else the domain field", async () => {
    await renderSettings([settingsMock('domains', ['a.example.com', 'b.example.com', 'c.example.com'])]);
    await waitFor(() => expect(radio('Only emails at listed domains').checked).toBe(true));
    const remove = (domain: string) => {
      const button = screen.getByRole('button', { name: `Remove ${domain}` });
      button.focus();
      fireEvent.click(button);
    };
    remove('b.example.com');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove c.example.com' }));
    remove('c.example.com');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove a.example.com' }));
    remove('a.example.com');
    expect(screen.getByText('No domains listed yet.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Add a domain'));
  });

  it('shows the registration, calendar and reminder cards, each saved on its own', async () => {
    await renderSettings([settingsMock('open', [])]);
    await waitFor(() => expect(radio('Anyone').checked).toBe(true));
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label') ?? r.querySelector('h2')?.textContent)).toEqual(['Who may register', 'Company calendar', 'Reminders']);
    expect(await screen.findByRole('button', { name: 'Save calendar' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Save reminders' })).toBeTruthy();
  });

  it('has no serious or critical axe violations, with every card loaded', async () => {
    await renderSettings([settingsMock('domains', ['example.com'])]);
    await waitFor(() => expect(radio('Only emails at listed domains').checked).toBe(true));
    await screen.findByRole('button', { name: 'Save calendar' });
    await screen.findByRole('button', { name: 'Save reminders' });
    expect(await seriousViolations()).toEqual([]);
  });
});
