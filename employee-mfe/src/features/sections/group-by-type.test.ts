import { groupByType } from './group-by-type';

describe('groupByType', () => {
  it('lists the five sections in order with counts and percentages, tasks by item_order', () => {
    const sections = groupByType([
      { id: 1, type: 'policy', item_order: 4, completed: true, owner_type: 'new_hire' },
      { id: 2, type: 'form', item_order: 2, completed: false, owner_type: 'new_hire' },
      { id: 3, type: 'policy', item_order: 1, completed: false, owner_type: 'new_hire' },
      { id: 4, type: 'form', item_order: 1, completed: true, owner_type: 'new_hire' },
      { id: 5, type: 'policy', item_order: 1, completed: true, owner_type: 'new_hire' },
      { id: 6, type: 'webinar', item_order: 1, completed: true, owner_type: 'new_hire' },
    ]);
    expect(sections.map((s) => [s.type, s.completed, s.total, s.percentage])).toEqual([
      ['form', 1, 2, 50],
      ['policy', 2, 3, 67],
      ['sop', 0, 0, 0],
      ['training', 0, 0, 0],
      ['meeting', 0, 0, 0],
    ]);
    expect(sections[1]?.tasks.map((t) => t.id)).toEqual([3, 5, 1]);
  });

  it("counts the user's own tasks only, listing others' tasks about them beside", () => {
    const [forms] = groupByType([
      { id: 1, type: 'form', item_order: 1, completed: true, owner_type: 'new_hire' },
      { id: 2, type: 'form', item_order: 2, completed: false, owner_type: 'new_hire' },
      { id: 3, type: 'form', item_order: 3, completed: true, owner_type: 'manager' },
      { id: 4, type: 'form', item_order: 4, completed: false, owner_type: 'role' },
    ]);
    expect([forms?.completed, forms?.total, forms?.percentage]).toEqual([1, 2, 50]);
    expect(forms?.tasks.map((t) => t.id)).toEqual([1, 2, 3, 4]);
  });
});
