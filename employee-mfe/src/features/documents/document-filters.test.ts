import { applyFilters, DEFAULT_FILTERS, filtersFromSearch, filtersToSearch, hasActiveFilters, recentDocuments, sortDocuments } from './document-filters';
import { sampleLibrary } from './test-data';

const ids = (list: Array<{ id: number }>) => list.map((d) => d.id);
const viewedOnServer = (d: { viewed: boolean }) => d.viewed;

describe('document filters', () => {
  it('reads and writes the URL, ignoring bad values and leaving defaults out', () => {
    expect(filtersFromSearch(new URLSearchParams(''))).toEqual(DEFAULT_FILTERS);
    expect(filtersFromSearch(new URLSearchParams('q=code&category=2&status=unviewed&sort=date'))).toEqual({ q: 'code', category: 2, status: 'unviewed', sort: 'date' });
    expect(filtersFromSearch(new URLSearchParams('category=x&status=maybe&sort=size'))).toEqual(DEFAULT_FILTERS);
    expect(filtersToSearch(DEFAULT_FILTERS).toString()).toBe('');
    expect(filtersToSearch({ q: 'a b', category: 3, status: 'viewed', sort: 'type' }).toString()).toBe('q=a+b&category=3&status=viewed&sort=type');
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, sort: 'date' })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, status: 'viewed' })).toBe(true);
  });

  it('sorts by name, date (newest first), modified (newest first) and type (then name)', () => {
    const library = sampleLibrary();
    expect(ids(sortDocuments(library, 'name'))).toEqual([5, 4, 1, 2, 6, 3]);
    expect(ids(sortDocuments(library, 'date'))).toEqual([3, 2, 4, 6, 5, 1]);
    expect(ids(sortDocuments(library, 'modified'))).toEqual([3, 1, 2, 4, 6, 5]);
    // Form, Job Description, Policy, SOP, Template, Training.
    expect(ids(sortDocuments(library, 'type'))).toEqual([4, 6, 1, 2, 5, 3]);
  });

  it('filters by category, by view status and by words in the title or description', () => {
    const library = sampleLibrary();
    expect(ids(applyFilters(library, { ...DEFAULT_FILTERS, category: 3 }, viewedOnServer))).toEqual([3]);
    expect(ids(applyFilters(library, { ...DEFAULT_FILTERS, status: 'viewed' }, viewedOnServer))).toEqual([1]);
    expect(ids(applyFilters(library, { ...DEFAULT_FILTERS, status: 'unviewed' }, viewedOnServer))).toEqual([5, 4, 2, 6, 3]);
    expect(ids(applyFilters(library, { ...DEFAULT_FILTERS, q: 'RECEIPTS travel' }, viewedOnServer))).toEqual([2]);
    expect(ids(applyFilters(library, { ...DEFAULT_FILTERS, q: 'enrolment' }, viewedOnServer))).toEqual([4]);
    // The viewed test is the caller's (server ∪ local).
    expect(ids(applyFilters(library, { ...DEFAULT_FILTERS, status: 'viewed' }, (d) => d.id === 3 || d.viewed))).toEqual([1, 3]);
    expect(applyFilters(library, { ...DEFAULT_FILTERS, category: 6, status: 'viewed' }, viewedOnServer)).toEqual([]);
  });

  it('recent documents are the 5 newest additions', () => {
    expect(ids(recentDocuments(sampleLibrary()))).toEqual([3, 2, 4, 6, 5]);
    expect(recentDocuments([])).toEqual([]);
  });
});
