import {
  compareUpcoming,
  completionPercentage,
  completionRate,
  completionStats,
  DATE_MEMO_MAX,
  daysBetween,
  DEFAULT_ESTIMATED_TIME,
  estimatedTime,
  hoursUntilDue,
  isOverdue,
  ownerLabel,
  startOfDayMs,
  taskRoute,
  urgencyLevel,
  type SortableTask,
} from '../checklist.rules';

describe('checklist rules', () => {
  describe('estimatedTime', () => {
    it.each([
      ['form', '5-10 minutes'],
      ['policy', '10-15 minutes'],
      ['sop', '15-20 minutes'],
      ['training', '20-30 minutes'],
      ['meeting', '30-60 minutes'],
      ['something-else', '10-15 minutes'],
      ['', '10-15 minutes'],
      ['constructor', '10-15 minutes'],
    ])('%s → %s', (type, estimate) => {
      expect(estimatedTime(type)).toBe(estimate);
    });

    it('defaults to 10-15 minutes', () => {
      expect(DEFAULT_ESTIMATED_TIME).toBe('10-15 minutes');
    });
  });

  describe('completionPercentage = round(100 × done / total)', () => {
    it.each([
      [0, 0, 0],
      [0, 5, 0],
      [1, 3, 33],
      [2, 3, 67],
      [1, 8, 13], // 12.5 rounds up
      [3, 8, 38], // 37.5 rounds up
      [1, 200, 1], // 0.5 rounds up
      [199, 200, 100], // 99.5 rounds up
      [5, 5, 100],
      [14, 14, 100],
    ])('%i of %i → %i', (done, total, pct) => {
      expect(completionPercentage(done, total)).toBe(pct);
    });
  });

  describe('completionRate: the percentage, or null when nothing is assigned', () => {
    it.each([
      [0, 0, null],
      [0, 4, 0],
      [6, 15, 40],
      [1, 8, 13],
      [15, 15, 100],
    ])('%i of %i → %p', (done, total, rate) => {
      expect(completionRate(done, total)).toBe(rate);
    });
  });

  describe('dates (calendar dates)', () => {
    it('a day begins at midnight in the company time zone', () => {
      expect(new Date(startOfDayMs('2025-03-10', 'UTC')).toISOString()).toBe('2025-03-10T00:00:00.000Z');
      expect(new Date(startOfDayMs('2025-03-10', 'Pacific/Auckland')).toISOString()).toBe('2025-03-09T11:00:00.000Z');
      expect(new Date(startOfDayMs('2025-03-10', 'America/Los_Angeles')).toISOString()).toBe('2025-03-10T07:00:00.000Z');
      // Daylight saving starts in Berlin on 2025-03-30 (at 02:00): that day still begins at 00:00 CET.
      expect(new Date(startOfDayMs('2025-03-30', 'Europe/Berlin')).toISOString()).toBe('2025-03-29T23:00:00.000Z');
      expect(new Date(startOfDayMs('2025-03-31', 'Europe/Berlin')).toISOString()).toBe('2025-03-30T22:00:00.000Z');
    });

    it('a day whose midnight the clocks skip begins where they jump to, west or east of UTC', () => {
      // Santiago springs forward at midnight (00:00 -04 → 01:00 -03): the day begins at 01:00 local, not on the day before.
      expect(new Date(startOfDayMs('2024-09-08', 'America/Santiago')).toISOString()).toBe('2024-09-08T04:00:00.000Z');
      expect(new Date(startOfDayMs('2024-09-09', 'America/Santiago')).toISOString()).toBe('2024-09-09T03:00:00.000Z');
      // Beirut does the same at +02 → +03.
      expect(new Date(startOfDayMs('2024-03-31', 'Asia/Beirut')).toISOString()).toBe('2024-03-30T22:00:00.000Z');
    });

    it('counts whole days between dates', () => {
      expect(daysBetween('2025-03-10', '2025-03-10')).toBe(0);
      expect(daysBetween('2025-03-01', '2025-03-10')).toBe(9);
      expect(daysBetween('2025-03-10', '2025-03-01')).toBe(-9);
      expect(daysBetween('2024-12-31', '2025-01-01')).toBe(1);
    });

    it('rejects things that are not calendar dates', () => {
      expect(() => daysBetween('2025-02-30', '2025-03-01')).toThrow(/calendar date/);
      expect(() => daysBetween('2025-03-10', '10/03/2025')).toThrow(/YYYY-MM-DD/);
    });

    it('keeps its answers right, and refusals refused, after more dates than it remembers', () => {
      const berlinDst = () => [startOfDayMs('2025-03-30', 'Europe/Berlin'), startOfDayMs('2025-03-31', 'Europe/Berlin'), hoursUntilDue('2025-03-30', new Date('2025-03-29T23:00:00Z'), 'Europe/Berlin')];
      const before = berlinDst();
      expect(before.map((v, i) => (i < 2 ? new Date(v).toISOString() : v))).toEqual(['2025-03-29T23:00:00.000Z', '2025-03-30T22:00:00.000Z', 23]);
      expect(() => daysBetween('2025-02-30', '2025-03-01')).toThrow(/calendar date/);
      // Twice as many days as a memo holds, in three zones: each answer checked against what the
      // zone's offset allows, so a memo that mixed up dates or zones would show.
      const first = Date.UTC(2000, 0, 1);
      const now = new Date(first);
      const days = Array.from({ length: 2 * DATE_MEMO_MAX }, (_, k) => new Date(first + k * 86_400_000).toISOString().slice(0, 10));
      const answers = (order: string[]) => order.map((date) => ({ date, utc: hoursUntilDue(date, now, 'UTC'), auckland: hoursUntilDue(date, now, 'Pacific/Auckland'), losAngeles: hoursUntilDue(date, now, 'America/Los_Angeles') }));
      const forwards = answers(days);
      forwards.forEach(({ date, utc, auckland, losAngeles }, k) => {
        expect(daysBetween('2000-01-01', date)).toBe(k);
        expect(utc).toBe(24 * (k + 1));
        expect([12, 13]).toContain(utc - auckland);
        expect([7, 8]).toContain(losAngeles - utc);
      });
      // Backwards: the newest answers come from the memo, the oldest are worked out again.
      expect(answers([...days].reverse()).reverse()).toEqual(forwards);
      expect(berlinDst()).toEqual(before);
      expect(() => daysBetween('2025-02-30', '2025-03-01')).toThrow(/calendar date/);
    });
  });

  describe('isOverdue: not completed and due before today', () => {
    it.each([
      ['2025-03-09', false, '2025-03-10', true],
      ['2025-03-10', false, '2025-03-10', false],
      ['2025-03-11', false, '2025-03-10', false],
      ['2025-03-09', true, '2025-03-10', false],
    ])('due %s, completed %s, today %s → %s', (due, completed, today, expected) => {
      expect(isOverdue(due, completed, today)).toBe(expected);
    });
  });

  describe('urgencyLevel: a task is due by the end of its due date (UTC by default, else the company time zone)', () => {
    const due = '2025-03-10'; // deadline 2025-03-11T00:00:00Z
    const hoursBefore = (h: number) => new Date(Date.parse('2025-03-11T00:00:00Z') - h * 3_600_000);

    it('counts hours to the end of the due date', () => {
      expect(hoursUntilDue(due, new Date('2025-03-10T00:00:00Z'))).toBe(24);
      expect(hoursUntilDue(due, new Date('2025-03-10T18:00:00Z'))).toBe(6);
      expect(hoursUntilDue(due, new Date('2025-03-11T06:00:00Z'))).toBe(-6);
    });

    it.each([
      // [hours before the deadline, priority, level]
      [-48, 'high', 'overdue'],
      [0, 'low', 'overdue'], // the deadline itself: the due date is over
      [0.001, 'low', 'urgent'],
      [23.999, 'low', 'urgent'],
      [24, 'high', 'high'], // 24 h is no longer "under 24 h"
      [24, 'medium', 'medium'],
      [24, 'low', 'medium'],
      [71.999, 'high', 'high'],
      [72, 'high', 'medium'],
      [71.999, 'medium', 'medium'],
      [167.999, 'high', 'medium'],
      [167.999, 'low', 'medium'],
      [168, 'high', 'low'],
      [168, 'low', 'low'],
      [1000, 'high', 'low'],
    ])('%f h before, %s priority → %s', (hours, priority, level) => {
      expect(urgencyLevel(due, priority, hoursBefore(hours))).toBe(level);
    });

    it('agrees with isOverdue at midnight (the company today at these instants in UTC)', () => {
      const now = new Date('2025-03-11T00:00:00Z');
      expect(isOverdue(due, false, '2025-03-11')).toBe(true);
      expect(urgencyLevel(due, 'low', now)).toBe('overdue');
      const justBefore = new Date('2025-03-10T23:59:59.999Z');
      expect(isOverdue(due, false, '2025-03-10')).toBe(false);
      expect(urgencyLevel(due, 'low', justBefore)).toBe('urgent');
    });

    it('counts to midnight in the company time zone', () => {
      // The end of 2025-03-10 in Auckland (UTC+13) is 2025-03-10T11:00Z; in Los Angeles (UTC-7) 2025-03-11T07:00Z.
      expect(hoursUntilDue(due, new Date('2025-03-10T10:00:00Z'), 'Pacific/Auckland')).toBe(1);
      expect(urgencyLevel(due, 'low', new Date('2025-03-10T11:00:00Z'), 'Pacific/Auckland')).toBe('overdue');
      expect(hoursUntilDue(due, new Date('2025-03-11T06:00:00Z'), 'America/Los_Angeles')).toBe(1);
      expect(urgencyLevel(due, 'low', new Date('2025-03-11T06:00:00Z'), 'America/Los_Angeles')).toBe('urgent');
    });
  });

  describe('completionStats', () => {
    const own = { owner_type: 'new_hire' } as const;
    it('counts completed, pending and overdue tasks', () => {
      const stats = completionStats([
        { completed: true, isOverdue: false, ...own },
        { completed: true, isOverdue: false, ...own },
        { completed: false, isOverdue: true, ...own },
        { completed: false, isOverdue: false, ...own },
        { completed: false, isOverdue: true, ...own },
        { completed: false, isOverdue: false, ...own },
      ]);
      expect(stats).toEqual({ completed: 2, total: 6, pending: 4, overdue: 2, completionPercentage: 33, isComplete: false, othersCompleted: 0, othersTotal: 0 });
    });

    it('is complete only when there is at least one task and all are done', () => {
      expect(completionStats([{ completed: true, isOverdue: false, ...own }]).isComplete).toBe(true);
      expect(completionStats([])).toEqual({ completed: 0, total: 0, pending: 0, overdue: 0, completionPercentage: 0, isComplete: false, othersCompleted: 0, othersTotal: 0 });
    });

    it("counts only the user's own tasks; the others' tasks about them go to othersCompleted/othersTotal", () => {
      const stats = completionStats([
        { completed: true, isOverdue: false, ...own },
        { completed: false, isOverdue: false, ...own },
        { completed: true, isOverdue: false, owner_type: 'manager' },
        { completed: false, isOverdue: true, owner_type: 'buddy' },
        { completed: true, isOverdue: false, owner_type: 'role' },
      ]);
      expect(stats).toEqual({ completed: 1, total: 2, pending: 1, overdue: 0, completionPercentage: 50, isComplete: false, othersCompleted: 2, othersTotal: 3 });
      // Done with their own tasks, the user is complete whatever the others still owe.
      expect(completionStats([{ completed: true, isOverdue: false, ...own }, { completed: false, isOverdue: true, owner_type: 'manager' }]).isComplete).toBe(true);
    });
  });

  describe('ownerLabel', () => {
    it("names the owner as the hire reads it", () => {
      expect(ownerLabel('new_hire', null)).toBe('You');
      expect(ownerLabel('manager', null)).toBe('Your manager');
      expect(ownerLabel('buddy', null)).toBe('Your buddy');
      expect(ownerLabel('role', 'IT')).toBe('The IT team');
    });
  });

  it('orders upcoming tasks: overdue first, then due date, item_order, id', () => {
    const tasks: SortableTask[] = [
      { id: 1, dueDate: '2025-03-12', item_order: 1, isOverdue: false },
      { id: 2, dueDate: '2025-03-11', item_order: 9, isOverdue: false },
      { id: 3, dueDate: '2025-03-11', item_order: 2, isOverdue: false },
      { id: 4, dueDate: '2025-03-05', item_order: 5, isOverdue: true },
      { id: 5, dueDate: '2025-03-11', item_order: 2, isOverdue: false },
      { id: 6, dueDate: '2025-03-01', item_order: 5, isOverdue: true },
    ];
    expect([...tasks].sort(compareUpcoming).map((t) => t.id)).toEqual([6, 4, 3, 5, 2, 1]);
  });

  it('routes a task to its page', () => {
    expect(taskRoute(42)).toBe('/app/checklist/42');
  });
});
