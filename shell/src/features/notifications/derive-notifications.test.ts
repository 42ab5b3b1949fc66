import { formatRelativeTime } from '@embark/shared-ui';
import { completedNotificationId, deriveNotifications, nextTaskNotificationId, type NotifiableTask } from './derive-notifications';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Local noon, so calendar-date wording never straddles midnight.
const NOW = new Date(2026, 2, 10, 12, 0, 0);
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const ACCOUNT_CREATED = ago(10 * DAY);

function task(id: number, fields: Partial<NotifiableTask> = {}): NotifiableTask {
  return { id, title: `Task ${id}`, item_order: id, completed: false, completed_at: null, dueDate: null, owner_type: 'new_hire', ...fields };
}

const done = (id: number, completedAgo: number, fields: Partial<NotifiableTask> = {}) => task(id, { completed: true, completed_at: ago(completedAgo), ...fields });

function derive(tasks: NotifiableTask[], readIds: string[] = []) {
  return deriveNotifications(tasks, { readIds: new Set(readIds), since: ACCOUNT_CREATED, now: NOW });
}

const summary = (tasks: NotifiableTask[], readIds: string[] = []) => derive(tasks, readIds).map((n) => `${n.title}: ${n.description.split(' · ')[0]}`);

describe('deriveNotifications', () => {
  it('a new hire with nothing done gets the first 3 tasks in checklist order as "Next Task"', () => {
    const tasks = [task(4, { item_order: 4 }), task(1, { item_order: 1 }), task(3, { item_order: 3 }), task(2, { item_order: 2 }), task(5, { item_order: 5 })];
    expect(summary(tasks)).toEqual(['Next Task: Task 1', 'Next Task: Task 2', 'Next Task: Task 3']);
  });

  it('orders next tasks by item_order, not by id, and by id when item_order ties', () => {
    const tasks = [task(1, { item_order: 30 }), task(2, { item_order: 10 }), task(9, { item_order: 20 }), task(3, { item_order: 20 })];
    expect(summary(tasks)).toEqual(['Next Task: Task 2', 'Next Task: Task 3', 'Next Task: Task 9']);
  });

  it('puts the most recently completed tasks first, newest first, titled "Task Completed"', () => {
    const tasks = [done(1, 3 * HOUR), done(2, 5 * MINUTE), done(3, 2 * DAY), done(4, 10 * DAY), task(5)];
    expect(summary(tasks)).toEqual(['Task Completed: You completed "Task 2".', 'Task Completed: You completed "Task 1".', 'Task Completed: You completed "Task 3".']);
  });

  it('fills up to 3 with next tasks after the completed ones', () => {
    expect(summary([done(1, HOUR), task(2), task(3), task(4)])).toEqual(['Task Completed: You completed "Task 1".', 'Next Task: Task 2', 'Next Task: Task 3']);
    expect(summary([done(1, HOUR), done(2, 2 * HOUR), task(3), task(4)])).toEqual([
      'Task Completed: You completed "Task 1".',
      'Task Completed: You completed "Task 2".',
      'Next Task: Task 3',
    ]);
  });

  it('shows fewer than 3 when there are fewer tasks, and none without tasks', () => {
    expect(summary([done(1, HOUR), task(2)])).toHaveLength(2);
    expect(derive([])).toEqual([]);
  });

  it('everything done: the 3 latest completions, no next task', () => {
    expect(summary([done(1, 4 * HOUR), done(2, 3 * HOUR), done(3, 2 * HOUR), done(4, HOUR)])).toEqual([
      'Task Completed: You completed "Task 4".',
      'Task Completed: You completed "Task 3".',
      'Task Completed: You completed "Task 2".',
    ]);
  });

  it('breaks ties of the same completion time by checklist order', () => {
    const same = 2 * HOUR;
    expect(summary([done(3, same, { item_order: 3 }), done(1, same, { item_order: 1 }), done(2, same, { item_order: 2 })])).toEqual([
      'Task Completed: You completed "Task 1".',
      'Task Completed: You completed "Task 2".',
      'Task Completed: You completed "Task 3".',
    ]);
  });

  it('leaves out a completed task without a (readable) completion time: it cannot be dated, and it is not next', () => {
    const tasks = [task(1, { completed: true, completed_at: null }), task(2, { completed: true, completed_at: 'garbage' }), task(3)];
    expect(summary(tasks)).toEqual(['Next Task: Task 3']);
  });

  it('respects a smaller maximum, and 0', () => {
    expect(deriveNotifications([done(1, HOUR), task(2)], { readIds: new Set(), now: NOW, max: 1 })).toHaveLength(1);
    expect(deriveNotifications([done(1, HOUR), task(2)], { readIds: new Set(), now: NOW, max: 0 })).toEqual([]);
  });

  it('links every notification to its task', () => {
    expect(derive([done(1, HOUR), task(2)]).map((n) => n.href)).toEqual(['/app/checklist/1', '/app/checklist/2']);
  });

  it("'Next Task' comes from the user's own open tasks only, never from a task someone else owns", () => {
    const tasks = [
      task(1, { title: 'Book your first 1:1', owner_type: 'manager' }),
      task(2, { title: 'Give the office tour', owner_type: 'buddy' }),
      task(3, { title: 'Prepare the laptop', owner_type: 'role' }),
      task(4, { title: 'Sign your contract' }),
      task(5, { title: 'Safety training' }),
    ];
    expect(summary(tasks)).toEqual(['Next Task: Sign your contract', 'Next Task: Safety training']);
  });

  it("leaves out completions of other people's tasks: the user did not complete them", () => {
    const tasks = [done(1, 5 * MINUTE, { title: 'Book your first 1:1', owner_type: 'manager' }), done(2, 2 * HOUR, { title: 'Sign your contract' }), task(3, { title: 'Safety training' })];
    expect(summary(tasks)).toEqual(['Task Completed: You completed "Sign your contract".', 'Next Task: Safety training']);
    // The next task became next at the user's own latest completion, not the manager's.
    expect(derive(tasks)[1]?.timestamp).toBe(ago(2 * HOUR));
  });

  it('a user whose checklist holds only tasks others do gets no derived notifications', () => {
    expect(derive([done(1, HOUR, { owner_type: 'manager' }), task(2, { owner_type: 'buddy' })])).toEqual([]);
  });

  it("describes a next task with the server's due wording when it has a due date", () => {
    expect(derive([task(1, { title: 'Meet your buddy', dueDate: '2026-03-11', daysUntilDue: 1 }), task(2, { title: 'No date' })]).map((n) => n.description)).toEqual([
      'Meet your buddy · Due tomorrow',
      'No date',
    ]);
  });

  it("says 'Due' before a far date, and 'Overdue' by the server's count whatever the viewer's clock", () => {
    expect(derive([task(1, { title: 'Later', dueDate: '2026-04-30', daysUntilDue: 51 }), task(2, { title: 'Late', dueDate: '2026-03-10', daysUntilDue: -1 })]).map((n) => n.description)).toEqual([
      'Later · Due Apr 30, 2026',
      'Late · Overdue by 1 day',
    ]);
  });
});

