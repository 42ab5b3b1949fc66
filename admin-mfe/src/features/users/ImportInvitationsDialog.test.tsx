import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import { ImportInvitationsDocument } from '../../__generated__/graphql';
import { expectStaysOpen, LOADING_DELAY_MS, renderAdmin, type Mocks } from '../../shared/test-utils';
import { ImportInvitationsDialog } from './ImportInvitationsDialog';

const HEADER = 'email,name,role,start_date,manager_email,buddy_email';
const BAD = `${HEADER}\nana@example.com,Ana,Employee,,,\nben@example.com,Ben,Astronaut,,,\ncy@example.com,Cy,Manager,2025-04-01,,`;
const FIXED = BAD.replace('Astronaut', 'Employee');

function csvFile(text: string, name = 'hires.csv') {
  return new File([text], name, { type: 'text/csv' });
}
interface ImportAnswer {
  valid: number;
  created: number;
  roles?: Array<{ role_id: number; role_name: string; count: number }>;
  errors: Array<{ line: number; message: string }>;
}
function importMock(csv: string, dryRun: boolean, result: ImportAnswer | { errors: unknown[] }): Mocks[number] {
  const answer =
    'valid' in result
      ? {
          data: {
            importInvitations: {
              __typename: 'InvitationImportResult',
              ...result,
              roles: (result.roles ?? []).map((r) => ({ __typename: 'InvitationImportRole', ...r })),
              errors: result.errors.map((e) => ({ __typename: 'InvitationImportError', ...e })),
            },
          },
        }
      : result;
  return { request: { query: ImportInvitationsDocument, variables: { csv, dryRun } }, result: answer as never, delay: 50 };
}
const pick = (file: File) => fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
const confirmButton = () => screen.getByRole('button', { name: /^Send( \d+)? invitations?$/ }) as HTMLButtonElement;

function renderDialog(mocks: Mocks) {
  const onClose = jest.fn();
  return renderAdmin(<ImportInvitationsDialog open onClose={onClose} />, mocks).then((view) => ({ ...view, onClose }));
}

