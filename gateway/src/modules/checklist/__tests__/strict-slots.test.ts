import { strictSlots } from '../checklist-items.service';

/* Moved from the admin API tests: the reorder's slot rule, without a database. */
describe('strictSlots', () => {
  it('sorted, each at least one above the previous', () => {
    expect(strictSlots([9, 5, 5])).toEqual([5, 6, 9]);
    expect(strictSlots([3, 3, 3])).toEqual([3, 4, 5]);
    expect(strictSlots([4, 1])).toEqual([1, 4]);
    expect(strictSlots([5, 5, 6])).toEqual([5, 6, 7]);
  });
});
