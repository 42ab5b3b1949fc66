import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MIN_JWT_SECRET_LENGTH } from './env';

export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * Outside production, an unset JWT_SECRET is generated once and kept in
 * DATA_DIR/jwt-secret (0600), so tokens survive restarts of a dev gateway
 * without anyone having to invent a secret. Production never gets here: the
 * config refuses to start without JWT_SECRET.
 */
export function readOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, JWT_SECRET_FILE);
  const existing = readSecret(file);
  if (existing !== null) return existing;

  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  try {
    // 'wx' fails if another process created it first; then we read theirs.
    fs.writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const raced = readSecret(file);
    if (raced === null) throw new Error(`${file} exists but holds no usable secret; delete it to regenerate`);
    return raced;
  }
}

function readSecret(file: string): string | null {
  let content: string;
  try {
    content = fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  if (content.length < MIN_JWT_SECRET_LENGTH) {
    throw new Error(`${file} holds a secret shorter than ${MIN_JWT_SECRET_LENGTH} characters; delete it to regenerate`);
  }
  // Keep the file private even if someone loosened it.
  try {
    fs.chmodSync(file, 0o600);
  } catch {
    // Not ours to chmod (read-only mount); the secret is still usable.
  }
  return content;
}