describe('timestamps', () => {
  it('a completed task is dated by its completion', () => {
    const [completed] = derive([done(1, 5 * MINUTE)]);
    expect(completed?.timestamp).toBe(ago(5 * MINUTE));
  });

  it('a next task is dated from the latest completion (when it became next), else from the account', () => {
    expect(derive([done(1, 3 * HOUR), done(2, 2 * HOUR), task(3)])[2]?.timestamp).toBe(ago(2 * HOUR));
    expect(derive([task(1)])[0]?.timestamp).toBe(ACCOUNT_CREATED);
    expect(deriveNotifications([task(1)], { readIds: new Set(), now: NOW })[0]?.timestamp).toBe(NOW.toISOString());
  });

  it.each([
    [0, 'Just now'],
    [59_999, 'Just now'],
    [MINUTE, '1m ago'],
    [HOUR - 1, '59m ago'],
    [HOUR, '1h ago'],
    [DAY - 1, '23h ago'],
    [DAY, '1d ago'],
    [7 * DAY - 1, '6d ago'],
  ])('reads as relative time in the bell: completed %p ms ago → %p', (elapsed, text) => {
    const [notification] = derive([done(1, elapsed)]);
    expect(formatRelativeTime(notification?.timestamp ?? '', NOW.getTime(), 'en-US')).toBe(text);
  });

  it('reads as the date from 7 days on', () => {
    const [notification] = derive([done(1, 7 * DAY)]);
    expect(formatRelativeTime(notification?.timestamp ?? '', NOW.getTime(), 'en-US')).toBe('Mar 3, 2026');
  });
});

describe('read state', () => {
  it('every notification is unread until its id is read', () => {
    const tasks = [done(1, HOUR), task(2), task(3)];
    expect(derive(tasks).map((n) => n.status)).toEqual(['unread', 'unread', 'unread']);
    const read = [completedNotificationId(tasks[0] as NotifiableTask), nextTaskNotificationId({ id: 3 })];
    expect(derive(tasks, read).map((n) => n.status)).toEqual(['read', 'unread', 'read']);
  });

  it('a task completed again after being set back is news again (its id carries the completion time)', () => {
    const first = done(1, 2 * DAY);
    const again = done(1, 5 * MINUTE);
    expect(derive([again], [completedNotificationId(first)])[0]?.status).toBe('unread');
    expect(completedNotificationId(first)).not.toBe(completedNotificationId(again));
  });

  it('a next task keeps its id (and so its read state) while it stays open, whatever completes around it', () => {
    const read = [nextTaskNotificationId({ id: 3 })];
    expect(derive([task(2), task(3)], read)[1]).toMatchObject({ id: 'next:3', status: 'read' });
    expect(derive([done(2, MINUTE), task(3)], read)[1]).toMatchObject({ id: 'next:3', status: 'read' });
  });

  it('ids are unique within a list', () => {
    const ids = derive([done(1, HOUR), task(2), task(3)]).map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
