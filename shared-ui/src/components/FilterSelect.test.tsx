import { fireEvent, render, screen } from '@testing-library/react';
import { FilterSearch, FilterSelect } from './FilterSelect';

describe('FilterSelect', () => {
  it('is a select labelled by its label, with the words for each option, reporting the picked value', () => {
    const onChange = jest.fn();
    render(<FilterSelect label="Status" value="all" options={['all', 'done'] as const} optionLabel={(v) => (v === 'all' ? 'All tasks' : 'Completed')} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['All tasks', 'Completed']);
    fireEvent.change(select, { target: { value: 'done' } });
    expect(onChange).toHaveBeenCalledWith('done');
  });

  it('takes the id a page gives it, still labelled', () => {
    render(
      <>
        <FilterSelect id="status-filter" label="Status" value="all" options={['all'] as const} optionLabel={() => 'All tasks'} onChange={jest.fn()} />
        <FilterSearch id="search-filter" label="Search" value="" placeholder="Search…" maxLength={200} onChange={jest.fn()} />
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Status' }).id).toBe('status-filter');
    expect(screen.getByRole('searchbox', { name: 'Search' }).id).toBe('search-filter');
  });
});
