import { formatLongDate, formatStartDate, summariseProfile } from './profile-summary';
import { profileOverview } from './profile-test-data';

describe('summariseProfile', () => {
  it('counts tasks and rounds the percentage like the gateway', () => {
    expect(summariseProfile(profileOverview({ total: 3, completed: 1 }))).toMatchObject({ total: 3, completed: 1, remaining: 2, percent: 33, isComplete: false, completedAt: null });
    expect(summariseProfile(profileOverview({ total: 8, completed: 0 }))).toMatchObject({ percent: 0, isComplete: false });
  });

  it('100 % and complete only when every task is done', () => {
    expect(summariseProfile(profileOverview({ total: 200, completed: 199 }))).toMatchObject({ percent: 99, isComplete: false });
    expect(summariseProfile(profileOverview({ total: 2, completed: 2 }))).toMatchObject({ percent: 100, isComplete: true });
    expect(summariseProfile(profileOverview({ total: 0, completed: 0 }))).toMatchObject({ percent: 0, isComplete: false });
  });

  it("counts the hire's own tasks only: the manager's tasks neither lower the percentage nor hold back completion", () => {
    const data = profileOverview({ total: 2, completed: 2, managerTasks: [{ completed: false }, { completed: true, completed_at: '2026-03-25T09:00:00.000Z' }] });
    expect(data.myChecklist).toHaveLength(4);
    expect(summariseProfile(data)).toMatchObject({ total: 2, completed: 2, remaining: 0, percent: 100, isComplete: true });
    expect(summariseProfile(profileOverview({ total: 4, completed: 1, managerTasks: [{ completed: true, completed_at: '2026-03-25T09:00:00.000Z' }] }))).toMatchObject({
      total: 4,
      completed: 1,
      remaining: 3,
      percent: 25,
      isComplete: false,
    });
  });

  it("the completion date is the hire's last own completion, not a later one by the manager", () => {
    const data = profileOverview({ total: 2, completed: 2, completedAt: ['2026-03-10T10:00:00.000Z', '2026-03-12T08:00:00.000Z'], managerTasks: [{ completed: true, completed_at: '2026-03-25T09:00:00.000Z' }] });
    expect(summariseProfile(data).completedAt).toBe('2026-03-12T08:00:00.000Z');
  });

  it('only tasks others own: nothing to complete, no certificate', () => {
    expect(summariseProfile(profileOverview({ total: 0, completed: 0, managerTasks: [{ completed: true, completed_at: '2026-03-25T09:00:00.000Z' }] }))).toMatchObject({ total: 0, percent: 0, isComplete: false, completedAt: null });
  });

  it('the completion date is the latest completion time, ignoring unreadable ones', () => {
    const data = profileOverview({ total: 3, completed: 3, completedAt: ['2026-03-10T10:00:00.000Z', 'garbage', '2026-03-12T08:00:00.000Z'] });
    expect(summariseProfile(data).completedAt).toBe('2026-03-12T08:00:00.000Z');
  });

  it("names the user's role, and 'Front-Line Staff' when it is unknown", () => {
    expect(summariseProfile(profileOverview({ total: 1, completed: 0, roleId: 2 })).roleName).toBe('Manager');
    expect(summariseProfile(profileOverview({ total: 1, completed: 0, roleId: 9 })).roleName).toBe('Front-Line Staff');
  });

  it('keeps a readable start date only', () => {
    expect(summariseProfile(profileOverview({ total: 1, completed: 0 })).startDate).toBe('2026-03-02');
    const data = profileOverview({ total: 1, completed: 0 });
    data.me.start_date = 'soon';
    expect(summariseProfile(data).startDate).toBeNull();
  });
});

describe('date formats', () => {
  it('start date as a short date, or a dash', () => {
    expect(formatStartDate('2026-03-02', 'en-US')).toBe('Mar 2, 2026');
    expect(formatStartDate(null, 'en-US')).toBe('—');
  });

  it('certificate dates written out', () => {
    expect(formatLongDate(new Date(2026, 2, 18), 'en-US')).toBe('March 18, 2026');
  });
});
