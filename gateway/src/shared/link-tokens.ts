import crypto from 'node:crypto';

/*
 * Tokens of the single-use links Embark mails (a password reset, an
 * invitation). The link carries the token; the database keeps only its
 * SHA-256 (the outbox drops a mail's body once it is delivered), so a copy of
 * the database opens no delivered link. A plain hash is enough:
 * the token is 256 random bits, not a password anyone could guess.
 */

/** Random bytes of a token: 43 base64url characters in the link. */
export const LINK_TOKEN_BYTES = 32;

/** The hex SHA-256 under which a token is stored and looked up. */
export function hashLinkToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A fresh token for a link, and the hash to store. */
export function newLinkToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(LINK_TOKEN_BYTES).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}
