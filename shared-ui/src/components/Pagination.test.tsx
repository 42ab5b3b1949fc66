import { pageCountOf } from './Pagination';

describe('pageCountOf', () => {
  it('rounds a partial page up and keeps at least one page', () => {
    expect(pageCountOf(21, 10)).toBe(3);
    expect(pageCountOf(20, 10)).toBe(2);
    expect(pageCountOf(0, 10)).toBe(1);
  });

  it('is one page while the total is unknown', () => {
    expect(pageCountOf(undefined, 10)).toBe(1);
  });
});
