import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ConfirmDialog } from './ConfirmDialog';
import { DataTable, type DataTableColumn } from './DataTable';
import { FormField } from './FormField';
import { Modal } from './Modal';
import { Pagination } from './Pagination';

interface Row {
  id: number;
  name: string;
  role: string;
}

const ROWS: Row[] = [
  { id: 1, name: 'Ana', role: 'Employee' },
  { id: 2, name: 'Ben', role: 'Manager' },
];
const COLUMNS: Array<DataTableColumn<Row>> = [
  { key: 'name', header: 'Name', sortKey: 'name', rowHeader: true, cell: (r) => r.name },
  { key: 'role', header: 'Role', cell: (r) => r.role },
];

describe('DataTable', () => {
  it('is a captioned table with row headers, sortable headers (aria-sort) and an empty state', () => {
    const onSort = jest.fn();
    const { rerender } = render(<DataTable caption="Users" columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} sort={{ key: 'name', order: 'asc' }} onSortChange={onSort} />);
    const table = screen.getByRole('table', { name: 'Users' });
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Ana', 'Ben']);
    const header = within(table).getByRole('columnheader', { name: 'Name' });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(within(table).getByRole('columnheader', { name: 'Role' }).getAttribute('aria-sort')).toBeNull();
    fireEvent.click(within(header).getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenCalledWith('name');
    // The wrapper scrolls with the keyboard when the table is wider than the screen.
    expect(screen.getByRole('region', { name: 'Users' }).getAttribute('tabindex')).toBe('0');
    rerender(<DataTable caption="Users" columns={COLUMNS} rows={[]} rowKey={(r) => r.id} empty="Nobody yet" />);
    expect(screen.getByRole('cell', { name: 'Nobody yet' }).getAttribute('colspan')).toBe('2');
  });

  it('selects rows with labelled checkboxes; the header box selects all rows shown (mixed when some)', () => {
    function Selectable() {
      const [selected, setSelected] = useState<Set<number>>(new Set());
      return <DataTable caption="Users" columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} selection={{ selected, onChange: setSelected, rowLabel: (r) => `Select ${r.name}`, allLabel: 'Select all' }} />;
    }
    render(<Selectable />);
    const all = screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement;
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ana' }));
    expect(all.indeterminate).toBe(true);
    fireEvent.click(all);
    expect((screen.getByRole('checkbox', { name: 'Select Ben' }) as HTMLInputElement).checked).toBe(true);
    expect(all.checked).toBe(true);
    fireEvent.click(all);
    expect((screen.getByRole('checkbox', { name: 'Select Ana' }) as HTMLInputElement).checked).toBe(false);
  });
});

describe('FormField', () => {
  it('labels its control and ties the hint and the error to it', () => {
    render(
      <FormField label="Title" hint="At most 200 characters" error="Title is required" required>
        {(p) => <input {...p} />}
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: /Title/ });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['At most 200 characters', 'Title is required']);
  });
});

