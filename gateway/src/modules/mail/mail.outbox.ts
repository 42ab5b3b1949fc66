import type { DataSource, EntityManager } from 'typeorm';
import { TransactionalJobs, transactionDb } from '../../jobs';
import { deleteOlderThan, queryRows, SqlParams } from '../../shared/sql';
import { parseInput } from '../../shared/validation';
import { OutboxMailSchema, type OutboxMail } from './mail.schemas';
import { renderMail } from './mail.templates';

/** The pg-boss queue of deliveries: one job per outbox row, `{ outboxId }`. */
export const MAIL_DELIVER_QUEUE = 'mail-deliver';

/** Six parameters a row: well under PostgreSQL's 65,535 per statement. */
const OUTBOX_ROWS_PER_STATEMENT = 1000;

export interface DeliverJob {
  outboxId: string;
}

export interface MailOutboxOptions {
  /** PUBLIC_URL without a trailing slash: links in mail start with it. */
  publicUrl: string;
  /** Sends the delivery jobs; one per process is enough. */
  jobs?: TransactionalJobs;
}

/**
 * The only writer of new mail. A caller queues mail inside the transaction of
 * the action that causes it: the outbox row and its delivery job commit or
 * roll back with that action, so a mail is never sent for an action that did
 * not happen, and never lost for one that did.
 */
export class MailOutbox {
  private readonly jobs: TransactionalJobs;

  constructor(private readonly options: MailOutboxOptions) {
    this.jobs = options.jobs ?? new TransactionalJobs();
  }

  /** Queues one mail; answers its outbox id, or null when a mail with the same dedupe key is already queued. */
  async enqueue(manager: EntityManager, mail: OutboxMail): Promise<string | null> {
    const [id] = await this.enqueueMany(manager, [mail]);
    return id ?? null;
  }

  /** Queues many mails (a CSV import): a statement per thousand rows, one for their jobs; answers the ids created. */
  async enqueueMany(manager: EntityManager, mails: readonly OutboxMail[]): Promise<string[]> {
    transactionDb(manager); // refuses outside a transaction, before anything is written
    if (mails.length === 0) return [];
    const rendered = mails.map((input) => {
      const mail = parseInput(OutboxMailSchema, input);
      return { ...mail, ...renderMail(mail.content, { publicUrl: this.options.publicUrl }) };
    });
    // Plain bind parameters, a thousand rows per statement: megabytes of rendered mail sent as
    // array literals (unnest) cost PostgreSQL more to parse than the insert itself.
    const ids: string[] = [];
    for (let start = 0; start < rendered.length; start += OUTBOX_ROWS_PER_STATEMENT) {
      const params = new SqlParams();
      const values = rendered
        .slice(start, start + OUTBOX_ROWS_PER_STATEMENT)
        .map((m) => `(${[m.to, m.subject, m.text, m.html, m.content.kind, m.dedupeKey ?? null].map((v) => params.add(v)).join(', ')})`);
      const rows = await queryRows<{ id: string }>(
        manager,
        `insert into mail_outbox (to_address, subject, text, html, kind, dedupe_key) values ${values.join(', ')}
         on conflict (dedupe_key) do nothing
         returning id::text as id`,
        params.values,
      );
      ids.push(...rows.map((r) => r.id));
    }
    await this.jobs.insert(
      manager,
      ids.map((outboxId) => ({ name: MAIL_DELIVER_QUEUE, data: { outboxId } satisfies DeliverJob })),
    );
    return ids;
  }

  /**
   * Withdraws queued mail not yet sent whose dedupe key starts with `keyPrefix` (the links of a revoked
   * or replaced invitation), so nobody receives a link that no longer works; their delivery jobs then
   * find no row. A mail being delivered holds its row across the SMTP exchange: it is skipped, not
   * waited for (a slow mail server must not time the caller out), and may still go out.
   */
  async withdrawUnsent(manager: EntityManager, keyPrefix: string): Promise<number> {
    const rows = await queryRows<{ id: string }>(
      manager,
      `delete from mail_outbox where id in (
         select id from mail_outbox where sent_at is null and starts_with(dedupe_key, $1) for update skip locked
       ) returning id::text as id`,
      [keyPrefix],
    );
    return rows.length;
  }

  /**
   * Deletes the envelopes (recipient, subject, kind, times) of mail sent before `before`: the worker
   * blanks a mail's text once it is out, and who was mailed what is personal data nobody needs for
   * long. Unsent mail stays for the sweep and for operators. The dedupe keys that go with it guard a
   * single day (digests) or an invitation link that expired long before.
   */
  pruneSent(db: DataSource | EntityManager, before: Date): Promise<number> {
    return deleteOlderThan(db, 'mail_outbox', 'sent_at', before);
  }
}
