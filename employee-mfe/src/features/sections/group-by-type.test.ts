import { groupByType } from './group-by-type';

describe('groupByType', () => {
  it('lists the five sections in order with counts and percentages, tasks by item_order', () => {
    const sections = groupByType([
      { id: 1, type: 'policy', item_order: 4, completed: true },
      { id: 2, type: 'form', item_order: 2, completed: false },
      { id: 3, type: 'policy', item_order: 1, completed: false },
      { id: 4, type: 'form', item_order: 1, completed: true },
      { id: 5, type: 'policy', item_order: 1, completed: true },
      { id: 6, type: 'webinar', item_order: 1, completed: true },
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
});
