import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { findRepoRoot } from '../src/config/repo-root';
import { startJobs, type PgBoss } from '../src/jobs';
import { createMailer, MailWorker } from '../src/modules/mail';
import { createLogger } from '../src/shared/logger';

/*
 * MailDev for the tests that follow a mail to an inbox: started as its own
 * process (scripts/lib/maildev.mjs, the launchers' helper: MailDev is
 * ESM-only) on free ports, read back through its REST API.
 */

export interface MailDevProcess {
  child: ChildProcess;
  smtpPort: number;
  webPort: number;
}

export interface ReceivedMail {
  subject: string;
  to: { address: string }[];
  from: { address: string; name: string }[];
  text: string;
  html: string;
}

export function startMailDev(): Promise<MailDevProcess> {
  const root = findRepoRoot() as string;
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'lib', 'maildev.mjs'), '0', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, ...(JSON.parse(line) as { smtpPort: number; webPort: number }) });
    });
    child.once('exit', (code) => reject(new Error(`MailDev exited with ${code}: ${out}`)));
  });
}

export function stopMailDev(maildev: MailDevProcess): Promise<void> {
  if (maildev.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    maildev.child.once('exit', () => resolve());
    maildev.child.kill('SIGTERM');
  });
}

/** The mails MailDev received for `to`. */
export async function inboxOf(maildev: MailDevProcess, to: string): Promise<ReceivedMail[]> {
  const res = await fetch(`http://127.0.0.1:${maildev.webPort}/api/email`);
  const all = (await res.json()) as ReceivedMail[];
  return all.filter((m) => m.to.some((t) => t.address === to));
}

/** Polls `probe` until it answers something truthy, or fails after `timeoutMs`. */
export async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** pg-boss and the mail worker on a test database, delivering to MailDev with short retries. */
export interface MailPipeline {
  boss: PgBoss;
  worker: MailWorker;
  /** Stops the worker (letting deliveries finish), then pg-boss. */
  stop(): Promise<void>;
}

/** Starts pg-boss on `url` (its tables created if needed) and a mail worker that delivers `dataSource`'s outbox to `maildev`. */
export async function startMailPipeline(url: string, dataSource: DataSource, maildev: MailDevProcess): Promise<MailPipeline> {
  const logger = createLogger('silent');
  const boss = await startJobs({ url, logger, schedule: false });
  const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${maildev.smtpPort}`, from: 'Embark <no-reply@example.com>' });
  const worker = new MailWorker({ boss, dataSource, logger, mailer, policy: { retryLimit: 3, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5, concurrency: 2 } });
  await worker.start();
  return {
    boss,
    worker,
    stop: async () => {
      await worker.stop();
      await boss.stop({ graceful: false, wait: true });
    },
  };
}
