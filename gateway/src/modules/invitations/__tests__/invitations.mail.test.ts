import request from 'supertest';
import { runMigrations } from '../../../db/data-source';
import { createLogger } from '../../../shared/logger';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { bearer, createUser, PROXY_ENV, randomIp, tokenFor } from '../../../../test/auth';
import { createScratchDatabase } from '../../../../test/database';
import { inboxOf, startMailDev, startMailPipeline, stopMailDev, waitFor, type MailDevProcess, type MailPipeline } from '../../../../test/maildev';

/*
 * The invitation as the hire receives it: the admin invites through the API,
 * pg-boss and the mail worker deliver over SMTP to MailDev, and the link read
 * from the delivered mail signs the hire in. A database of its own, so no
 * other test's worker picks the mail up.
 */

jest.setTimeout(45_000);

describe('invitation mail, end to end', () => {
  let maildev: MailDevProcess;
  let scratch: { url: string; drop(): Promise<void> };
  let t: TestApp;
  let mail: MailPipeline;

  beforeAll(async () => {
    maildev = await startMailDev();
    scratch = await createScratchDatabase('invitation_mail');
    t = await buildTestApp({ url: scratch.url, env: { ...PROXY_ENV, PUBLIC_URL: 'https://onboarding.example.com' } });
    await runMigrations(t.dataSource, createLogger('silent'));
    mail = await startMailPipeline(scratch.url, t.dataSource, maildev);
  });

  afterAll(async () => {
    await mail?.stop();
    await t?.close();
    await scratch?.drop();
    if (maildev) await stopMailDev(maildev);
  });

  it('delivers the invitation; its link shows the invitation and signs the hire in', async () => {
    const admin = await createUser(t.dataSource, { roleId: 4 });
    const to = `hire.${Date.now()}@example.com`;
    await request(t.app).post('/api/admin/invitations').set(bearer(await tokenFor(t.dataSource, admin.id))).send({ email: to, name: 'Ada Lovelace', role_id: 2 }).expect(201);

    const [mail] = await waitFor(async () => (await inboxOf(maildev, to)).length > 0 && inboxOf(maildev, to), 'the invitation mail');
    expect(mail?.subject).toBe("You're invited to join Embark");
    expect(mail?.text).toContain('You have been invited to Embark as Manager.');
    const link = /https:\/\/onboarding\.example\.com\/accept-invite\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
    expect(mail?.html).toContain(`href="${link?.[0]}"`);
    const token = link?.[1] as string;

    const ip = randomIp();
    await request(t.app).get(`/api/invitations/${token}`).set('x-forwarded-for', ip).expect(200, { email: to, name: 'Ada Lovelace', role_name: 'Manager' });
    const session = await request(t.app).post(`/api/invitations/${token}/accept`).set('x-forwarded-for', ip).send({ password: 'Analytical-Engine-1843' }).expect(201);
    await request(t.app).get('/api/auth/me').set(bearer(session.body.token)).expect(200);
    const [row] = (await t.dataSource.query('select sent_at from mail_outbox where to_address = $1', [to])) as Array<{ sent_at: Date | null }>;
    expect(row?.sent_at).toBeInstanceOf(Date);
  });
});
