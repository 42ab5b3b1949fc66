import { SecretBox } from '../secret-box';

describe('SecretBox (TOTP secrets at rest)', () => {
  const box = new SecretBox('k'.repeat(48));
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

  it('round-trips, with a fresh IV each time', () => {
    const a = box.seal(secret, 7);
    const b = box.seal(secret, 7);
    expect(a).not.toBe(b);
    expect(a).not.toContain(secret);
    expect(a).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(box.open(a, 7)).toBe(secret);
  });

  it('refuses another user id, another key, and any tampering', () => {
    const sealed = box.seal(secret, 7);
    expect(() => box.open(sealed, 8)).toThrow();
    // The words an operator needs after rotating the key the secrets were sealed under.
    expect(() => new SecretBox('j'.repeat(48)).open(sealed, 7)).toThrow(/user 7 cannot be opened: sealed under another key \(TOTP_ENCRYPTION_KEY, or JWT_SECRET while that is unset, changed since\)/);
    const [v, iv, tag, body] = sealed.split(':') as [string, string, string, string];
    // The first character: all six of its bits are data (the last one's low bits may be base64 padding).
    const flipped = (body.startsWith('A') ? 'B' : 'A') + body.slice(1);
    expect(() => box.open([v, iv, tag, flipped].join(':'), 7)).toThrow();
    expect(() => box.open('v0:x:y:z', 7)).toThrow(/unrecognised/);
  });
});
