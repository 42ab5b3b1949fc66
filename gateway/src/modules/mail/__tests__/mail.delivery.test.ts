import type { DataSource } from 'typeorm';
import { createDataSource, runMigrations } from '../../../db/data-source';
import { startJobs, TransactionalJobs, type PgBoss } from '../../../jobs';
import { createLogger, type LogLevel } from '../../../shared/logger';
import { testDatabaseUrl, withClient, withDatabase } from '../../../../test/database';
import { inboxOf, startMailDev, stopMailDev, waitFor, type MailDevProcess, type ReceivedMail } from '../../../../test/maildev';
import { TcpProxy } from '../../../../test/tcp-proxy';
import { createMailer, MAIL_DELIVER_QUEUE, MailOutbox, MailWorker, type OutboxMail } from '..';

/*
 * The whole delivery path on real parts: the outbox in PostgreSQL, pg-boss,
 * nodemailer over SMTP, and MailDev read back through its REST API. The file
 * has a database of its own, so no other test's gateway (and its mail worker)
 * can pick up these rows.
 */

jest.setTimeout(30_000);

const logger = createLogger((process.env.TEST_LOG_LEVEL as LogLevel | undefined) ?? 'silent');
const PUBLIC_URL = 'http://localhost:3100';
const POLICY = { retryLimit: 6, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5, concurrency: 2 };

