import pino from 'pino';

/**
 * The gateway's logger: pino underneath (JSON lines in production, pretty in development), behind
 * this small interface so callers neither know nor care. The per-request lines go through it too
 * (http/request-log.ts).
 *
 * It must never leak secrets: values under sensitive keys are replaced, and
 * credentials embedded in strings (connection URLs, bearer tokens) are masked.
 * Our own `redact` runs in pino's formatters rather than pino's path-based `redact` option,
 * because secrets hide under any key at any depth (an error's cause, a nested body).
 */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** json: one object per line (production, containers, jq); pretty: colours and aligned fields for a terminal. */
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

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

type LineLevel = Exclude<LogLevel, 'silent'>;
export type LogSink = (line: string, level: LineLevel) => void;

/** Our interface over a pino instance. */
function wrapPino(instance: pino.Logger): Logger {
  return {
    // The enabled check first: a debug line below the level costs no redaction.
    debug: (msg, fields) => instance.isLevelEnabled('debug') && instance.debug(fields ?? {}, redactString(msg)),
    info: (msg, fields) => instance.isLevelEnabled('info') && instance.info(fields ?? {}, redactString(msg)),
    warn: (msg, fields) => instance.isLevelEnabled('warn') && instance.warn(fields ?? {}, redactString(msg)),
    error: (msg, fields) => instance.isLevelEnabled('error') && instance.error(fields ?? {}, redactString(msg)),
    child: (fields) => wrapPino(instance.child(fields)),
  };
}

/** warn and error go to stderr, so they survive `> /dev/null` of routine output; `dedupe` writes each line once. */
function splitStreams(out: pino.DestinationStream, err: pino.DestinationStream): pino.MultiStreamRes {
  return pino.multistream(
    [
      { level: 'debug', stream: out },
      { level: 'warn', stream: err },
    ],
    { dedupe: true },
  );
}

/** pino-pretty is a development dependency: absent from the production image, where the format falls back to JSON. */
type PrettyFactory = (options: Record<string, unknown>) => pino.DestinationStream;
function loadPretty(): PrettyFactory | null {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- optional at run time; a static import would fail where it is not installed
    return require('pino-pretty') as PrettyFactory;
  } catch {
    return null;
  }
}

/**
 * `output`: 'json' or 'pretty' for stdout/stderr, or a sink receiving each JSON line (tests capture
 * records this way). Every line carries `time` (ISO), `level` (its name) and `msg`, then the fields.
 */
export function createLogger(level: LogLevel = 'info', base: LogFields = {}, output: LogSink | LogFormat = 'json'): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: redact(base) as LogFields,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {
      level: (label) => ({ level: label }),
      bindings: (bindings) => redact(bindings) as LogFields,
      log: (fields) => redact(fields) as LogFields,
    },
  };
  let destination: pino.DestinationStream;
  const pretty = output === 'pretty' ? loadPretty() : null;
  if (typeof output === 'function') {
    const sinkFor = (lvl: LineLevel): pino.StreamEntry => ({ level: lvl, stream: { write: (line: string) => sink(line, lvl) } });
    const sink = (line: string, lvl: LineLevel): void => output(line.endsWith('\n') ? line.slice(0, -1) : line, lvl);
    destination = pino.multistream([sinkFor('debug'), sinkFor('info'), sinkFor('warn'), sinkFor('error')], { dedupe: true });
  } else if (pretty) {
    // pino-pretty reads pino's numeric levels; `sync` so the last lines before an exit are not lost.
    delete options.formatters?.level;
    const prettyTo = (fd: number): pino.DestinationStream =>
      pretty({ destination: fd, sync: true, colorize: Boolean(process.stdout.isTTY), translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
    destination = splitStreams(prettyTo(1), prettyTo(2));
  } else {
    destination = splitStreams(process.stdout, process.stderr);
  }
  const logger = wrapPino(pino(options, destination));
  if (output === 'pretty' && !pretty) logger.warn('LOG_FORMAT=pretty needs the pino-pretty package, which is not installed: logging JSON');
  return logger;
}
