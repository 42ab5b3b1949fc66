import crypto from 'node:crypto';
import { PassThrough } from 'node:stream';
import { Client } from 'pg';
import request from 'supertest';
import { runMigrations } from '../../../db/data-source';
import { createLogger } from '../../../shared/logger';
import { run as runCommand } from '../../../cli/jobs-reminders';
import { companyDay } from '../../checklist';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { bearer, createUser, tokenFor, type TestUser } from '../../../../test/auth';
import { fixedClock } from '../../../../test/checklist';
import { createScratchDatabase } from '../../../../test/database';
import { startSource } from '../../../../test/gateway-process';
import { inboxOf, startMailDev, startMailPipeline, stopMailDev, waitFor, type MailDevProcess, type MailPipeline } from '../../../../test/maildev';

/*
 * The daily reminder job on real parts: PostgreSQL, the outbox, pg-boss, the
 * mail worker and MailDev. A database of its own: the job reads every user,
 * so no other test's people may be in it. Each test builds its own people
 * and deactivates them afterwards, and runs the job on a day of its own.
 */

jest.setTimeout(60_000);

const PUBLIC_URL = 'https://onboarding.example.com';
type Owner = { type: 'new_hire' | 'manager' | 'buddy' } | { type: 'role'; roleId: number };

