import request from 'supertest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { bearer, createUser, deleteUsers, gql, tokenFor, type TestUser } from '../../../../test/auth';

/*
 * Notifications as records over both doors: the list (newest first, the
 * unread count), marking one or all read, another user's notification
 * answering 404 like an unknown id, the digest preference, and notify()
 * writing the notification and its mail in the caller's transaction.
 */

describe('notifications: REST and GraphQL', () => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  let token: string;
  let otherToken: string;
  let roleId: number;

  /** Adds a notification for `userId` through the module's own API, as another module would. */
  async function notify(userId: number, title: string, mail = false): Promise<number> {
    const n = await t.dataSource.transaction((manager) =>
      t.handle.services.notifications.notify(manager, {
        userId,
        type: 'checklist_changed',
        title,
        body: 'Your role changed to Engineer: 4 new tasks.',
        link: '/app/checklist',
        ...(mail ? { mail: {} } : {}),
      }),
    );
    return n.id;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    // A role without tasks: no reminder run elsewhere in the suite adds a digest to these lists.
    const [role] = (await t.dataSource.query(`insert into roles (name) values ('Notifications ' || md5(random()::text)) returning id`)) as Array<{ id: number }>;
    roleId = (role as { id: number }).id;
    user = await createUser(t.dataSource, { name: 'Nora Notified', roleId });
    other = await createUser(t.dataSource, { roleId });
    token = await tokenFor(t.dataSource, user.id);
    otherToken = await tokenFor(t.dataSource, other.id);
  });

  afterAll(async () => {
    await deleteUsers(t.dataSource, [user.id, other.id]);
    await t.dataSource.query('delete from roles where id = $1', [roleId]);
    await t.close();
  });

  it('lists the caller\'s notifications newest first with the unread count, and nobody else\'s', async () => {
    const first = await notify(user.id, 'First');
    const second = await notify(user.id, 'Second');
    await notify(other.id, 'Not yours');
    const res = await request(t.app).get('/api/notifications').set(bearer(token)).expect(200);
    expect(res.body.unread).toBe(2);
    expect(res.body.data.map((n: { id: number }) => n.id)).toEqual([second, first]);
    expect(res.body.data[0]).toEqual({
      id: second,
      type: 'checklist_changed',
      title: 'Second',
      body: 'Your role changed to Engineer: 4 new tasks.',
      link: '/app/checklist',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      read_at: null,
    });
    await request(t.app).get('/api/notifications').expect(401);
  });

  it('marks one read (twice keeps the first time); another user\'s or an unknown one answers 404', async () => {
    const id = await notify(user.id, 'Read me');
    const read = await request(t.app).post(`/api/notifications/${id}/read`).set(bearer(token)).expect(200);
    expect(read.body).toMatchObject({ id, title: 'Read me', read_at: expect.any(String) });
    const again = await request(t.app).post(`/api/notifications/${id}/read`).set(bearer(token)).expect(200);
    expect(again.body.read_at).toBe(read.body.read_at);

    await request(t.app).post(`/api/notifications/${id}/read`).set(bearer(otherToken)).expect(404, { error: 'Notification not found' });
    await request(t.app).post('/api/notifications/2147483647/read').set(bearer(token)).expect(404, { error: 'Notification not found' });
    const malformed = await request(t.app).post('/api/notifications/abc/read').set(bearer(token)).expect(400);
    expect(malformed.body.details).toEqual(['Notification id must be a positive whole number']);
  });

  it('marks all read and says how many were unread', async () => {
    await notify(user.id, 'One');
    await notify(user.id, 'Two');
    const { body: before } = await request(t.app).get('/api/notifications').set(bearer(token)).expect(200);
    const res = await request(t.app).post('/api/notifications/read-all').set(bearer(token)).expect(200);
    expect(res.body).toEqual({ updated: before.unread });
    expect((await request(t.app).get('/api/notifications').set(bearer(token)).expect(200)).body.unread).toBe(0);
    await request(t.app).post('/api/notifications/read-all').set(bearer(token)).expect(200, { updated: 0 });
    // The other user's stay unread.
    expect((await request(t.app).get('/api/notifications').set(bearer(otherToken)).expect(200)).body.unread).toBeGreaterThan(0);
  });

  it('keeps the digest preference: on by default, off and on again; anything but a boolean is refused', async () => {
    await request(t.app).get('/api/notifications/preferences').set(bearer(token)).expect(200, { digest: true });
    await request(t.app).put('/api/notifications/preferences').set(bearer(token)).send({ digest: false }).expect(200, { digest: false });
    await request(t.app).get('/api/notifications/preferences').set(bearer(token)).expect(200, { digest: false });
    await request(t.app).get('/api/notifications/preferences').set(bearer(otherToken)).expect(200, { digest: true });
    const bad = await request(t.app).put('/api/notifications/preferences').set(bearer(token)).send({ digest: 'no' }).expect(400);
    expect(bad.body.details).toContain('digest must be true or false');
    await request(t.app).put('/api/notifications/preferences').set(bearer(token)).send({ digest: true }).expect(200, { digest: true });
  });

  it('serves the same over GraphQL', async () => {
    const id = await notify(user.id, 'Over GraphQL');
    const list = await gql(t, '{ myNotifications { unread data { id type title body link created_at read_at } } }', {}, { token }).expect(200);
    expect(list.body.data.myNotifications.data[0]).toMatchObject({ id, title: 'Over GraphQL', read_at: null });
    const read = await gql(t, 'mutation ($id: Int!) { markNotificationRead(id: $id) { id read_at } }', { id }, { token }).expect(200);
    expect(read.body.data.markNotificationRead.read_at).toEqual(expect.any(String));
    const foreign = await gql(t, 'mutation ($id: Int!) { markNotificationRead(id: $id) { id } }', { id }, { token: otherToken }).expect(200);
    expect(foreign.body.errors[0]).toMatchObject({ message: 'Notification not found', extensions: { code: 'NOT_FOUND' } });
    await notify(user.id, 'Unread');
    const all = await gql(t, 'mutation { markAllNotificationsRead }', {}, { token }).expect(200);
    expect(all.body.data.markAllNotificationsRead).toBe(1);
    const prefs = await gql(t, 'mutation { updateNotificationPreferences(digest: false) { digest } }', {}, { token }).expect(200);
    expect(prefs.body.data.updateNotificationPreferences).toEqual({ digest: false });
    const readBack = await gql(t, '{ notificationPreferences { digest } }', {}, { token }).expect(200);
    expect(readBack.body.data.notificationPreferences).toEqual({ digest: false });
    await gql(t, 'mutation { updateNotificationPreferences(digest: true) { digest } }', {}, { token }).expect(200);
  });

  it('notify() with mail queues the mail in the same transaction, carrying the preferences link', async () => {
    await notify(user.id, 'Your checklist changed', true);
    const [mail] = (await t.dataSource.query("select subject, text, html from mail_outbox where to_address = $1 and kind = 'checklist-changed'", [user.email])) as Array<{ subject: string; text: string; html: string }>;
    expect(mail?.subject).toBe('Your checklist changed');
    expect(mail?.text).toContain('Hello Nora Notified,');
    expect(mail?.text).toContain('Your role changed to Engineer: 4 new tasks.');
    expect(mail?.text).toContain('Open your checklist: http://localhost:3000/app/checklist');
    expect(mail?.text).toContain('Notification preferences: http://localhost:3000/app/profile/notifications');

    // Rolled back with the caller: neither the notification nor the mail stays.
    await expect(
      t.dataSource.transaction(async (manager) => {
        await t.handle.services.notifications.notify(manager, { userId: other.id, type: 'checklist_changed', title: 'Rolled back', body: '', link: null, mail: {} });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await t.dataSource.query("select 1 from notifications where title = 'Rolled back'")).toEqual([]);
    expect(await t.dataSource.query("select 1 from mail_outbox where to_address = $1 and kind = 'checklist-changed'", [other.email])).toEqual([]);
  });
});
