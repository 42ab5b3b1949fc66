import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths.mjs';

/** A port from the environment; `fallback` when unset or empty. Exits with a clear message when it is not a port. */
export function portFromEnv(name, fallback, { min = 1, env = process.env } = {}) {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > 65535) {
    console.error(`embark: ${name} must be a port number between ${min} and 65535 (got "${raw}")`);
    process.exit(2);
  }
  return n;
}

/**
 * Loads `.env` at the repository root into process.env when the file exists, with the parser of
 * Node's `--env-file` (process.loadEnvFile). The real environment wins: a variable already set,
 * even to an empty string, is kept. Children the launchers spawn inherit the result. Returns
 * whether a file was loaded. Why not `--env-file` itself: docs/decisions.md.
 */
export function loadDotEnv(file = path.join(repoRoot, '.env')) {
  if (!fs.existsSync(file)) return false;
  try {
    process.loadEnvFile(file);
  } catch (err) {
    console.error(`embark: ${file} cannot be read: ${err.message}`);
    process.exit(2);
  }
  return true;
}
