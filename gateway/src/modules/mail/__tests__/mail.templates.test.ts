import { ValidationError } from '../../../shared/errors';
import { parseInput } from '../../../shared/validation';
import { escapeHtml, isDeliverableAddress, OutboxMailSchema, renderMail } from '..';

const context = { publicUrl: 'https://onboarding.example.com/embark' };
const expiresAt = new Date('2026-12-01T09:30:00Z');

describe('renderMail', () => {
  it('writes an invitation as text and branded HTML with the same words and link', () => {
    const mail = renderMail({ kind: 'invitation', data: { name: 'Ada Lovelace', roleName: 'Engineer', token: 'abc+/=def', expiresAt } }, context);
    expect(mail.subject).toBe("You're invited to join Embark");
    expect(mail.text).toBe(
      [
        'Hello Ada Lovelace,',
        '',
        'You have been invited to Embark as Engineer. Set a password to start your onboarding.',
        '',
        'Accept invitation: https://onboarding.example.com/embark/accept-invite?token=abc%2B%2F%3Ddef',
        '',
        'This link works once and expires on 1 December 2026, 09:30 UTC. If you did not expect this invitation, you can ignore this mail.',
        '',
        '— Embark',
        '',
      ].join('\n'),
    );
    expect(mail.html).toContain('>Embark</td>');
    expect(mail.html).toContain('<a href="https://onboarding.example.com/embark/accept-invite?token=abc%2B%2F%3Ddef"');
    expect(mail.html).toContain('>Accept invitation</a>');
    expect(mail.html).toContain('You have been invited to Embark as Engineer.');
  });

  it('escapes every interpolated value in the HTML part and keeps the text part as written', () => {
    const name = `<img src=x onerror="alert('x')"> & Co`;
    const mail = renderMail({ kind: 'password-reset', data: { name, token: 't'.repeat(32), expiresAt } }, context);
    expect(mail.subject).toBe('Reset your Embark password');
    expect(mail.text).toContain(`Hello ${name},`);
    expect(mail.html).toContain('Hello &lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt; &amp; Co,');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain(`/reset-password?token=${'t'.repeat(32)}`);
  });

  it('escapes the five HTML metacharacters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('OutboxMailSchema', () => {
  const content = { kind: 'invitation' as const, data: { name: 'Ada', roleName: 'Engineer', token: 'x'.repeat(32), expiresAt } };

  it('refuses a recipient that is not an address, naming the problem', () => {
    const bad = () => parseInput(OutboxMailSchema, { to: 'ada@example.com\r\nBcc: all@example.com', content });
    expect(bad).toThrow(ValidationError);
    expect(bad).toThrow('Mail recipient must be a valid email address');
  });

  it('refuses an unknown kind and a short token', () => {
    expect(() => parseInput(OutboxMailSchema, { to: 'ada@example.com', content: { kind: 'newsletter', data: {} } })).toThrow('Unknown kind of mail');
    expect(() => parseInput(OutboxMailSchema, { to: 'ada@example.com', content: { ...content, data: { ...content.data, token: 'short' } } })).toThrow(
      'Mail link token is required',
    );
  });
  it('takes only in-app paths as a reminder link, never one a browser opens as another site', () => {
    const digest = (link: string) => ({ to: 'ada@example.com', content: { kind: 'digest', data: { name: 'Ada', tasks: [{ title: 'Tour', hire: null, dueDate: '2031-03-03', overdueDays: 0 }], more: 0, link } } });
    expect(parseInput(OutboxMailSchema, digest('/app/my-tasks')).content.kind).toBe('digest');
    for (const link of ['//evil.example/app', '/\\evil.example', 'https://evil.example', 'app/checklist']) {
      expect(() => parseInput(OutboxMailSchema, digest(link))).toThrow(ValidationError);
    }
  });

  it('tells which account addresses the outbox takes', () => {
    expect(isDeliverableAddress('ada@example.com')).toBe(true);
    // Registration's looser rule takes these; the outbox does not, so reminders tell such people in the app only.
    expect(isDeliverableAddress('zoë@example.com')).toBe(false);
    expect(isDeliverableAddress('first..last@example.com')).toBe(false);
  });
});