describe('reminder job: digests, escalations, idempotency', () => {
  let maildev: MailDevProcess;
  let scratch: { url: string; drop(): Promise<void> };
  let t: TestApp;
  let mail: MailPipeline;
  let created: number[] = [];

  const at = (iso: string) => new Date(iso);
  const run = (iso: string, app: TestApp = t) => app.handle.services.reminders.run(at(iso));

  async function person(name: string, roleId: number, extra: { start?: string; manager?: TestUser; buddy?: TestUser } = {}): Promise<TestUser> {
    const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${crypto.randomBytes(3).toString('hex')}@example.com`;
    const user = await createUser(t.dataSource, { roleId, name, email });
    await t.dataSource.query('update users set start_date = coalesce($2::date, start_date), manager_id = $3, buddy_id = $4 where id = $1', [
      user.id,
      extra.start ?? null,
      extra.manager?.id ?? null,
      extra.buddy?.id ?? null,
    ]);
    created.push(user.id);
    return user;
  }

  async function role(name: string): Promise<number> {
    const [row] = (await t.dataSource.query('insert into roles (name) values ($1) returning id', [`${name} ${crypto.randomBytes(3).toString('hex')}`])) as Array<{ id: number }>;
    return (row as { id: number }).id;
  }

  async function item(roleId: number, title: string, dueDays: number, owner: Owner = { type: 'new_hire' }): Promise<number> {
    const [row] = (await t.dataSource.query(
      `insert into checklist_items (title, type, priority, role_id, item_order, due_days, owner_type, owner_role_id) values ($1, 'form', 'medium', $2, $3, $3, $4, $5) returning id`,
      [title, roleId, dueDays, owner.type, owner.type === 'role' ? owner.roleId : null],
    )) as Array<{ id: number }>;
    const id = (row as { id: number }).id;
    await t.dataSource.query('insert into role_checklist_items (role_id, checklist_item_id) values ($1, $2)', [roleId, id]);
    return id;
  }

  const inbox = (user: TestUser) => inboxOf(maildev, user.email);
  const mailsIn = (user: TestUser, n = 1) => waitFor(async () => ((await inbox(user)).length >= n ? inbox(user) : null), `${n} mail(s) to ${user.name}`);
  const notificationsOf = async (user: TestUser) =>
    (await t.dataSource.query('select type, title, body, link from notifications where user_id = $1 order by id', [user.id])) as Array<{ type: string; title: string; body: string; link: string }>;
  const outboxCount = async () => Number(((await t.dataSource.query('select count(*)::int as n from mail_outbox')) as Array<{ n: number }>)[0]?.n);

  /** Per person of `users`: how many notifications of each type they have. */
  const notificationCounts = (users: TestUser[]) =>
    t.dataSource.query(
      `select u.name, n.type, count(*)::int as n from notifications n join users u on u.id = n.user_id where n.user_id = any($1) group by u.name, n.type order by u.name, n.type`,
      [users.map((u) => u.id)],
    );
  const runsOn = (day: string) => t.dataSource.query('select day::text as day, digests, escalations from reminder_runs where day = $1::date', [day]);

  /**
   * Starts the runs of `start` while `table` is locked against writes, waits
   * until `waiters` of them queue on that lock, then lets them all go at once:
   * the runs overlap for real, however slow the machine. `failed` reports a
   * contender that ended before the release (it could never queue).
   */
  async function releasedTogether<T>(table: string, waiters: number, start: () => Promise<T>, failed: () => string | null = () => null): Promise<T> {
    const lock = new Client({ connectionString: scratch.url });
    await lock.connect();
    let started: Promise<T>;
    try {
      await lock.query('begin');
      await lock.query(`lock table ${lock.escapeIdentifier(table)} in exclusive mode`);
      started = start();
      // Awaited below; this keeps a failure while the runs wait from going unhandled when the wait itself fails.
      started.catch(() => undefined);
      await waitFor(
        async () => {
          const problem = failed();
          if (problem !== null) throw new Error(problem);
          const { rows } = await lock.query<{ n: number }>(
            `select count(*)::int as n from pg_locks where locktype = 'relation' and relation = $1::regclass and not granted
                and database = (select oid from pg_database where datname = current_database())`,
            [table],
          );
          return (rows[0]?.n ?? 0) >= waiters;
        },
        `${waiters} reminder runs waiting on ${table}`,
        120_000,
      );
      await lock.query('commit');
    } finally {
      // Ending the session rolls the lock back if the wait failed, so the runs can finish.
      await lock.end();
    }
    return started;
  }

  beforeAll(async () => {
    maildev = await startMailDev();
    scratch = await createScratchDatabase('reminders');
    t = await buildTestApp({ url: scratch.url, env: { PUBLIC_URL }, clock: fixedClock('2031-03-12T10:00:00Z') });
    await runMigrations(t.dataSource, createLogger('silent'));
    mail = await startMailPipeline(scratch.url, t.dataSource, maildev);
  });

  afterEach(async () => {
    // Out of every later run: the job reads active users only.
    await t.dataSource.query('update users set is_active = false where id = any($1)', [created]);
    created = [];
  });

  afterAll(async () => {
    await mail?.stop();
    await t?.close();
    await scratch?.drop();
    if (maildev) await stopMailDev(maildev);
  });

  it('sends one digest to each owner (hire, manager, buddy, every active team member) listing the tasks they own', async () => {
    const hires = await role('Engineer');
    const it = await role('IT');
    const signHandbook = await item(hires, 'Sign the handbook', 0);
    await item(hires, 'Book your first 1:1', 1, { type: 'manager' });
    await item(hires, 'Office tour', 2, { type: 'buddy' });
    await item(hires, 'Prepare the laptop', 0, { type: 'role', roleId: it });
    await item(hires, 'Thirty-day review', 20);
    const done = await item(hires, 'Already done', 0);

    const manager = await person('Maria Manager', 1);
    const buddy = await person('Ben Buddy', 1);
    const it1 = await person('Ivan IT', it);
    const it2 = await person('Ines IT', it);
    const itGone = await person('Igor Gone', it);
    await t.dataSource.query('update users set is_active = false where id = $1', [itGone.id]);
    const hire = await person('Hana Hire', hires, { start: '2031-03-12', manager, buddy });
    await t.dataSource.query(`insert into user_progress (user_id, checklist_item_id, status, completed_at) values ($1, $2, 'completed', now())`, [hire.id, done]);
    const admin = await person('Ada Admin', 4);

    // Through the operators' door: the app's clock says Wednesday 12 March 2031, 10:00 UTC.
    const res = await request(t.app).post('/api/admin/jobs/reminders/run').set(bearer(await tokenFor(t.dataSource, admin.id, at('2031-03-12T10:00:00Z')))).expect(200);
    expect(res.body).toEqual({ digests: 5, escalations: 0 });

    const [hireMail] = await mailsIn(hire);
    expect(hireMail?.subject).toBe('1 onboarding task due soon or overdue');
    expect(hireMail?.text).toBe(
      [
        'Hello Hana Hire,',
        '',
        'These onboarding tasks you own are due within the next 2 working days or overdue:',
        '',
        '- Sign the handbook — due Wed 12 Mar 2031',
        '',
        `Open your tasks: ${PUBLIC_URL}/app/checklist`,
        '',
        'You get this digest on working days while you own open tasks that are due soon or overdue.',
        '',
        `Notification preferences: ${PUBLIC_URL}/app/profile/notifications`,
        '',
        '— Embark',
        '',
      ].join('\n'),
    );
    expect(hireMail?.html).toContain(`href="${PUBLIC_URL}/app/profile/notifications"`);

    const [managerMail] = await mailsIn(manager);
    expect(managerMail?.text).toContain('- Book your first 1:1 (Hana Hire) — due Thu 13 Mar 2031');
    expect(managerMail?.text).toContain(`Open your tasks: ${PUBLIC_URL}/app/my-tasks`);
    const [buddyMail] = await mailsIn(buddy);
    expect(buddyMail?.text).toContain('- Office tour (Hana Hire) — due Fri 14 Mar 2031');
    for (const member of [it1, it2]) {
      const [mail] = await mailsIn(member);
      expect(mail?.text).toContain('- Prepare the laptop (Hana Hire) — due Wed 12 Mar 2031');
      expect(mail?.text).not.toContain('Sign the handbook');
    }
    expect(managerMail?.text).not.toContain('Office tour');

    expect(await notificationsOf(hire)).toEqual([{ type: 'digest', title: 'Tasks due soon or overdue', body: '1 task: Sign the handbook', link: '/app/checklist' }]);
    expect(await notificationsOf(manager)).toEqual([{ type: 'digest', title: 'Tasks due soon or overdue', body: '1 task: Book your first 1:1 (Hana Hire)', link: '/app/my-tasks' }]);
    expect(await notificationsOf(itGone)).toEqual([]);
    expect(await inbox(itGone)).toEqual([]);
    expect(await notificationsOf(admin)).toEqual([]);
    expect(signHandbook).toBeGreaterThan(0);
  });

  it("escalates a hire's task overdue by the escalation days once, ever: to the manager, or to every administrator without one", async () => {
    const hires = await role('Analyst');
    await item(hires, 'Sign the contract', 0);
    await item(hires, 'Plan the first week', 0, { type: 'manager' });
    await item(hires, 'Read the wiki', 1);
    const manager = await person('Mo Manager', 1);
    const admin1 = await person('Alma Admin', 4);
    const admin2 = await person('Arno Admin', 4);
    // Started Friday 7 March: due that day, 3 working days overdue on Wednesday 12 March (the default escalation days).
    const withManager = await person('Wim Withmanager', hires, { start: '2031-03-07', manager });
    const alone = await person('Nina Nomanager', hires, { start: '2031-03-07' });

    expect(await run('2031-03-12T10:00:00Z')).toEqual({ digests: 3, escalations: 4 });

    const managerMails = await mailsIn(manager, 2);
    const escalation = managerMails.find((m) => m.subject.startsWith('Escalation'));
    expect(escalation?.subject).toBe('Escalation: 1 onboarding task is overdue');
    expect(escalation?.text).toContain('- Sign the contract (Wim Withmanager) — overdue 3 working days, due Fri 7 Mar 2031');
    expect(escalation?.text).not.toContain('Read the wiki');
    expect(escalation?.text).toContain(`Notification preferences: ${PUBLIC_URL}/app/profile/notifications`);
    for (const admin of [admin1, admin2]) {
      const [mail] = await mailsIn(admin);
      expect(mail?.subject).toBe('Escalation: 3 onboarding tasks are overdue');
      // Without a manager, and the manager's own overdue task: the administrators hear of it.
      expect(mail?.text).toContain('- Plan the first week (Nina Nomanager) — overdue 3 working days, due Fri 7 Mar 2031');
      expect(mail?.text).toContain('- Plan the first week (Wim Withmanager) — overdue 3 working days, due Fri 7 Mar 2031');
      expect(mail?.text).toContain('- Sign the contract (Nina Nomanager) — overdue 3 working days, due Fri 7 Mar 2031');
      expect(await notificationsOf(admin)).toEqual([
        { type: 'escalation', title: 'Overdue tasks escalated to you', body: '3 tasks: Sign the contract (Nina Nomanager), Plan the first week (Nina Nomanager), Plan the first week (Wim Withmanager)', link: '/app/admin' },
      ]);
    }
    expect((await notificationsOf(manager)).map((n) => n.type).sort()).toEqual(['digest', 'escalation']);
    expect((await mailsIn(alone))[0]?.text).toContain('- Read the wiki — overdue 2 working days, due Mon 10 Mar 2031');

    // The next working day: the digests again; only 'Read the wiki', now 3 working days overdue, escalates (twice: one per hire).
    expect(await run('2031-03-13T10:00:00Z')).toEqual({ digests: 3, escalations: 2 });
    const escalated = (await t.dataSource.query(
      'select u.name, ci.title, e.day::text as day from task_escalations e join users u on u.id = e.user_id join checklist_items ci on ci.id = e.checklist_item_id where e.user_id = any($1) order by e.day, u.name, ci.title',
      [[withManager.id, alone.id]],
    )) as unknown[];
    expect(escalated).toEqual([
      { name: 'Nina Nomanager', title: 'Plan the first week', day: '2031-03-12' },
      { name: 'Nina Nomanager', title: 'Sign the contract', day: '2031-03-12' },
      { name: 'Wim Withmanager', title: 'Plan the first week', day: '2031-03-12' },
      { name: 'Wim Withmanager', title: 'Sign the contract', day: '2031-03-12' },
      { name: 'Nina Nomanager', title: 'Read the wiki', day: '2031-03-13' },
      { name: 'Wim Withmanager', title: 'Read the wiki', day: '2031-03-13' },
    ]);
  });

  it('keeps an escalation with nobody to tell for the first run after someone can be told', async () => {
    const hires = await role('Auditor');
    await item(hires, 'Submit the form', 0);
    await item(hires, 'Welcome lunch', 0, { type: 'manager' });
    // Started Friday 21 March: due that day, 3 working days overdue on Wednesday 26 March.
    const hire = await person('Ola Auditor', hires, { start: '2031-03-21' });
    const escalated = () =>
      t.dataSource.query('select ci.title, e.day::text as day from task_escalations e join checklist_items ci on ci.id = e.checklist_item_id where e.user_id = $1 order by e.day, ci.title', [hire.id]);
    expect(await t.dataSource.query('select count(*)::int as n from users where role_id = 4 and is_active')).toEqual([{ n: 0 }]);

    // No manager and no active administrator: the hire's digest goes out, nothing is escalated or claimed.
    expect(await run('2031-03-26T10:00:00Z')).toEqual({ digests: 1, escalations: 0 });
    expect(await escalated()).toEqual([]);

    // A manager now: the hire's own task escalates to them; the task the manager owns still waits for an administrator.
    const manager = await person('Max Manager', 1);
    await t.dataSource.query('update users set manager_id = $2 where id = $1', [hire.id, manager.id]);
    expect(await run('2031-03-27T10:00:00Z')).toEqual({ digests: 2, escalations: 1 });
    expect(await escalated()).toEqual([{ title: 'Submit the form', day: '2031-03-27' }]);
    expect((await notificationsOf(manager)).filter((n) => n.type === 'escalation')).toEqual([
      { type: 'escalation', title: 'Overdue tasks escalated to you', body: '1 task: Submit the form (Ola Auditor)', link: '/app/team' },
    ]);

    const admin = await person('Aki Admin', 4);
    expect(await run('2031-03-28T10:00:00Z')).toEqual({ digests: 2, escalations: 1 });
    expect(await escalated()).toEqual([
      { title: 'Submit the form', day: '2031-03-27' },
      { title: 'Welcome lunch', day: '2031-03-28' },
    ]);
    expect(await notificationsOf(admin)).toEqual([{ type: 'escalation', title: 'Overdue tasks escalated to you', body: '1 task: Welcome lunch (Ola Auditor)', link: '/app/admin' }]);
    const [adminMail] = await mailsIn(admin);
    expect(adminMail?.text).toContain('- Welcome lunch (Ola Auditor) — overdue 5 working days, due Fri 21 Mar 2031');
  });

  it('sends nothing twice: a second run on the same day, and two runs at once from two app instances', async () => {
    const hires = await role('Designer');
    await item(hires, 'Pick a laptop', 0);
    await item(hires, 'Meet the team', 0, { type: 'manager' });
    const manager = await person('Mila Manager', 1);
    const admin = await person('Abe Admin', 4);
    await person('Dora Designer', hires, { start: '2031-03-10', manager });
    await person('Dan Designer', hires, { start: '2031-03-10' });

    // Monday 17 March: both started a week ago, so everything is overdue and escalates.
    const other = await buildTestApp({ url: scratch.url, env: { PUBLIC_URL } });
    try {
      const [a, b] = await Promise.all([run('2031-03-17T10:00:00Z'), run('2031-03-17T10:00:00Z', other)]);
      expect({ digests: a.digests + b.digests, escalations: a.escalations + b.escalations }).toEqual({ digests: 3, escalations: 4 });
    } finally {
      await other.close();
    }
    const mails = await outboxCount();
    const notifications = await t.dataSource.query('select count(*)::int as n from notifications');
    expect(await run('2031-03-17T15:00:00Z')).toEqual({ digests: 0, escalations: 0 });
    expect(await outboxCount()).toBe(mails);
    expect(await t.dataSource.query('select count(*)::int as n from notifications')).toEqual(notifications);
    const digests = (await t.dataSource.query(
      `select to_address, count(*)::int as n from mail_outbox where kind = 'digest' and dedupe_key like '%:2031-03-17' group by to_address having count(*) > 1`,
    )) as unknown[];
    expect(digests).toEqual([]);
    expect(await mailsIn(admin)).toHaveLength(1);
    expect(await mailsIn(manager, 2)).toHaveLength(2);
  });

  it('still runs when a start date early in 2000 puts a due date before the company calendar', async () => {
    const hires = await role('Archivist');
    await item(hires, 'Preboarding form', -5);
    const manager = await person('Otto Manager', 1);
    const longServing = await person('Lena Longserving', hires, { start: '2000-01-03', manager });
    const newHire = await person('Nina New', hires, { start: '2031-04-10', manager });

    // Due 29 December 1999: overdue by calendar days there, working days everywhere else.
    expect(await run('2031-04-10T10:00:00Z')).toEqual({ digests: 2, escalations: 2 });
    const [oldMail] = await mailsIn(longServing);
    expect(oldMail?.text).toContain(`- Preboarding form — overdue ${Date.parse('2031-04-10') / 86_400_000 - Date.parse('1999-12-29') / 86_400_000} working days, due Wed 29 Dec 1999`);
    const [newMail] = await mailsIn(newHire);
    expect(newMail?.text).toContain('- Preboarding form — overdue 5 working days, due Thu 3 Apr 2031');
  });

  it('skips the digest of someone who turned it off, but escalations still reach them', async () => {
    const hires = await role('Writer');
    await item(hires, 'Style guide', 0);
    const manager = await person('Quiet Manager', 1);
    await person('Will Writer', hires, { start: '2031-03-10', manager });
    await person('Ava Admin', 4);
    const token = await tokenFor(t.dataSource, manager.id, at('2031-03-12T10:00:00Z'));
    await request(t.app).put('/api/notifications/preferences').set(bearer(token)).send({ digest: false }).expect(200, { digest: false });
    // A team task the manager owns is due too: it would be in their digest.
    const team = await role('Docs');
    await t.dataSource.query('update users set role_id = $2 where id = $1', [manager.id, team]);
    await item(hires, 'Docs access', 0, { type: 'role', roleId: team });

    expect(await run('2031-03-18T10:00:00Z')).toEqual({ digests: 1, escalations: 2 });
    const mails = await mailsIn(manager);
    expect(mails.map((m) => m.subject)).toEqual(['Escalation: 2 onboarding tasks are overdue']);
    expect((await notificationsOf(manager)).map((n) => n.type)).toEqual(['escalation']);
  });

  it('keeps an account whose address the mail rule refuses to the app, and still mails everyone else', async () => {
    const hires = await role('Linguist');
    await item(hires, 'Glossary', 0);
    const odd = await person('Zoe Odd', hires, { start: '2031-04-07' });
    // Registration takes this address; the outbox's stricter rule does not.
    await t.dataSource.query('update users set email = $2 where id = $1', [odd.id, `zoë.${odd.id}@example.com`]);
    const plain = await person('Pat Plain', hires, { start: '2031-04-07' });

    expect(await run('2031-04-04T10:00:00Z')).toEqual({ digests: 2, escalations: 0 });
    expect((await mailsIn(plain)).map((m) => m.subject)).toEqual(['1 onboarding task due soon or overdue']);
    expect((await notificationsOf(odd)).map((n) => n.type)).toEqual(['digest']);
    expect(Number(((await t.dataSource.query('select count(*)::int as n from mail_outbox where to_address like $1', ['zoë.%'])) as Array<{ n: number }>)[0]?.n)).toBe(0);
  });

  it('sends nothing while the company has reminders switched off', async () => {
    const hires = await role('Tester');
    await item(hires, 'Test plan', 0);
    const hire = await person('Tia Tester', hires, { start: '2031-03-03' });
    await t.dataSource.query('update company_settings set reminders_enabled = false');
    try {
      const mails = await outboxCount();
      expect(await run('2031-03-19T10:00:00Z')).toEqual({ digests: 0, escalations: 0 });
      expect(await outboxCount()).toBe(mails);
      expect(await notificationsOf(hire)).toEqual([]);
      expect(await t.dataSource.query('select 1 from task_escalations where user_id = $1', [hire.id])).toEqual([]);
    } finally {
      await t.dataSource.query('update company_settings set reminders_enabled = true');
    }
  });

  it('runs the scheduled tick once a working day, from 09:00 in the company time zone', async () => {
    const hires = await role('Planner');
    await item(hires, 'Plan', 0);
    await person('Pia Planner', hires, { start: '2031-03-20' });
    const reminders = t.handle.services.reminders;
    // Kolkata is UTC+05:30: 09:00 there is 03:30 UTC.
    await t.dataSource.query(`update company_settings set time_zone = 'Asia/Kolkata'`);
    try {
      expect(await reminders.tick(at('2031-03-20T03:29:00Z'))).toBeNull();
      expect(await reminders.tick(at('2031-03-20T03:30:00Z'))).toEqual({ digests: 1, escalations: 0 });
      expect(await reminders.tick(at('2031-03-20T04:30:00Z'))).toBeNull();
      const [day] = (await t.dataSource.query(`select digests, escalations, finished_at from reminder_runs where day = '2031-03-20'`)) as Array<{ digests: number; escalations: number; finished_at: Date | null }>;
      expect(day).toMatchObject({ digests: 1, escalations: 0, finished_at: expect.any(Date) });
      // Saturday 22 March: no run at all.
      expect(await reminders.tick(at('2031-03-22T05:00:00Z'))).toBeNull();
      expect(await t.dataSource.query(`select 1 from reminder_runs where day = '2031-03-22'`)).toEqual([]);
    } finally {
      await t.dataSource.query(`update company_settings set time_zone = 'UTC'`);
    }
  });

  it('leaves the day unclaimed while reminders are switched off, so switching them back on sends that day', async () => {
    const hires = await role('Editor');
    await item(hires, 'Read the style sheet', 0);
    const hire = await person('Eda Editor', hires, { start: '2031-03-25' });
    const reminders = t.handle.services.reminders;
    await t.dataSource.query('update company_settings set reminders_enabled = false');
    try {
      // Tuesday 25 March 2031, 09:30 in the company's zone (UTC): the day's run is due, but switched off.
      expect(await reminders.tick(at('2031-03-25T09:30:00Z'))).toBeNull();
      expect(await runsOn('2031-03-25')).toEqual([]);
    } finally {
      await t.dataSource.query('update company_settings set reminders_enabled = true');
    }
    expect(await reminders.tick(at('2031-03-25T11:00:00Z'))).toEqual({ digests: 1, escalations: 0 });
    expect(await runsOn('2031-03-25')).toEqual([{ day: '2031-03-25', digests: 1, escalations: 0 }]);
    expect(await notificationsOf(hire)).toEqual([{ type: 'digest', title: 'Tasks due soon or overdue', body: '1 task: Read the style sheet', link: '/app/checklist' }]);
  });

  it('runs from the command line against DATABASE_URL and prints what it sent', async () => {
    const out = new PassThrough();
    const err = new PassThrough();
    let failed = '';
    err.on('data', (chunk: Buffer) => (failed += chunk.toString()));
    const errors = () => failed;
    let printed = '';
    out.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const code = await runCommand([], { env: { NODE_ENV: 'test', DATABASE_URL: scratch.url, PUBLIC_URL }, stdout: out, stderr: err });
    expect({ code, errors: errors() }).toEqual({ code: 0, errors: '' });
    expect(JSON.parse(printed)).toEqual({ digests: expect.any(Number), escalations: expect.any(Number) });
    const help = new PassThrough();
    let usage = '';
    help.on('data', (chunk: Buffer) => (usage += chunk.toString()));
    expect(await runCommand(['--help'], { env: {}, stdout: help, stderr: err })).toBe(0);
    expect(usage).toContain('Usage: npm run jobs:reminders');
    expect(await runCommand(['--bogus'], { env: {}, stdout: help, stderr: err })).toBe(2);
  });

  it('with --scheduled, runs from the command line only when the schedule would: from 09:00 company time, once a day', async () => {
    const command = async (): Promise<unknown> => {
      const out = new PassThrough();
      let printed = '';
      out.on('data', (chunk: Buffer) => (printed += chunk.toString()));
      expect(await runCommand(['--scheduled'], { env: { NODE_ENV: 'test', DATABASE_URL: scratch.url, PUBLIC_URL }, stdout: out, stderr: new PassThrough() })).toBe(0);
      return JSON.parse(printed);
    };
    // The command reads the system clock: the company's zone is picked for the hour it is there now.
    const zoneAt = (hour: number) => {
      const offset = ((hour - new Date().getUTCHours() + 36) % 24) - 12;
      return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    };
    const [before] = (await t.dataSource.query('select time_zone, working_days from company_settings')) as Array<{ time_zone: string; working_days: number[] }>;
    const setZone = async (zone: string) => {
      await t.dataSource.query(`update company_settings set time_zone = $1, working_days = '{1,2,3,4,5,6,7}'`, [zone]);
      await t.dataSource.query('select embark_rebuild_calendar()');
    };
    try {
      // About 05:00 there: before the run's hour, nothing is due and nothing is claimed.
      await setZone(zoneAt(5));
      const early = (await companyDay(t.dataSource, new Date())).today;
      await t.dataSource.query('delete from reminder_runs where day = $1::date', [early]);
      expect(await command()).toEqual({ due: false });
      expect(await runsOn(early)).toEqual([]);
      // About noon there: the day's run, once.
      await setZone(zoneAt(12));
      const today = (await companyDay(t.dataSource, new Date())).today;
      await t.dataSource.query('delete from reminder_runs where day = $1::date', [today]);
      expect(await command()).toEqual({ digests: expect.any(Number), escalations: expect.any(Number) });
      expect(await runsOn(today)).toHaveLength(1);
      expect(await command()).toEqual({ due: false });
    } finally {
      await t.dataSource.query('update company_settings set time_zone = $1, working_days = $2::smallint[]', [before?.time_zone, before?.working_days]);
      await t.dataSource.query('select embark_rebuild_calendar()');
    }
  });

  it('sends once when the scheduled tick runs on two app instances at the same moment', async () => {
    const hires = await role('Surveyor');
    await item(hires, 'Safety briefing', 0);
    await item(hires, 'Site visit', 0, { type: 'manager' });
    const manager = await person('Sam Manager', 1);
    const admin = await person('Asa Admin', 4);
    // Started Monday 24 March: 5 working days overdue on Monday 31 March, so both tasks escalate too.
    const hire = await person('Sid Surveyor', hires, { start: '2031-03-24', manager });
    const other = await buildTestApp({ url: scratch.url, env: { PUBLIC_URL } });
    try {
      const ticks = await releasedTogether('reminder_runs', 2, () =>
        Promise.all([t.handle.services.reminders.tick(at('2031-03-31T09:15:00Z')), other.handle.services.reminders.tick(at('2031-03-31T09:15:00Z'))]),
      );
      expect(ticks.sort((a, b) => (a === null ? 1 : b === null ? -1 : 0))).toEqual([{ digests: 2, escalations: 2 }, null]);
    } finally {
      await other.close();
    }
    expect(await runsOn('2031-03-31')).toEqual([{ day: '2031-03-31', digests: 2, escalations: 2 }]);
    expect(await notificationCounts([hire, manager, admin])).toEqual([
      { name: 'Asa Admin', type: 'escalation', n: 1 },
      { name: 'Sam Manager', type: 'digest', n: 1 },
      { name: 'Sam Manager', type: 'escalation', n: 1 },
      { name: 'Sid Surveyor', type: 'digest', n: 1 },
    ]);
  });

  it('sends once when `npm run jobs:reminders` in its own process races the scheduled tick', async () => {
    // The command reads the system clock: the company's zone is picked so that it is about noon there now
    // (past 09:00, far from midnight) and every day is a working day, whatever the day the test runs.
    const offset = 12 - new Date().getUTCHours();
    const zone = offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    const [before] = (await t.dataSource.query('select time_zone, working_days from company_settings')) as Array<{ time_zone: string; working_days: number[] }>;
    await t.dataSource.query(`update company_settings set time_zone = $1, working_days = '{1,2,3,4,5,6,7}'`, [zone]);
    await t.dataSource.query('select embark_rebuild_calendar()');
    try {
      const { today } = await companyDay(t.dataSource, new Date());
      const weekAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
      const hires = await role('Pilot');
      await item(hires, 'Medical check', 0);
      await item(hires, 'Cockpit tour', 0, { type: 'manager' });
      const manager = await person('Pat Manager', 1);
      const admin = await person('Alf Admin', 4);
      const newcomer = await person('Paz Pilot', hires, { start: today, manager });
      // Started a week ago, every day a working day: 7 working days overdue, so both of this hire's tasks escalate.
      const late = await person('Pol Pilot', hires, { start: weekAgo, manager });

      const cli = startSource('src/cli/jobs-reminders.ts', { NODE_ENV: 'test', DATABASE_URL: scratch.url, PUBLIC_URL });
      const ended = () => (cli.child.exitCode === null && cli.child.signalCode === null ? null : `jobs:reminders ended before the race: ${cli.output()}`);
      let fromTick: Awaited<ReturnType<typeof t.handle.services.reminders.tick>>;
      try {
        fromTick = await releasedTogether('reminder_digests', 2, () => t.handle.services.reminders.tick(new Date()), ended);
      } catch (err) {
        cli.child.kill();
        throw err;
      }
      const exit = await cli.exit;
      expect({ exit, output: cli.output() }).toEqual({ exit: { code: 0, signal: null }, output: expect.stringMatching(/^\{"digests":\d+,"escalations":\d+\}\n$/) });
      const fromCli = JSON.parse(cli.output()) as { digests: number; escalations: number };
      // The tick took the day's run row (the command never does), so it answers what it sent, maybe nothing.
      if (fromTick === null) throw new Error('the tick found the day taken');
      // Whichever run won each key, together they sent each digest and each escalation once.
      expect({ digests: fromTick.digests + fromCli.digests, escalations: fromTick.escalations + fromCli.escalations }).toEqual({ digests: 3, escalations: 2 });

      expect(await runsOn(today)).toEqual([{ day: today, ...fromTick }]);
      expect(await notificationCounts([newcomer, late, manager, admin])).toEqual([
        { name: 'Alf Admin', type: 'escalation', n: 1 },
        { name: 'Pat Manager', type: 'digest', n: 1 },
        { name: 'Pat Manager', type: 'escalation', n: 1 },
        { name: 'Paz Pilot', type: 'digest', n: 1 },
        { name: 'Pol Pilot', type: 'digest', n: 1 },
      ]);
      expect(
        await t.dataSource.query('select recipient_id, count(*)::int as n from reminder_digests where day = $1::date and recipient_id = any($2) group by recipient_id order by recipient_id', [
          today,
          [newcomer.id, late.id, manager.id],
        ]),
      ).toEqual([newcomer, late, manager].map((u) => ({ recipient_id: u.id, n: 1 })).sort((a, b) => a.recipient_id - b.recipient_id));
      expect(
        await t.dataSource.query(`select to_address, count(*)::int as n from mail_outbox where kind = 'digest' and to_address = any($1) group by to_address order by to_address`, [
          [newcomer.email, late.email, manager.email],
        ]),
      ).toEqual([newcomer, late, manager].map((u) => ({ to_address: u.email, n: 1 })).sort((a, b) => a.to_address.localeCompare(b.to_address)));
      expect(await t.dataSource.query('select count(*)::int as n from task_escalations where user_id = any($1)', [[newcomer.id, late.id]])).toEqual([{ n: 2 }]);
    } finally {
      await t.dataSource.query('update company_settings set time_zone = $1, working_days = $2::smallint[]', [before?.time_zone, before?.working_days]);
      await t.dataSource.query('select embark_rebuild_calendar()');
    }
  }, 180_000);

  // Last: their days are later than every other test's, and they prune what those left from before.
  it('prunes, on the day\'s run, digest keys and run rows older than 90 days', async () => {
    const hires = await role('Archivist');
    await item(hires, 'Sort the archive', 0);
    const hire = await person('Ari Archivist', hires, { start: '2031-12-01' });
    // Monday 1 December 2031: 90 days back is 2 September.
    await t.dataSource.query(`insert into reminder_runs (day) values ('2031-09-01'), ('2031-09-02')`);
    await t.dataSource.query(`insert into reminder_digests (recipient_id, day, tasks) values ($1, '2031-09-01', 1), ($1, '2031-09-02', 1)`, [hire.id]);

    expect(await t.handle.services.reminders.tick(at('2031-12-01T09:30:00Z'))).toEqual({ digests: 1, escalations: 0 });

    expect(await t.dataSource.query(`select day::text as day from reminder_runs where day < '2031-12-01' order by day`)).toEqual([{ day: '2031-09-02' }]);
    expect(await t.dataSource.query('select day::text as day from reminder_digests where recipient_id = $1 order by day', [hire.id])).toEqual([{ day: '2031-09-02' }, { day: '2031-12-01' }]);
  });

  it('deletes, on every tick, notifications read and mail sent over 90 company days before, never unread or unsent ones, even with reminders off', async () => {
    const hire = await person('Ola Oldtimer', await role('Oldtimer'));
    const tag = crypto.randomBytes(3).toString('hex');
    // 2031-12-20 in Auckland: 90 days back is 21 September there, which starts at 2031-09-20T12:00Z (NZST). Rows a week either side.
    const old = '2031-09-13T12:00:00Z';
    const recent = '2031-09-27T12:00:00Z';
    await t.dataSource.query(
      `insert into notifications (user_id, type, title, body, link, created_at, read_at)
       select $1, 'digest', t.title, '', null, $2::timestamptz, t.read_at from unnest($3::text[], $4::timestamptz[]) as t(title, read_at)`,
      [hire.id, old, ['read long ago', 'read recently', 'unread, old'], [old, recent, null]],
    );
    // As the worker leaves a sent mail: its text blanked, its envelope kept.
    await t.dataSource.query(
      `insert into mail_outbox (to_address, subject, text, html, kind, created_at, sent_at, attempts)
       select $1, m.subject, b.body, b.body, 'digest', $2::timestamptz, m.sent_at, 25
         from unnest($3::text[], $4::timestamptz[]) as m(subject, sent_at), lateral (select case when m.sent_at is null then 'text' else '' end as body) as b`,
      [hire.email, old, ['sent long ago', 'sent recently', 'never sent'].map((m) => `${m} ${tag}`), [old, recent, null]],
    );
    const before = (await t.dataSource.query('select time_zone from company_settings')) as Array<{ time_zone: string }>;
    await t.dataSource.query(`update company_settings set time_zone = 'Pacific/Auckland', reminders_enabled = false`);
    try {
      // 03:00 in Auckland on a Saturday, reminders switched off: no run, but the prune.
      expect(await t.handle.services.reminders.tick(at('2031-12-19T14:00:00Z'))).toBeNull();
    } finally {
      await t.dataSource.query('update company_settings set time_zone = $1, reminders_enabled = true', [before[0]?.time_zone]);
    }

    const titles = (await t.dataSource.query('select title from notifications where user_id = $1 order by id', [hire.id])) as Array<{ title: string }>;
    expect(titles.map((n) => n.title)).toEqual(['read recently', 'unread, old']);
    const subjects = (await t.dataSource.query('select subject from mail_outbox where subject like $1 order by id', [`% ${tag}`])) as Array<{ subject: string }>;
    expect(subjects.map((m) => m.subject)).toEqual([`sent recently ${tag}`, `never sent ${tag}`]);
  });
});
