import crypto from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts TOTP secrets at rest (docs/product.md#two-factor) with AES-256-GCM. The key is
 * HKDF-SHA256 of TOTP_ENCRYPTION_KEY, or of JWT_SECRET when that is unset, with
 * a purpose label, so the signing key and the encryption key are never the same
 * bytes. Each ciphertext is bound to its user id (GCM additional data): a
 * secret copied onto another account's row fails to decrypt.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string) {
    this.key = Buffer.from(crypto.hkdfSync('sha256', keyMaterial, 'embark', 'totp-secret-encryption:v1', 32));
  }

  seal(plaintext: string, userId: number): string {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(aad(userId));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join(':');
  }

  /** Throws on tampering, a wrong key or a foreign user id (GCM authentication). */
  open(sealed: string, userId: number): string {
    const [version, iv, tag, body] = sealed.split(':');
    if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) throw new Error('unrecognised sealed secret');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(userId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    try {
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch (cause) {
      // Most often a changed key: the operator reading the log needs that, not GCM's own words.
      throw new Error(`the stored TOTP secret of user ${userId} cannot be opened: sealed under another key (TOTP_ENCRYPTION_KEY, or JWT_SECRET while that is unset, changed since), or altered`, { cause });
    }
  }
}

function aad(userId: number): Buffer {
  return Buffer.from(`embark-user:${userId}`, 'utf8');
}
