import { shownPercentage, shownProgress } from './progress';

describe('shown progress', () => {
  it('reads a rounded 100 with a task open as 99, and 100 only when all are done', () => {
    expect(shownProgress(199, 200)).toBe(99);
    expect(shownProgress(200, 200)).toBe(100);
    expect(shownProgress(1, 3)).toBe(33);
    expect(shownProgress(0, 0)).toBe(0);
    expect(shownPercentage(100, false)).toBe(99);
    expect(shownPercentage(100, true)).toBe(100);
    expect(shownPercentage(42, false)).toBe(42);
  });
});
