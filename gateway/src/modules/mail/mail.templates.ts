import { formatDay, MONTHS } from '../../shared/dates';
import type { MailContent } from './mail.schemas';

/*
 * Every mail Embark sends: a subject, a plain-text part and a branded HTML
 * part, built from one layout. Interpolated values are HTML-escaped in the
 * HTML part (a hire's name is user input); links start with PUBLIC_URL.
 */

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface RenderContext {
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
}

const BRAND = { name: 'Embark', primary: '#4338ca', text: '#1c2333', muted: '#4a5468', bg: '#f6f7fb', border: '#dde1ea' } as const;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}

/** A header never carries a line break (header injection) or runs of whitespace. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

function link(context: RenderContext, path: string, token: string): string {
  return `${context.publicUrl}${path}?token=${encodeURIComponent(token)}`;
}

/** "24 November 2026, 01:30 UTC": unambiguous for a reader anywhere, and the same on every ICU build. */
function when(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** Where every reminder mail sends its reader to turn the digest off (docs/product.md#notifications). */
export const PREFERENCES_PATH = '/app/profile/notifications';

type ReminderTask = Extract<MailContent, { kind: 'digest' }>['data']['tasks'][number];

/** One line of a reminder: "Book your first 1:1 (Ada Lovelace) — overdue 2 working days, due Mon 3 Feb 2027". */
function taskLine(task: ReminderTask): string {
  const whose = task.hire === null ? '' : ` (${task.hire})`;
  const when = task.overdueDays > 0 ? `overdue ${task.overdueDays} working day${task.overdueDays === 1 ? '' : 's'}, due ${formatDay(task.dueDate)}` : `due ${formatDay(task.dueDate)}`;
  return `${task.title}${whose} — ${when}`;
}

function taskList(tasks: ReminderTask[], more: number): string[] {
  return [...tasks.map(taskLine), ...(more > 0 ? [`and ${more} more`] : [])];
}

/** One mail's words, as plain paragraphs and one call to action; the layout makes both parts from it. */
interface MailBody {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** A bulleted list after the paragraphs (the tasks of a reminder). */
  list?: string[];
  action: { label: string; url: string };
  footnote: string;
  /** The notification preferences address, on every mail about the reader's notifications. */
  preferences?: string;
}

function body(content: MailContent, context: RenderContext): MailBody {
  switch (content.kind) {
    case 'invitation': {
      const { name, roleName, token, expiresAt } = content.data;
      return {
        subject: `You're invited to join ${BRAND.name}`,
        greeting: `Hello ${name},`,
        paragraphs: [`You have been invited to ${BRAND.name} as ${roleName}. Set a password to start your onboarding.`],
        action: { label: 'Accept invitation', url: link(context, '/accept-invite', token) },
        footnote: `This link works once and expires on ${when(expiresAt)}. If you did not expect this invitation, you can ignore this mail.`,
      };
    }
    case 'password-reset': {
      const { name, token, expiresAt } = content.data;
      return {
        subject: `Reset your ${BRAND.name} password`,
        greeting: `Hello ${name},`,
        paragraphs: ['Someone asked to reset the password of your account. Choose a new password with the link below.'],
        action: { label: 'Reset password', url: link(context, '/reset-password', token) },
        footnote: `This link works once and expires on ${when(expiresAt)}. If you did not ask for it, ignore this mail: your password stays as it is.`,
      };
    }
    case 'digest': {
      const { name, tasks, more, link: path } = content.data;
      const count = tasks.length + more;
      return {
        subject: `${count} onboarding task${count === 1 ? '' : 's'} due soon or overdue`,
        greeting: `Hello ${name},`,
        paragraphs: [`These onboarding tasks you own are due within the next 2 working days or overdue:`],
        list: taskList(tasks, more),
        action: { label: 'Open your tasks', url: `${context.publicUrl}${path}` },
        footnote: 'You get this digest on working days while you own open tasks that are due soon or overdue.',
        preferences: `${context.publicUrl}${PREFERENCES_PATH}`,
      };
    }
    case 'escalation': {
      const { name, tasks, more, link: path } = content.data;
      const count = tasks.length + more;
      return {
        subject: `Escalation: ${count} onboarding task${count === 1 ? ' is' : 's are'} overdue`,
        greeting: `Hello ${name},`,
        paragraphs: ['These onboarding tasks are overdue and need your attention:'],
        list: taskList(tasks, more),
        action: { label: 'See the overdue tasks', url: `${context.publicUrl}${path}` },
        footnote: 'Each overdue task is escalated once. Escalations cannot be turned off.',
        preferences: `${context.publicUrl}${PREFERENCES_PATH}`,
      };
    }
    case 'checklist-changed': {
      const { name, body: text, link: path } = content.data;
      return {
        subject: 'Your checklist changed',
        greeting: `Hello ${name},`,
        paragraphs: [text],
        action: { label: 'Open your checklist', url: `${context.publicUrl}${path}` },
        footnote: 'Your onboarding checklist follows your role.',
        preferences: `${context.publicUrl}${PREFERENCES_PATH}`,
      };
    }
  }
}

/** Subject, text and HTML of one mail, all from the same words. */
export function renderMail(content: MailContent, context: RenderContext): RenderedMail {
  const b = body(content, context);
  const text = [
    b.greeting,
    '',
    ...b.paragraphs.flatMap((p) => [p, '']),
    ...(b.list ? [...b.list.map((item) => `- ${item}`), ''] : []),
    `${b.action.label}: ${b.action.url}`,
    '',
    b.footnote,
    '',
    ...(b.preferences ? [`Notification preferences: ${b.preferences}`, ''] : []),
    `— ${BRAND.name}`,
    '',
  ].join('\n');
  return { subject: oneLine(b.subject), text, html: layout(b) };
}

/** The one layout: a centred card with the brand bar, inline styles only (mail clients drop <style>). */
function layout(b: MailBody): string {
  const e = escapeHtml;
  const paragraphs =
    b.paragraphs.map((p) => `<p style="margin:0 0 16px">${e(p)}</p>`).join('') +
    (b.list ? `<ul style="margin:0 0 16px;padding-left:20px">${b.list.map((item) => `<li style="margin:0 0 4px">${e(item)}</li>`).join('')}</ul>` : '');
  const preferences = b.preferences
    ? `\n<p style="margin:16px 0 0;color:${BRAND.muted};font-size:14px"><a href="${e(b.preferences)}" style="color:${BRAND.primary}">Notification preferences</a></p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(b.subject)}</title></head>
<body style="margin:0;padding:24px 12px;background:${BRAND.bg};font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:${BRAND.text};font-size:16px;line-height:1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid ${BRAND.border};border-radius:8px">
<tr><td style="background:${BRAND.primary};color:#ffffff;padding:16px 24px;border-radius:8px 8px 0 0;font-size:20px;font-weight:700">${BRAND.name}</td></tr>
<tr><td style="padding:24px">
<p style="margin:0 0 16px">${e(b.greeting)}</p>
${paragraphs}
<p style="margin:24px 0"><a href="${e(b.action.url)}" style="display:inline-block;background:${BRAND.primary};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${e(b.action.label)}</a></p>
<p style="margin:0 0 16px;color:${BRAND.muted};font-size:14px">If the button does not work, open this address: <a href="${e(b.action.url)}" style="color:${BRAND.primary}">${e(b.action.url)}</a></p>
<p style="margin:0;color:${BRAND.muted};font-size:14px">${e(b.footnote)}</p>${preferences}
</td></tr></table>
</td></tr></table>
</body></html>
`;
}
