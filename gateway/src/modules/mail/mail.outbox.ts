import type { EntityManager } from 'typeorm';
import { TransactionalJobs, transactionDb } from '../../jobs';
import { queryRows } from '../../shared/sql';
import { parseInput } from '../../shared/validation';
import { OutboxMailSchema, type OutboxMail } from './mail.schemas';
import { renderMail } from './mail.templates';

/** The pg-boss queue of deliveries: one job per outbox row, `{ outboxId }`. */
export const MAIL_DELIVER_QUEUE = 'mail-deliver';

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

  /** Queues many mails with one statement each for the rows and their jobs (a CSV import); answers the ids created. */
  async enqueueMany(manager: EntityManager, mails: readonly OutboxMail[]): Promise<string[]> {
    transactionDb(manager); // refuses outside a transaction, before anything is written
    if (mails.length === 0) return [];
    const rendered = mails.map((input) => {
      const mail = parseInput(OutboxMailSchema, input);
      return { ...mail, ...renderMail(mail.content, { publicUrl: this.options.publicUrl }) };
    });
    const rows = await queryRows<{ id: string }>(
      manager,
      `insert into mail_outbox (to_address, subject, text, html, kind, dedupe_key)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
       on conflict (dedupe_key) do nothing
       returning id::text as id`,
      [
        rendered.map((m) => m.to),
        rendered.map((m) => m.subject),
        rendered.map((m) => m.text),
        rendered.map((m) => m.html),
        rendered.map((m) => m.content.kind),
        rendered.map((m) => m.dedupeKey ?? null),
      ],
    );
    const ids = rows.map((r) => r.id);
    await this.jobs.insert(
      manager,
      ids.map((outboxId) => ({ name: MAIL_DELIVER_QUEUE, data: { outboxId } satisfies DeliverJob })),
    );
    return ids;
  }
}
