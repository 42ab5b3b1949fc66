import nodemailer from 'nodemailer';

/** One rendered mail on its way out. */
export interface OutgoingMail {
  /** The outbox row's id, sent as the MAIL_ID_HEADER: a receiver (or a test) tells a redelivery from a new mail by it. */
  id?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Names the outbox row in every mail, so duplicates can be counted at the receiving end (docs/reliability.md). */
export const MAIL_ID_HEADER = 'X-Embark-Mail-Id';

/** Delivers over SMTP; `send` resolves once the server accepted the mail. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string;
  from: string;
  /** How long to wait for the server at each step; a hung server must not hold a worker (and its row lock) for long. */
  timeoutMs?: number;
}

/** nodemailer over SMTP_URL (smtp:// with STARTTLS when offered, smtps:// for implicit TLS). */
export function createMailer(options: MailerOptions): Mailer {
  const timeout = options.timeoutMs ?? 15_000;
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 2,
  });
  return {
    send: async (mail) => {
      const headers = mail.id === undefined ? undefined : { [MAIL_ID_HEADER]: mail.id };
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers });
    },
    close: () => transport.close(),
  };
}