describe('Modal and ConfirmDialog', () => {
  it('a named dialog with a description and a close button, content only while open', () => {
    const onClose = jest.fn();
    const { rerender } = render(
      <Modal open title="Edit user" description="ana@example.com" onClose={onClose}>
        <p>Body</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit user' });
    expect(within(dialog).getByText('Body')).toBeTruthy();
    expect(dialog.getAttribute('aria-describedby')).toBe(within(dialog).getByText('ana@example.com').id);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    rerender(
      <Modal open={false} title="Edit user" onClose={onClose}>
        <p>Body</p>
      </Modal>,
    );
    expect(screen.queryByText('Body')).toBeNull();
  });

  it('Escape closes, unless something is under way', () => {
    const onClose = jest.fn();
    const { rerender } = render(<Modal open title="T" onClose={onClose} />);
    fireEvent(screen.getByRole('dialog', { hidden: true }), new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(<Modal open title="T" onClose={onClose} dismissible={false} />);
    fireEvent(screen.getByRole('dialog', { hidden: true }), new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closed by the browser on its own (a second Escape): back while something is under way, else the caller hears of it', () => {
    const onClose = jest.fn();
    const { rerender } = render(<Modal open title="T" onClose={onClose} dismissible={false} />);
    const dialog = screen.getByRole('dialog', { hidden: true });
    dialog.removeAttribute('open');
    fireEvent(dialog, new Event('close'));
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    rerender(<Modal open title="T" onClose={onClose} />);
    dialog.removeAttribute('open');
    fireEvent(dialog, new Event('close'));
    expect(onClose).toHaveBeenCalledTimes(1);
    // Closed because the caller closed it: nothing more to say.
    rerender(<Modal open={false} title="T" onClose={onClose} />);
    fireEvent(dialog, new Event('close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Escape in a dialog opened from another closes only that one', () => {
    const outerClose = jest.fn();
    const innerClose = jest.fn();
    render(
      <Modal open title="Edit user" onClose={outerClose}>
        <Modal open title="Reset two-factor?" onClose={innerClose} />
      </Modal>,
    );
    fireEvent(screen.getByRole('dialog', { hidden: true, name: 'Reset two-factor?' }), new Event('cancel', { cancelable: true }));
    expect(innerClose).toHaveBeenCalledTimes(1);
    expect(outerClose).not.toHaveBeenCalled();
  });

  it('the inner dialog closing does not close the one around it', () => {
    const outerClose = jest.fn();
    const { rerender } = render(
      <Modal open title="Edit user" onClose={outerClose}>
        <Modal open title="Reset two-factor?" onClose={jest.fn()} />
      </Modal>,
    );
    const inner = screen.getByRole('dialog', { hidden: true, name: 'Reset two-factor?' });
    rerender(
      <Modal open title="Edit user" onClose={outerClose}>
        <Modal open={false} title="Reset two-factor?" onClose={jest.fn()} />
      </Modal>,
    );
    fireEvent(inner, new Event('close'));
    expect(outerClose).not.toHaveBeenCalled();
  });

  it('ConfirmDialog: Cancel comes first; busy disables both and shows the busy label; an error shows as an alert', () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    const { rerender } = render(
      <ConfirmDialog open title="Delete this role?" confirmLabel="Delete" busyLabel="Deleting…" onConfirm={onConfirm} onCancel={onCancel}>
        <p>It goes for good.</p>
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete this role?', description: 'It goes for good.' });
    const buttons = within(dialog).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Cancel', 'Delete', '']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalled();
    rerender(
      <ConfirmDialog open title="Delete this role?" confirmLabel="Delete" busyLabel="Deleting…" busy error="Cannot delete" onConfirm={onConfirm} onCancel={onCancel}>
        <p>It goes for good.</p>
      </ConfirmDialog>,
    );
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Deleting…' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByRole('alert').textContent).toBe('Cannot delete');
  });
});

describe('Pagination', () => {
  it('previous/next with the position, nothing for one page', () => {
    const onChange = jest.fn();
    const { rerender, container } = render(<Pagination page={1} pageCount={3} onChange={onChange} label="Users pages" />);
    const nav = screen.getByRole('navigation', { name: 'Users pages' });
    expect((within(nav).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(nav).getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenCalledWith(2);
    rerender(<Pagination page={1} pageCount={1} onChange={onChange} label="Users pages" />);
    expect(container.innerHTML).toBe('');
  });

  it('hands the keyboard to the other button when the one pressed turns disabled', () => {
    function Paged() {
      const [page, setPage] = useState(2);
      return <Pagination page={page} pageCount={3} onChange={setPage} label="Users pages" />;
    }
    render(<Paged />);
    const next = screen.getByRole('button', { name: 'Next' });
    const previous = screen.getByRole('button', { name: 'Previous' });
    next.focus();
    fireEvent.click(next);
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(document.activeElement).toBe(previous);
    fireEvent.click(previous);
    // Page 2: both buttons work, so the focus stays where it was.
    expect(document.activeElement).toBe(previous);
    fireEvent.click(previous);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(document.activeElement).toBe(next);
  });
});
