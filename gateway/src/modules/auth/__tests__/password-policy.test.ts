import { dictionary } from '@zxcvbn-ts/language-common';
import { assertNewPasswordAllowed, COMMON_PASSWORD_COUNT, newPasswordProblem } from '../password-policy';

describe('the new-password policy', () => {
  const ranked = dictionary['passwords-common'];

  it('refuses exactly the 10,000 most common passwords, ignoring case', () => {
    expect(COMMON_PASSWORD_COUNT).toBe(10_000);
    expect(ranked.length).toBeGreaterThan(COMMON_PASSWORD_COUNT);
    for (const password of ['password', 'qwerty123', 'Password1', 'PASSW0RD', 'Trustno1', ranked[COMMON_PASSWORD_COUNT - 1] as string]) {
      expect(newPasswordProblem(password, 'someone@example.org')).toBe('This password is too common');
    }
    // The next one down the list is not among them.
    const next = ranked[COMMON_PASSWORD_COUNT] as string;
    expect(ranked.slice(0, COMMON_PASSWORD_COUNT)).not.toContain(next);
    expect(newPasswordProblem(next, 'someone@example.org')).toBeNull();
  });

  it("refuses a password containing the email's name (3 characters or more), ignoring case", () => {
    expect(newPasswordProblem('xMARIA.LOPEZx9', 'Maria.Lopez@example.org')).toBe('Password must not contain your email');
    expect(newPasswordProblem('bob-builder-7', 'bob@example.org')).toBe('Password must not contain your email');
    // Only the name before the last "@" counts, and a shorter one is ignored.
    expect(newPasswordProblem('MariaLopez-19', 'maria.lopez@example.org')).toBeNull();
    expect(newPasswordProblem('Enjoy-it-42', 'jo@example.org')).toBeNull();
    expect(newPasswordProblem('example-org-1', 'maria@example.org')).toBeNull();
  });

  it("accepts the passwords the suites and the demo's documentation use for new accounts", () => {
    for (const password of ['Welcome123', 'Passw0rd-test', 'Onboard2025', 'Reflect2025', 'Dates12345', 'Loadtest123', 'Bench-Password-123', 'Fresh-start-42']) {
      expect(newPasswordProblem(password, 'new.hire@example.org')).toBeNull();
    }
  });

  it('assertNewPasswordAllowed throws the 400 with the message as its one detail', () => {
    expect(() => assertNewPasswordAllowed('letmein1', 'x@example.org')).toThrow(expect.objectContaining({ status: 400, details: ['This password is too common'] }));
    expect(() => assertNewPasswordAllowed('Sound-Mind-88', 'x@example.org')).not.toThrow();
  });
});
