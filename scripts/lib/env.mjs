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
