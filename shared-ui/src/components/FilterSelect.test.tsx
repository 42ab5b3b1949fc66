import { fireEvent, render, screen } from '@testing-library/react';
import { FilterSelect } from './FilterSelect';

describe('FilterSelect', () => {
  it('is a select labelled by its label, with the words for each option, reporting the picked value', () => {
    const onChange = jest.fn();
    render(<FilterSelect label="Status" value="all" options={['all', 'done'] as const} optionLabel={(v) => (v === 'all' ? 'All tasks' : 'Completed')} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['All tasks', 'Completed']);
    fireEvent.change(select, { target: { value: 'done' } });
    expect(onChange).toHaveBeenCalledWith('done');
  });
});