describe('mail delivery', () => {
  let maildev: MailDevProcess;
  /** The workers reach MailDev's SMTP port through this, so a test can take SMTP away and bring it back. */
  let smtp: TcpProxy;
  let url: string;
  let database: string;
  let dataSource: DataSource;
  let boss: PgBoss;
  let worker: MailWorker;
  const outbox = new MailOutbox({ publicUrl: PUBLIC_URL });
  let n = 0;

  /** A fresh recipient per test, so each test reads only its own mail. */
  const recipient = () => `hire${++n}.${Date.now()}@example.com`;
  const invitation = (to: string, extra: Partial<OutboxMail> = {}): OutboxMail => ({
    to,
    content: { kind: 'invitation', data: { name: 'Ada Lovelace', roleName: 'Engineer', token: `token-${to}`, expiresAt: new Date('2026-12-01T09:30:00Z') } },
    ...extra,
  });

  const inbox = (to: string): Promise<ReceivedMail[]> => inboxOf(maildev, to);

  async function row(to: string) {
    const [found] = await dataSource.query<{ id: string; sent_at: Date | null; attempts: number; last_error: string | null }[]>(
      'select id::text as id, sent_at, attempts, last_error from mail_outbox where to_address = $1',
      [to],
    );
    return found;
  }

  beforeAll(async () => {
    maildev = await startMailDev();
    smtp = new TcpProxy('127.0.0.1', maildev.smtpPort);
    await smtp.start();
    database = `${new URL(testDatabaseUrl()).pathname.slice(1)}_mail`;
    await withClient(testDatabaseUrl(), (c) => c.query(`create database ${c.escapeIdentifier(database)}`));
    url = withDatabase(testDatabaseUrl(), database);
    dataSource = createDataSource({ url, poolMax: 4, logger });
    await dataSource.initialize();
    await runMigrations(dataSource, logger);
    boss = await startJobs({ url, logger, schedule: false });
    worker = new MailWorker({ boss, dataSource, logger, mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Embark <no-reply@localhost>' }), policy: POLICY });
    await worker.start();
  });

  afterAll(async () => {
    await worker?.stop();
    await boss?.stop({ graceful: false, wait: true });
    if (dataSource?.isInitialized) await dataSource.destroy();
    if (database) await withClient(testDatabaseUrl(), (c) => c.query(`drop database if exists ${c.escapeIdentifier(database)} with (force)`));
    await smtp?.cut();
    if (maildev) await stopMailDev(maildev);
  });

  it('delivers a committed mail with a text part and a branded HTML part, values escaped', async () => {
    const to = recipient();
    const name = '<script>alert(1)</script> Tom & Jerry';
    await dataSource.transaction((m) => outbox.enqueue(m, invitation(to, { content: { kind: 'invitation', data: { name, roleName: 'Engineer', token: 'a'.repeat(40), expiresAt: new Date('2026-12-01T09:30:00Z') } } })));

    const [mail] = await waitFor(async () => (await inbox(to)).length > 0 && inbox(to), 'the invitation');
    expect(mail?.subject).toBe("You're invited to join Embark");
    expect(mail?.from).toEqual([{ address: 'no-reply@localhost', name: 'Embark' }]);
    expect(mail?.text).toContain(`Hello ${name},`);
    expect(mail?.text).toContain(`Accept invitation: http://localhost:3100/accept-invite?token=${'a'.repeat(40)}`);
    expect(mail?.html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt; Tom &amp; Jerry,');
    expect(mail?.html).toContain(`href="http://localhost:3100/accept-invite?token=${'a'.repeat(40)}"`);
    expect(mail?.html).toContain('Embark');
    expect(await row(to)).toMatchObject({ attempts: 1, last_error: null, sent_at: expect.any(Date) });
    // Delivered, the stored body (with its single-use link) is gone.
    expect(await dataSource.query('select text, html from mail_outbox where to_address = $1', [to])).toEqual([{ text: '', html: '' }]);
  });

  it('sends nothing for a rolled-back transaction', async () => {
    const dropped = recipient();
    const kept = recipient();
    await expect(
      dataSource.transaction(async (m) => {
        await outbox.enqueue(m, invitation(dropped));
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    await dataSource.transaction((m) => outbox.enqueue(m, invitation(kept)));

    await waitFor(async () => (await inbox(kept)).length === 1, 'the committed mail');
    expect(await row(dropped)).toBeUndefined();
    expect(await inbox(dropped)).toEqual([]);
  });

  it('sends exactly once however many jobs and replicas handle one row', async () => {
    const to = recipient();
    // Three extra jobs for the same row (a retry, a sweep, …) and a second replica competing for them.
    const replica = await startJobs({ url, logger, schedule: false });
    const second = new MailWorker({ boss: replica, dataSource, logger, mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Embark <no-reply@localhost>' }), policy: POLICY });
    await second.start();
    try {
      const id = await dataSource.transaction(async (m) => {
        const outboxId = (await outbox.enqueue(m, invitation(to))) as string;
        await new TransactionalJobs().insert(m, [1, 2, 3].map(() => ({ name: MAIL_DELIVER_QUEUE, data: { outboxId } })));
        return outboxId;
      });
      await waitFor(async () => (await inbox(to)).length === 1, 'the mail');
      await waitFor(async () => (await boss.getQueueSize(MAIL_DELIVER_QUEUE, { before: 'completed' })) === 0, 'every job to finish');
      expect(await inbox(to)).toHaveLength(1);
      expect(await row(to)).toMatchObject({ attempts: 1 });
      // A retry of a job whose mail went out does nothing.
      await expect(worker.deliver(id)).resolves.toBe('already-sent');
      expect(await inbox(to)).toHaveLength(1);
    } finally {
      await second.stop();
      await replica.stop({ graceful: false, wait: true });
    }
  });

  it('queues a mail at most once per dedupe key', async () => {
    const to = recipient();
    const first = await dataSource.transaction((m) => outbox.enqueue(m, invitation(to, { dedupeKey: `invite:${to}` })));
    const second = await dataSource.transaction((m) => outbox.enqueue(m, invitation(to, { dedupeKey: `invite:${to}` })));
    expect(first).toMatch(/^\d+$/);
    expect(second).toBeNull();
    await waitFor(async () => (await inbox(to)).length === 1, 'the mail');
  });

  it('refuses to queue outside a transaction', async () => {
    await expect(outbox.enqueue(dataSource.manager, invitation(recipient()))).rejects.toThrow(/inside the transaction/);
  });

  it('keeps mail queued while SMTP is down, counting attempts, and delivers it once SMTP is back', async () => {
    const to = recipient();
    const port = smtp.port;
    await smtp.cut();
    await dataSource.transaction((m) => outbox.enqueue(m, invitation(to)));

    const failing = await waitFor(async () => {
      const r = await row(to);
      return r && r.attempts >= 2 && r;
    }, 'two failed attempts');
    expect(failing.sent_at).toBeNull();
    expect(failing.last_error).toMatch(/ECONNREFUSED/);

    await smtp.start(port);
    await waitFor(async () => (await inbox(to)).length === 1, 'delivery after SMTP came back', 30_000);
    // The worker marks the row sent in the transaction that holds its lock, which commits just after SMTP accepts.
    const sent = await waitFor(async () => {
      const r = await row(to);
      return r?.sent_at ? r : null;
    }, 'the row marked sent');
    expect(sent).toMatchObject({ sent_at: expect.any(Date), last_error: null });
    expect(sent?.attempts).toBeGreaterThanOrEqual(3);
    expect(await inbox(to)).toHaveLength(1);
  }, 60_000); // retries back off (the delay doubles), so a loaded machine may need more than the default

  it('sweeps up mail whose job never existed (queued before pg-boss was set up)', async () => {
    const to = recipient();
    // pg-boss has no tables under this schema, as in a fresh database: the row is written without a job.
    const early = new MailOutbox({ publicUrl: PUBLIC_URL, jobs: new TransactionalJobs('pgboss_not_created') });
    await dataSource.transaction((m) => early.enqueue(m, invitation(to)));
    expect(await worker.sweep(0)).toBeGreaterThanOrEqual(1);
    await waitFor(async () => (await inbox(to)).length === 1, 'the swept mail');
    // Marked sent in the transaction that holds the row's lock, which commits just after SMTP accepts.
    const sent = await waitFor(async () => {
      const r = await row(to);
      return r?.sent_at ? r : null;
    }, 'the swept row marked sent');
    expect(sent).toMatchObject({ attempts: 1 });
  });
});
