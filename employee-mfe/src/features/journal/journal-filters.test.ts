import { DEFAULT_FILTERS, filtersFromParams, filtersToParams, isFiltered, toQueryFilter } from './journal-filters';

describe('journal list filters', () => {
  it('reads the defaults from an empty address and writes nothing for them', () => {
    expect(filtersFromParams(new URLSearchParams())).toEqual(DEFAULT_FILTERS);
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('round-trips every filter through the address', () => {
    const filters = { q: 'onboarding tools', visibility: 'shared', dateRange: 'month', tag: 'Culture', sort: 'title:asc', page: 3 } as const;
    expect(filtersFromParams(filtersToParams(filters))).toEqual(filters);
  });

  it('falls back to the defaults for unknown values', () => {
    expect(filtersFromParams(new URLSearchParams('visibility=everyone&dateRange=decade&sort=id:asc&page=-2'))).toEqual(DEFAULT_FILTERS);
    expect(filtersFromParams(new URLSearchParams('page=1.5')).page).toBe(1);
  });

  it('tells a narrowed list from the plain one', () => {
    expect(isFiltered(DEFAULT_FILTERS)).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, sort: 'title:asc', page: 2 })).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, q: '  ' })).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, tag: 'x' })).toBe(true);
  });

  it('builds the GraphQL filter: sort and order split, any-time and all-tags left out', () => {
    expect(toQueryFilter(DEFAULT_FILTERS)).toEqual({ visibility: 'all', sort: 'created_at', order: 'desc', page: 1, limit: 10 });
    expect(toQueryFilter({ ...DEFAULT_FILTERS, dateRange: 'week', tag: 'a', sort: 'updated_at:desc', page: 2 }, 5)).toEqual({
      visibility: 'all',
      dateRange: 'week',
      tag: 'a',
      sort: 'updated_at',
      order: 'desc',
      page: 2,
      limit: 5,
    });
  });
});
