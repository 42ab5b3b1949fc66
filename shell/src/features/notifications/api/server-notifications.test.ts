import { serverIdOf, serverNotificationKey, toNotificationsPage, toPortalNotification } from './server-notifications';

const entry = { id: 3, type: 'escalation', title: 'A task is overdue', body: 'Book the 1:1 for Hana', link: '/app/team', created_at: '2026-02-02T09:00:00.000Z', read_at: null };

describe('server notifications', () => {
  it('reads a page, leaving out entries the bell could not show, and counts unread ones when the server does not', () => {
    expect(toNotificationsPage({ data: [entry, { id: 'x' }, null], unread: 4 })).toEqual({ data: [entry], unread: 4 });
    expect(toNotificationsPage({ data: [entry, { ...entry, id: 4, read_at: '2026-02-03T09:00:00.000Z', body: null, link: '' }] })).toEqual({
      data: [entry, { ...entry, id: 4, read_at: '2026-02-03T09:00:00.000Z', body: '', link: null }],
      unread: 1,
    });
    expect(() => toNotificationsPage({ error: 'Not found' })).toThrow('without notifications');
  });

  it('shows one as a bell notification with an id of its own', () => {
    expect(toPortalNotification(entry)).toEqual({
      id: 'server:3',
      title: 'A task is overdue',
      description: 'Book the 1:1 for Hana',
      timestamp: '2026-02-02T09:00:00.000Z',
      status: 'unread',
      href: '/app/team',
    });
    expect(toPortalNotification({ ...entry, read_at: '2026-02-03T09:00:00.000Z', link: null })).not.toHaveProperty('href');
    expect(toPortalNotification({ ...entry, link: '//example.org/x' })).not.toHaveProperty('href');
    expect(serverIdOf(serverNotificationKey(3))).toBe(3);
    expect(serverIdOf('next:3')).toBeNull();
    expect(serverIdOf('server:abc')).toBeNull();
    expect(serverIdOf('server:')).toBeNull();
  });
});
