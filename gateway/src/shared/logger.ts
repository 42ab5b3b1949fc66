/**
 * A small JSON-lines logger. One object per line keeps logs machine-readable
 * (container log drivers, jq) without pulling in a logging framework.
 *
 * It must never leak secrets: values under sensitive keys are replaced, and
 * credentials embedded in strings (connection URLs, bearer tokens) are masked.
 */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

const SEVERITY: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

// Matched against object keys, case-insensitively, ignoring `_` and `-`.
const SENSITIVE_KEY = /password|passwd|passphrase|^pass$|secret|token|authorization|cookie|jwt|apikey|privatekey|totp|^otp|backupcode|credential/i;

const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)([^\s@]+)(@)/gi;
const BEARER = /\b(Bearer\s+)[A-Za-z0-9._~+/-]+=*/g;

export function redactString(value: string): string {
  return value.replace(URL_CREDENTIALS, '$1***$3').replace(BEARER, '$1***');
}

function serializeError(err: Error, depth: number): LogFields {
  const out: LogFields = { name: err.name, message: redactString(err.message) };
  const code = (err as { code?: unknown }).code;
  if (code !== undefined) out.code = code;
  if (err.stack) out.stack = redactString(err.stack);
  if (err.cause !== undefined && depth < 3) out.cause = redact(err.cause, depth + 1);
  return out;
}

/** Returns a JSON-safe copy with secrets removed. Exported for tests. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[depth]';
  if (typeof value === 'string') return redactString(value);
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return serializeError(value, depth);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: LogFields = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SENSITIVE_KEY.test(key.replace(/[-_]/g, '')) ? '[redacted]' : redact(v, depth + 1);
  }
  return out;
}

export type LogSink = (line: string, level: Exclude<LogLevel, 'silent'>) => void;

const defaultSink: LogSink = (line, level) => {
  // warn/error go to stderr so they survive `> /dev/null` of routine output.
  (level === 'warn' || level === 'error' ? process.stderr : process.stdout).write(line + '\n');
};

export function createLogger(level: LogLevel = 'info', base: LogFields = {}, sink: LogSink = defaultSink): Logger {
  const threshold = SEVERITY[level];
  const write = (lvl: Exclude<LogLevel, 'silent'>, msg: string, fields?: LogFields): void => {
    if (SEVERITY[lvl] < threshold) return;
    const record = { time: new Date().toISOString(), level: lvl, msg: redactString(msg), ...(redact({ ...base, ...fields }) as LogFields) };
    let line: string;
    try {
      line = JSON.stringify(record);
    } catch {
      // Circular structures must not turn a log call into a crash.
      line = JSON.stringify({ time: record.time, level: lvl, msg: record.msg, note: 'fields not serializable' });
    }
    sink(line, lvl);
  };
  return {
    debug: (msg, fields) => write('debug', msg, fields),
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, fields) => write('error', msg, fields),
    child: (fields) => createLogger(level, { ...base, ...fields }, sink),
  };
}
