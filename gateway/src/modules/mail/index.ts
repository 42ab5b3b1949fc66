/** The mail module's public surface: other modules import only this file. */
export { MailOutbox, MAIL_DELIVER_QUEUE, type MailOutboxOptions } from './mail.outbox';
export { MailWorker, MAIL_SWEEP_QUEUE, DEFAULT_DELIVERY_POLICY, type DeliveryOutcome, type DeliveryPolicy, type MailWorkerOptions } from './mail.worker';
export { createMailer, MAIL_ID_HEADER, type Mailer, type MailerOptions, type OutgoingMail } from './mailer';
export { escapeHtml, renderMail, type RenderContext, type RenderedMail } from './mail.templates';
export { APP_PATH_PATTERN, isDeliverableAddress, MailContentSchema, OutboxMailSchema, type MailContent, type MailKind, type OutboxMail } from './mail.schemas';
export { MAIL_LIMITS, MAIL_MESSAGES } from './mail.messages';
