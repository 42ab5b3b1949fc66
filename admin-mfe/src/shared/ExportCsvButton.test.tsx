import { act, fireEvent, render, screen } from '@testing-library/react';
import { ApiError } from '@embark/shared-ui';
import { ExportCsvButton } from './ExportCsvButton';

/** A download the test finishes by hand, recording what it was asked for. */
function pendingDownload() {
  const calls: Array<{ report: string; query: unknown }> = [];
  let settle: { resolve: (name: string) => void; reject: (error: unknown) => void } | null = null;
  const download = jest.fn((report: string, query: unknown) => {
    calls.push({ report, query });
    return new Promise<string>((resolve, reject) => {
      settle = { resolve, reject };
    });
  });
  return {
    download,
    calls,
    finish: (name: string) => act(async () => settle?.resolve(name)),
    fail: (error: unknown) => act(async () => settle?.reject(error)),
  };
}

describe('ExportCsvButton', () => {
  it("downloads the report with the screen's filters, busy until the file is there", async () => {
    const file = pendingDownload();
    render(<ExportCsvButton report="users" query={{ search: 'ana', role_id: 2, status: 'active' }} download={file.download} />);
    const button = screen.getByRole('button', { name: 'Export users (CSV)' });
    expect(button.hasAttribute('disabled')).toBe(false);

    fireEvent.click(button);
    expect(file.calls).toEqual([{ report: 'users', query: { search: 'ana', role_id: 2, status: 'active' } }]);
    const busy = screen.getByRole('button', { name: 'Preparing CSV…' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');

    await file.finish('users-2025-03-10.csv');
    expect(screen.getByRole('button', { name: 'Export users (CSV)' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says why an export failed, in the server's words for a bad filter, and clears it on the next try", async () => {
    const file = pendingDownload();
    render(<ExportCsvButton report="audit" query={{ from: '2025-03-05', to: '2025-03-01' }} download={file.download} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export audit log (CSV)' }));
    await file.fail(new ApiError({ status: 400, error: 'From must not be after To', details: ['From must not be after To'] }));
    expect(screen.getByRole('alert').textContent).toBe('Export failed: From must not be after To');
    expect(screen.getByRole('button', { name: 'Export audit log (CSV)' }).hasAttribute('disabled')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Export audit log (CSV)' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await file.fail(new ApiError({ status: 0 }));
    expect(screen.getByRole('alert').textContent).toMatch(/^Export failed: \S/);
  });

  it('falls back to a plain message when the failure has no words of its own', async () => {
    const file = pendingDownload();
    render(<ExportCsvButton report="overdue" download={file.download} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export overdue tasks (CSV)' }));
    expect(file.calls).toEqual([{ report: 'overdue', query: {} }]);
    await file.fail(new Error(''));
    expect(screen.getByRole('alert').textContent).toBe('Export failed: Failed to export the CSV file');
  });
});
