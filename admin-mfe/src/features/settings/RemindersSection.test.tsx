import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ReminderSettingsDocument, UpdateReminderSettingsDocument } from '../../__generated__/graphql';
import { seriousViolations } from '../../shared/axe';
import { domainError, renderAdmin, type Mocks, LOADING_DELAY_MS } from '../../shared/test-utils';
import { RemindersSection } from './RemindersSection';
import { remindersMock } from './settings-fixtures';

function saveMock(reminders_enabled: boolean, escalation_days: number, result?: Mocks[number]['result']): Mocks[number] {
  return {
    request: { query: UpdateReminderSettingsDocument, variables: { input: { reminders_enabled, escalation_days } } },
    result: result ?? { data: { updateReminderSettings: { __typename: 'ReminderSettings', reminders_enabled, escalation_days } } },
  };
}
const region = () => screen.getByRole('region', { name: 'Reminders' });
const toggle = () => within(region()).getByRole('checkbox', { name: 'Send reminders and escalations' }) as HTMLInputElement;
const days = () => within(region()).getByLabelText('Escalate after (working days overdue)') as HTMLInputElement;

describe('RemindersSection', () => {
  it('shows a loading state, then whether reminders go out and after how many days tasks escalate', async () => {
    await renderAdmin(<RemindersSection />, [{ ...remindersMock(true, 3), delay: LOADING_DELAY_MS }]);
    expect(screen.getByRole('status', { name: 'Loading the reminder settings' })).toBeTruthy();
    await waitFor(() => expect(toggle().checked).toBe(true), { timeout: 5000 });
    expect(within(region()).getByText(/^Every working day at 09:00 company time, people with tasks due within two working days/).tagName).toBe('P');
    expect(within(region()).getByRole('checkbox', { description: 'Off: nobody in the company gets digests or escalations.' })).toBe(toggle());
    expect(days().value).toBe('3');
    expect(within(region()).getByText('From 1 to 30.')).toBeTruthy();
  });

  it("the error state says 'Failed to load the reminder settings' and retries", async () => {
    await renderAdmin(<RemindersSection />, [{ request: { query: ReminderSettingsDocument }, error: new Error('offline') }, remindersMock(false, 5)]);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load the reminder settings');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(days().value).toBe('5'));
    expect(toggle().checked).toBe(false);
  });

  it("checks the escalation days (1 to 30), shows the server's refusal with the input kept, then saves", async () => {
    const { toasts } = await renderAdmin(<RemindersSection />, [
      remindersMock(true, 3),
      saveMock(false, 30, domainError('Escalation days must be between 1 and 30', 'BAD_USER_INPUT')),
      saveMock(false, 30),
    ]);
    await waitFor(() => expect(toggle().checked).toBe(true));
    fireEvent.click(toggle());
    for (const value of ['0', '31', '', '2.5']) {
      fireEvent.change(days(), { target: { value } });
      fireEvent.click(within(region()).getByRole('button', { name: 'Save reminders' }));
      expect(within(region()).getByText('Escalation days must be between 1 and 30')).toBeTruthy();
    }
    expect(days().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(days(), { target: { value: '30' } });
    expect(within(region()).queryByText('Escalation days must be between 1 and 30')).toBeNull();
    fireEvent.click(within(region()).getByRole('button', { name: 'Save reminders' }));
    expect((await within(region()).findByRole('alert')).textContent).toBe('Escalation days must be between 1 and 30');
    expect(toggle().checked).toBe(false);
    expect(days().value).toBe('30');
    fireEvent.click(within(region()).getByRole('button', { name: 'Save reminders' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Reminder settings saved'));
    expect(within(region()).queryByRole('alert')).toBeNull();
  });

  it('has no serious or critical axe violations with its problem shown', async () => {
    await renderAdmin(<RemindersSection />, [remindersMock(true, 3)]);
    await waitFor(() => expect(toggle().checked).toBe(true));
    fireEvent.change(days(), { target: { value: '0' } });
    fireEvent.click(within(region()).getByRole('button', { name: 'Save reminders' }));
    expect(within(region()).getByText('Escalation days must be between 1 and 30')).toBeTruthy();
    expect(await seriousViolations()).toEqual([]);
  });
});
