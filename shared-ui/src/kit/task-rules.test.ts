import { progressTone } from './constants';
import { notifySessionEnded } from './auth-session';
import { DASHBOARD_TEXT, TASK_WORDING } from './messages';
import {
  completionMilestone,
  completionPercentage,
  completionWording,
  createCompletionMilestone,
  dashboardProgressStatus,
  displayStatus,
  displayStatusTone,
  dueWording,
  guidanceMessage,
  isOwnTask,
  parseCalendarDate,
  showTrendIcon,
  taskUrgency,
  type TaskUrgency,
} from './task-rules';

// A fixed local "now": Wednesday 12 March 2025, 10:30 in the test's own time zone. Days left are the
// server's; the calendar dates relative to NOW are only what a far due date shows.
const NOW = new Date(2025, 2, 12, 10, 30, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The calendar date `days` from NOW as `YYYY-MM-DD`. */
function dateIn(days: number): string {
  const d = new Date(NOW.getFullYear(), NOW.getMonth(), NOW.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

describe('parseCalendarDate', () => {
  it('reads YYYY-MM-DD (and the date part of a timestamp) as a local calendar date, for display', () => {
    expect(parseCalendarDate('2025-03-14')?.getTime()).toBe(new Date(2025, 2, 14).getTime());
    expect(parseCalendarDate('2025-03-14T23:00:00.000Z')?.getTime()).toBe(new Date(2025, 2, 14).getTime());
  });

  it.each([null, undefined, '', 'soon', '2025-02-31', '2025-13-01'])('has no date for %p', (value) => {
    expect(parseCalendarDate(value)).toBeNull();
  });
});

describe('taskUrgency', () => {
  it.each<[string, number | null, TaskUrgency]>([
    ['8 days ago', -8, 'overdue'],
    ['yesterday', -1, 'overdue'],
    ['today (0 days)', 0, 'due-today'],
    ['tomorrow (1 day)', 1, 'due-soon'],
    ['in 2 days', 2, 'due-soon'],
    ['in 3 days', 3, 'due-week'],
    ['in 7 days', 7, 'due-week'],
    ['in 8 days', 8, 'future'],
    ['no due date', null, 'none'],
  ])('an open task due %s (the server\'s days left) is %s', (_label, days, expected) => {
    expect(taskUrgency({ completed: false, daysUntilDue: days })).toBe(expected);
  });

  it('a completed task is completed, even when its due date has passed or is missing', () => {
    expect(taskUrgency({ completed: true, daysUntilDue: -5 })).toBe('completed');
    expect(taskUrgency({ completed: true, daysUntilDue: null })).toBe('completed');
  });

  it("follows the server's days left, never the viewer's clock or time zone", () => {
    // The server's today is already the day after the due date (UTC) while the viewer's local date is still the due date.
    expect(taskUrgency({ completed: false, daysUntilDue: -1 })).toBe('overdue');
  });
});

describe('displayStatus', () => {
  it.each<[TaskUrgency, string, string]>([
    ['completed', 'Completed', 'success'],
    ['overdue', 'Overdue', 'danger'],
    ['due-today', 'Due Today', 'warning'],
    ['due-soon', 'Due Soon', 'info'],
    ['due-week', 'Pending', 'neutral'],
    ['future', 'Pending', 'neutral'],
    ['none', 'Pending', 'neutral'],
  ])('%s → %s', (urgency, label, tone) => {
    expect(displayStatus(urgency)).toBe(label);
    expect(displayStatusTone(urgency)).toBe(tone);
  });
});

describe('dueWording', () => {
  it.each([
    [-8, 'Overdue by 8 days'],
    [-2, 'Overdue by 2 days'],
    [-1, 'Overdue by 1 day'],
    [0, 'Due today'],
    [1, 'Due tomorrow'],
    [2, 'Due in 2 days'],
    [7, 'Due in 7 days'],
    [8, 'Mar 20, 2025'],
  ])('due in %i days → %s', (days, expected) => {
    expect(dueWording({ dueDate: dateIn(days), daysUntilDue: days }, 'en-US')).toBe(expected);
  });

  it('is empty without a due date', () => {
    expect(dueWording({ dueDate: null, daysUntilDue: null })).toBe('');
    expect(dueWording({})).toBe('');
  });
});

describe('completionWording', () => {
  const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
  it.each([
    [0, 'Completed just now'],
    [-5 * MINUTE, 'Completed just now'],
    [59_999, 'Completed just now'],
    [MINUTE, 'Completed 1 minute ago'],
    [59 * MINUTE, 'Completed 59 minutes ago'],
    [HOUR, 'Completed 1 hour ago'],
    [23 * HOUR + 59 * MINUTE, 'Completed 23 hours ago'],
    [DAY, 'Completed 1 day ago'],
    [2 * DAY, 'Completed 2 days ago'],
    [7 * DAY - 1, 'Completed 6 days ago'],
    [7 * DAY, 'Completed on Mar 5, 2025'],
    [8 * DAY, 'Completed on Mar 4, 2025'],
  ])('%i ms ago → %s', (elapsed, expected) => {
    expect(completionWording(ago(elapsed), NOW, 'en-US')).toBe(expected);
  });

  it('is empty without a (valid) completion time', () => {
    expect(completionWording(null, NOW)).toBe('');
    expect(completionWording('not a date', NOW)).toBe('');
  });
});

describe('progress rules', () => {
  it.each([
    [0, 'not-started'],
    [1, 'in-progress'],
    [50, 'in-progress'],
    [99, 'in-progress'],
    [100, 'completed'],
  ])('dashboard progress status at %i%% is %s', (percent, expected) => {
    expect(dashboardProgressStatus(percent)).toBe(expected);
  });

  it.each([
    [0, 'danger'],
    [49, 'danger'],
    [50, 'warning'],
    [74, 'warning'],
    [75, 'good'],
    [99, 'good'],
    [100, 'complete'],
    [120, 'complete'],
  ])('progress colour at %i%% is %s', (percent, expected) => {
    expect(progressTone(percent)).toBe(expected);
  });

  it.each([
    [0, false],
    [5, false],
    [6, true],
    [20, true],
  ])('trend icon with %i completed: %s', (completed, expected) => {
    expect(showTrendIcon(completed)).toBe(expected);
  });

  it.each([
    [0, 0, 0],
    [0, 10, 0],
    [1, 3, 33],
    [2, 3, 67],
    [1, 2, 50],
    [199, 200, 100],
    [10, 10, 100],
  ])('completion percentage of %i/%i is %i', (completed, total, expected) => {
    expect(completionPercentage(completed, total)).toBe(expected);
  });
});

describe('guidanceMessage', () => {
  const at = (completionPercentage: number, completedTasks: number, totalTasks: number) =>
    guidanceMessage({ completionPercentage, completedTasks, totalTasks });

  it('100 with everything done', () => {
    expect(at(100, 8, 8)).toBe("Congratulations! You've completed your orientation!");
  });
  it('0 (also with no tasks at all)', () => {
    expect(at(0, 0, 8)).toBe("Welcome! Let's get started with your orientation journey.");
    expect(at(0, 0, 0)).toBe("Welcome! Let's get started with your orientation journey.");
  });
  it('under 25: great start with the completed count', () => {
    expect(at(13, 1, 8)).toBe("Great start! You've completed 1 task. Keep up the momentum!");
    expect(at(24, 6, 25)).toBe("Great start! You've completed 6 tasks. Keep up the momentum!");
  });
  it('25 to 49: excellent progress with the remaining count', () => {
    expect(at(25, 2, 8)).toBe("You're making excellent progress! Only 6 tasks remaining.");
    expect(at(49, 49, 100)).toContain('excellent progress');
    expect(at(49, 49, 100)).toContain('51 tasks remaining');
  });
  it('50 to 74: more than halfway there', () => {
    expect(at(50, 4, 8)).toBe('More than halfway there! Just 4 tasks to go.');
    expect(at(74, 74, 100)).toBe('More than halfway there! Just 26 tasks to go.');
  });
  it('75 and above: almost finished (a rounded 100 with one task open too)', () => {
    expect(at(75, 6, 8)).toBe('Almost finished! Only 2 tasks left to complete your orientation.');
    expect(at(99, 99, 100)).toBe('Almost finished! Only 1 task left to complete your orientation.');
    expect(at(100, 199, 200)).toBe('Almost finished! Only 1 task left to complete your orientation.');
  });
});

describe('completion milestone (reaching 100 from below)', () => {
  it('fires once when the percentage reaches 100 from below, never on a first value of 100', () => {
    const milestone = createCompletionMilestone();
    expect(milestone.observe(100)).toBe(false);
    expect(milestone.observe(100)).toBe(false);
    expect(milestone.observe(88)).toBe(false);
    expect(milestone.observe(100)).toBe(true);
    expect(milestone.observe(100)).toBe(false);
  });

  it('starts over after reset', () => {
    const milestone = createCompletionMilestone();
    milestone.observe(50);
    milestone.reset();
    expect(milestone.observe(100)).toBe(false);
  });

  it('the shared milestone forgets the last value when the session ends', () => {
    completionMilestone().observe(90);
    notifySessionEnded();
    expect(completionMilestone().observe(100)).toBe(false);
    expect(completionMilestone()).toBe(completionMilestone());
  });
});

describe("others' tasks about the user", () => {
  it("counts only the user's own tasks as theirs", () => {
    expect(isOwnTask({ owner_type: 'new_hire' })).toBe(true);
    expect(['manager', 'buddy', 'role'].map((owner_type) => isOwnTask({ owner_type }))).toEqual([false, false, false]);
  });

  it('words who does a task, and how many of them are done', () => {
    expect(TASK_WORDING.owner('Your manager', 'Dana Lee')).toBe('Your manager (Dana Lee)');
    expect(TASK_WORDING.owner('The IT team', null)).toBe('The IT team');
    expect(TASK_WORDING.byYourTeam(3, 5)).toBe('3 of 5 tasks by your team done');
    expect(TASK_WORDING.byYourTeam(0, 1)).toBe('0 of 1 task by your team done');
  });

  it('words the days before the start date', () => {
    expect([5, 1, 0].map(DASHBOARD_TEXT.startsIn)).toEqual(['Starts in 5 days', 'Starts tomorrow', 'Starts today']);
  });
});