describe('ImportInvitationsDialog', () => {
  it('explains the expected columns and waits for a file', async () => {
    await renderDialog([]);
    const dialog = screen.getByRole('dialog', { name: 'Import invitations from a CSV file' });
    expect(within(dialog).getByText(HEADER)).toBeTruthy();
    expect(dialog.textContent).toContain('Nothing is sent until you confirm.');
    expect(confirmButton().textContent).toBe('Send invitations');
    expect(confirmButton().disabled).toBe(true);
  });

  it("checks the file first and lists each line's problem; nothing can be sent until a fixed file is chosen, which then imports", async () => {
    const { toasts, onClose } = await renderDialog([
      importMock(BAD, true, { valid: 2, created: 0, errors: [{ line: 3, message: 'Unknown role "Astronaut"' }] }),
      importMock(FIXED, true, { valid: 3, created: 0, errors: [] }),
      importMock(FIXED, false, { valid: 3, created: 3, errors: [] }),
    ]);
    pick(csvFile(BAD));
    expect(await screen.findByRole('status', { name: 'Checking the file' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Lines with problems' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Line 3: Unknown role "Astronaut"']);
    expect(screen.getByText('1 line needs fixing before anything is sent')).toBeTruthy();
    expect(screen.getByText('2 lines are ready to send')).toBeTruthy();
    expect(screen.getByText('Fix the file, then choose it again.')).toBeTruthy();
    expect(confirmButton().disabled).toBe(true);

    // The same file name again, now fixed.
    pick(csvFile(FIXED));
    await waitFor(() => expect(screen.getByText('3 lines are ready to send')).toBeTruthy());
    expect(screen.queryByRole('list', { name: 'Lines with problems' })).toBeNull();
    expect(confirmButton().disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Send 3 invitations' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('3 invitations sent'));
    expect(onClose).toHaveBeenCalled();
  });

  it('lists the ready lines per role, and warns when any invites an administrator', async () => {
    const withAdmin = FIXED.replace('Cy,Manager', 'Cy,4');
    await renderDialog([
      importMock(FIXED, true, { valid: 3, created: 0, roles: [{ role_id: 1, role_name: 'Employee', count: 2 }, { role_id: 2, role_name: 'Manager', count: 1 }], errors: [] }),
      importMock(withAdmin, true, { valid: 3, created: 0, roles: [{ role_id: 1, role_name: 'Employee', count: 2 }, { role_id: 4, role_name: 'SysAdmin', count: 1 }], errors: [] }),
    ]);
    pick(csvFile(FIXED));
    const roles = await screen.findByRole('list', { name: 'Ready lines per role' });
    expect(within(roles).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Employee: 2 invitations', 'Manager: 1 invitation']);
    expect(screen.queryByText(/invites? an? administrators?/)).toBeNull();

    pick(csvFile(withAdmin));
    await waitFor(() => expect(screen.getByText('SysAdmin: 1 invitation')).toBeTruthy());
    expect(screen.getByText('1 line invites an administrator, who can manage users, roles and checklists. Check the role column if that is not what you meant.')).toBeTruthy();
    // A warning, not a refusal: the administrator may mean it.
    expect(confirmButton().disabled).toBe(false);
    expect(ADMIN_TEXT.importAdminWarning(2)).toBe('2 lines invite administrators, who can manage users, roles and checklists. Check the role column if that is not what you meant.');
  });

  it('shows the lines the server refused at the real import, and nothing is sent', async () => {
    const refusal = { errors: [{ message: 'The file has errors; nothing was imported', extensions: { code: 'BAD_USER_INPUT', errors: [{ line: 2, message: 'A user or a pending invitation already has this email' }] } }] };
    const { toasts } = await renderDialog([importMock(FIXED, true, { valid: 3, created: 0, errors: [] }), importMock(FIXED, false, refusal)]);
    pick(csvFile(FIXED));
    fireEvent.click(await screen.findByRole('button', { name: 'Send 3 invitations' }));
    const list = await screen.findByRole('list', { name: 'Lines with problems' });
    expect(list.textContent).toBe('Line 2: A user or a pending invitation already has this email');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('The file has errors; nothing was imported');
    // The count of ready lines leaves out the refused one, beside "1 line needs fixing".
    expect(screen.getByText('2 lines are ready to send')).toBeTruthy();
    expect(confirmButton().disabled).toBe(true);
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('cannot be closed while the invitations are being sent, so a refusal is seen; then it can', async () => {
    const refusal = { errors: [{ message: 'The file has errors; nothing was imported', extensions: { code: 'BAD_USER_INPUT', errors: [{ line: 2, message: 'A user or a pending invitation already has this email' }] } }] };
    const { onClose } = await renderDialog([importMock(FIXED, true, { valid: 3, created: 0, errors: [] }), { ...importMock(FIXED, false, refusal), delay: LOADING_DELAY_MS }]);
    pick(csvFile(FIXED));
    fireEvent.click(await screen.findByRole('button', { name: 'Send 3 invitations' }));
    const dialog = screen.getByRole('dialog', { name: 'Import invitations from a CSV file' });
    await within(dialog).findByRole('button', { name: 'Sending…' });

    expectStaysOpen(dialog, onClose);

    expect((await within(dialog).findByRole('list', { name: 'Lines with problems' }, { timeout: 5000 })).textContent).toBe('Line 2: A user or a pending invitation already has this email');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('refuses a file too large for one request before sending anything, and says what to do', async () => {
    // No mock: a request would fail the test with an unmatched-operation error.
    await renderDialog([]);
    pick(csvFile(`${HEADER}\n${'x'.repeat(900_001)}`, 'everyone.csv'));
    expect(await screen.findByText(/^The file is larger than 900 KB/)).toBeTruthy();
    expect(screen.getByText(/Split it into smaller files/)).toBeTruthy();
    expect(confirmButton().disabled).toBe(true);
  });

  it('says when the file has no lines after its header, or the check fails', async () => {
    await renderDialog([importMock(HEADER, true, { valid: 0, created: 0, errors: [] }), { request: { query: ImportInvitationsDocument, variables: { csv: BAD, dryRun: true } }, error: new Error('offline') }]);
    pick(csvFile(HEADER, 'empty.csv'));
    expect(await screen.findByText('The file has no invitations after its header line.')).toBeTruthy();
    expect(confirmButton().disabled).toBe(true);
    pick(csvFile(BAD));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to check the file');
  });
});
