import path from 'node:path';
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from '../shared/logger';

export type NodeEnv = 'development' | 'production' | 'test';
const NODE_ENVS: readonly NodeEnv[] = ['development', 'production', 'test'];

/** Express `trust proxy` setting: off, a hop count, or a list of addresses/subnets. */
export type TrustProxy = boolean | number | string[];

export interface Config {
  nodeEnv: NodeEnv;
  port: number;
  /** null: start the embedded PostgreSQL. */
  databaseUrl: string | null;
  databasePoolMax: number;
  dataDir: string;
  embeddedPgPort: number;
  seedDemo: boolean;
  /** null until resolved by loadConfig (generated outside production). */
  jwtSecret: string | null;
  logLevel: LogLevel;
  /** pretty needs pino-pretty (a development dependency); the default is pretty in development only. */
  logFormat: LogFormat;
  /** Port of the Prometheus `/metrics` server, apart from the app; null: none (METRICS_PORT=0 or off). */
  metricsPort: number | null;
  trustProxy: TrustProxy;
  shutdownTimeoutMs: number;
  auth: AuthConfig;
  mail: MailConfig;
  /**
   * Whether this process registers the reminder job's pg-boss schedule and works its ticks
   * (REMINDER_SCHEDULE=on|off). Off for a stack whose tests count notifications; reminders can
   * still be run by hand. The company-wide switch is a setting (docs/product.md#notifications).
   */
  reminderSchedule: boolean;
  reports: ReportsConfig;
}

/** CSV downloads (docs/decisions.md, "CSV reports"). */
export interface ReportsConfig {
  /** A download whose client has read nothing for this long is cut, which frees its database connection (REPORT_STALL_SECONDS). */
  stallSeconds: number;
}

/** Outgoing mail and the links in it. */
export interface MailConfig {
  /** SMTP server (smtp:// or smtps://). Unset outside production: the local MailDev on `mailDevSmtpPort`. */
  smtpUrl: string;
  /** True when SMTP_URL was unset and mail goes to the local MailDev (never in production). */
  usesMailDev: boolean;
  /** The From header, e.g. `Embark <no-reply@example.com>`. */
  from: string;
  /** Where the shell is reached, without a trailing slash: links in mail start with it. */
  publicUrl: string;
  /** MailDev's ports (the launchers start it; the gateway needs them for its default and to name the inbox). */
  mailDevSmtpPort: number;
  mailDevWebPort: number;
}

/** A fixed-window limit: at most `max` counted events per `windowSeconds`. */
export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/** Security knobs of the auth module (docs/product.md#rate-limits). Every limit is configurable by env. */
export interface AuthConfig {
  /** argon2id cost. Parallelism is always 1 (docs/product.md#passwords). */
  argon2: { memoryKib: number; timeCost: number };
  /**
   * Key material for encrypting TOTP secrets at rest. null: derived from
   * JWT_SECRET with HKDF (so rotating JWT_SECRET makes enrolled authenticators
   * unreadable: set this separately if you plan to rotate).
   */
  totpEncryptionKey: string | null;
  rateLimits: {
    /** Failed sign-ins for one account from one address. */
    loginPerAccount: RateLimitRule;
    /** Failed passwords for one account from every address together: many addresses are cheap. */
    loginPerAccountTotal: RateLimitRule;
    /** Failed sign-ins from one address, all accounts together. */
    loginPerAddress: RateLimitRule;
    /** Registration attempts from one address. */
    registerPerAddress: RateLimitRule;
    /**
     * Failed password/code checks of one account: a signed-in user's (the 2FA
     * settings, a password change) and wrong codes of its sign-in second steps.
     */
    twoFactorPerUser: RateLimitRule;
    /** 'Forgot password?' requests from one address (past it: 429). */
    passwordResetPerAddress: RateLimitRule;
    /** Reset mails to one address (past it: the same answer, but no more mail). */
    passwordResetPerAccount: RateLimitRule;
    /** Invitation links that cannot be used (guesses), from one address. */
    invitationTokenPerAddress: RateLimitRule;
  };
  twoFactor: {
    /** How long after a correct password the second step may be completed. */
    challengeTtlSeconds: number;
    /** Second-step attempts per password step. */
    maxAttempts: number;
  };
  sessions: {
    /** A session with no request for this long has ended (SESSION_IDLE_MINUTES). */
    idleMinutes: number;
    /**
     * Sign-in attempts per clean-up of long-ended sessions and stale rate-limit windows, on average
     * (0: never). Not an environment variable: the test suite sets 0, since its suites share one
     * database and some pin a clock in the past, whose sessions another suite's clean-up would delete.
     */
    pruneOneIn: number;
  };
}

/** OWASP's argon2id floor (m = 19 MiB, t = 2, p = 1); only NODE_ENV=test may go below. */
export const ARGON2_FLOOR = { memoryKib: 19_456, timeCost: 2 } as const;
/** The least argon2 accepts at all (8 KiB per lane), for fast tests. */
const ARGON2_TEST_FLOOR = { memoryKib: 8, timeCost: 1 } as const;

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid gateway configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const MIN_JWT_SECRET_LENGTH = 32;

/** Empty strings count as unset: `FOO= npm start` should mean "default". */
function read(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}

function parseIntInRange(env: Env, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return Number(raw);
}

/** `expected` names the spellings the variable is documented with, for the problem message. */
function parseBool(env: Env, name: string, problems: string[], expected = 'true or false'): boolean | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  const lower = raw.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(lower)) return true;
  if (['false', '0', 'no', 'off'].includes(lower)) return false;
  problems.push(`${name} must be ${expected} (got "${raw}")`);
  return undefined;
}

function parseTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  if (raw === undefined) return false;
  const lower = raw.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  const parts = raw.split(',').map((p) => p.trim()).filter(Boolean);
  // Addresses, CIDR subnets, or express's named ranges (loopback, linklocal, uniquelocal).
  const valid = parts.every((p) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(p) || ['loopback', 'linklocal', 'uniquelocal'].includes(p));
  if (parts.length === 0 || !valid) {
    problems.push(`TRUST_PROXY must be true, false, a hop count, or a comma-separated list of addresses/subnets (got "${raw}")`);
    return false;
  }
  return parts;
}

function parsePublicUrl(raw: string | undefined, problems: string[]): string {
  const fallback = 'http://localhost:3000';
  if (raw === undefined) return fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push(`PUBLIC_URL must be an http(s) URL such as https://onboarding.example.com (got "${raw}")`);
    return fallback;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '') {
    problems.push(`PUBLIC_URL must be an http(s) URL without query or fragment, such as https://onboarding.example.com (got "${raw}")`);
    return fallback;
  }
  // Links are built as `${publicUrl}/accept-invite?…`, so no trailing slash.
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** `Name <address>` or a bare address; nodemailer takes either. */
const MAIL_FROM_PATTERN = /^(?:[^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/;

/** `requireSmtp`: a production server, which must not fall back to the local MailDev. */
function parseMail(env: Env, requireSmtp: boolean, problems: string[]): MailConfig {
  const mailDevSmtpPort = parseIntInRange(env, 'MAILDEV_SMTP_PORT', 1025, 1, 65535, problems);
  const mailDevWebPort = parseIntInRange(env, 'MAILDEV_WEB_PORT', 1080, 1, 65535, problems);
  const smtpRaw = read(env, 'SMTP_URL');
  const smtpUrl = parseCredentialUrl(smtpRaw, 'SMTP_URL', ['smtp', 'smtps'], 'smtp://user:password@smtp.example.com:587 or smtps://…:465', problems);
  if (smtpRaw === undefined && requireSmtp) {
    problems.push('SMTP_URL is required in production, e.g. smtp://user:password@smtp.example.com:587 (outside production an unset SMTP_URL means the local MailDev)');
  }
  const publicUrl = parsePublicUrl(read(env, 'PUBLIC_URL'), problems);
  const fromRaw = read(env, 'MAIL_FROM');
  let from = `Embark <no-reply@${new URL(publicUrl).hostname}>`;
  if (fromRaw !== undefined) {
    if (MAIL_FROM_PATTERN.test(fromRaw)) from = fromRaw;
    else problems.push(`MAIL_FROM must be an address or "Name <address>" (got "${fromRaw}")`);
  }
  return {
    smtpUrl: smtpUrl ?? `smtp://127.0.0.1:${mailDevSmtpPort}`,
    usesMailDev: smtpRaw === undefined,
    from,
    publicUrl,
    mailDevSmtpPort,
    mailDevWebPort,
  };
}

/**
 * A connection URL with one of `schemes` (`['smtp', 'smtps']`). It may hold a
 * password, so a problem names the variable and the scheme, never the value.
 */
function parseCredentialUrl(raw: string | undefined, name: string, schemes: string[], expected: string, problems: string[]): string | null {
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push(`${name} is not a valid URL (expected ${expected})`);
    return null;
  }
  if (!schemes.some((scheme) => url.protocol === `${scheme}:`)) {
    problems.push(`${name} must use the ${schemes.map((scheme) => `${scheme}://`).join(' or ')} scheme (got "${url.protocol}")`);
    return null;
  }
  return raw;
}

export interface ParseOptions {
  /**
   * false for the command-line tools: they neither sign tokens nor send mail (the
   * gateway's worker delivers what they queue), so production does not require
   * JWT_SECRET and SMTP_URL of them. Default true.
   */
  server?: boolean;
}

/**
 * Parses and validates the environment. Pure (no I/O), so every rule is unit
 * tested; all problems are collected and reported together so an operator fixes
 * them in one go rather than one restart per variable.
 */
export function parseEnv(env: Env, repoRoot: string | null, options: ParseOptions = {}): Config {
  const problems: string[] = [];
  const server = options.server ?? true;

  // Unset means production: a deployment that forgets it must not get demo accounts and a
  // generated secret. The launchers (npm start, npm run dev) and the tests set theirs.
  const nodeEnvRaw = read(env, 'NODE_ENV') ?? 'production';
  // A misspelt value is reported; the other checks then run as for development, so the report is about that value.
  let nodeEnv: NodeEnv = 'development';
  if ((NODE_ENVS as readonly string[]).includes(nodeEnvRaw)) nodeEnv = nodeEnvRaw as NodeEnv;
  else problems.push(`NODE_ENV must be one of ${NODE_ENVS.join(', ')} (got "${nodeEnvRaw}")`);
  const production = nodeEnv === 'production';

  const port = parseIntInRange(env, 'GATEWAY_PORT', 4000, 0, 65535, problems);
  const embeddedPgPort = parseIntInRange(env, 'EMBEDDED_PG_PORT', 15429, 1, 65535, problems);
  const databasePoolMax = parseIntInRange(env, 'DATABASE_POOL_MAX', 10, 1, 1000, problems);
  const shutdownTimeoutMs = parseIntInRange(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000, problems);
  const databaseUrl = parseCredentialUrl(read(env, 'DATABASE_URL'), 'DATABASE_URL', ['postgres', 'postgresql'], 'postgres://user:password@host:5432/database', problems);

  const dataDirRaw = read(env, 'DATA_DIR');
  // Relative paths are taken from the repo root, not the cwd: npm runs workspace
  // scripts from the package directory, which would silently split the data.
  const base = repoRoot ?? process.cwd();
  const dataDir = dataDirRaw === undefined ? path.join(base, '.data') : path.resolve(base, dataDirRaw);

  // Demo data: on by default outside production, refused in production.
  const seedFlag = parseBool(env, 'SEED_DEMO', problems);
  const seedDemo = seedFlag ?? !production;
  if (seedDemo && production) {
    // A production gateway refuses to start while an account has a demo password, so this could only fail later.
    problems.push('SEED_DEMO=true cannot be used in production: the demo accounts\' passwords are published. Create the first administrator with `npm run admin:create` (or run a demo with NODE_ENV=development)');
  }

  const jwtSecret = read(env, 'JWT_SECRET') ?? null;
  if (jwtSecret === null && production && server) {
    problems.push(`JWT_SECRET is required in production (at least ${MIN_JWT_SECRET_LENGTH} characters, e.g. \`openssl rand -base64 48\`)`);
  } else if (jwtSecret !== null && jwtSecret.length < MIN_JWT_SECRET_LENGTH) {
    problems.push(`JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters (got ${jwtSecret.length})`);
  }

  const logLevelRaw = (read(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  let logLevel: LogLevel = 'info';
  if ((LOG_LEVELS as readonly string[]).includes(logLevelRaw)) logLevel = logLevelRaw as LogLevel;
  else problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevelRaw}")`);
  const logFormatRaw = read(env, 'LOG_FORMAT')?.toLowerCase();
  let logFormat: LogFormat = nodeEnv === 'development' ? 'pretty' : 'json';
  if (logFormatRaw !== undefined) {
    if ((LOG_FORMATS as readonly string[]).includes(logFormatRaw)) logFormat = logFormatRaw as LogFormat;
    else problems.push(`LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')} (got "${logFormatRaw}")`);
  }
  const metricsRaw = read(env, 'METRICS_PORT')?.toLowerCase();
  const metricsPort = metricsRaw === 'off' || metricsRaw === '0' ? null : parseIntInRange(env, 'METRICS_PORT', 9464, 1, 65535, problems);

  const trustProxy = parseTrustProxy(read(env, 'TRUST_PROXY'), problems);
  const auth = parseAuth(env, nodeEnv, problems);
  const mail = parseMail(env, production && server, problems);
  const reminderSchedule = parseBool(env, 'REMINDER_SCHEDULE', problems, 'on or off') ?? true;
  const reports = { stallSeconds: parseIntInRange(env, 'REPORT_STALL_SECONDS', 60, 1, 3600, problems) };

  if (problems.length > 0) throw new ConfigError(problems);
  return { nodeEnv, port, databaseUrl, databasePoolMax, dataDir, embeddedPgPort, seedDemo, jwtSecret, logLevel, logFormat, metricsPort, trustProxy, shutdownTimeoutMs, auth, mail, reminderSchedule, reports };
}

function parseRule(env: Env, prefix: string, defaults: RateLimitRule, problems: string[]): RateLimitRule {
  return {
    max: parseIntInRange(env, `${prefix}_MAX`, defaults.max, 1, 1_000_000, problems),
    windowSeconds: parseIntInRange(env, `${prefix}_WINDOW_SECONDS`, defaults.windowSeconds, 1, 31 * 24 * 3600, problems),
  };
}

function parseAuth(env: Env, nodeEnv: NodeEnv, problems: string[]): AuthConfig {
  // Tests may hash cheaply to stay fast; nothing else may go below the floor.
  const floor = nodeEnv === 'test' ? ARGON2_TEST_FLOOR : ARGON2_FLOOR;
  const memoryKib = parseIntInRange(env, 'ARGON2_MEMORY_KIB', ARGON2_FLOOR.memoryKib, floor.memoryKib, 4 * 1024 * 1024, problems);
  const timeCost = parseIntInRange(env, 'ARGON2_TIME_COST', ARGON2_FLOOR.timeCost, floor.timeCost, 100, problems);

  const totpEncryptionKey = read(env, 'TOTP_ENCRYPTION_KEY') ?? null;
  if (totpEncryptionKey !== null && totpEncryptionKey.length < MIN_JWT_SECRET_LENGTH) {
    problems.push(`TOTP_ENCRYPTION_KEY must be at least ${MIN_JWT_SECRET_LENGTH} characters (got ${totpEncryptionKey.length})`);
  }

  return {
    argon2: { memoryKib, timeCost },
    totpEncryptionKey,
    rateLimits: {
      loginPerAccount: parseRule(env, 'RATE_LIMIT_LOGIN_ACCOUNT', { max: 5, windowSeconds: 15 * 60 }, problems),
      loginPerAccountTotal: parseRule(env, 'RATE_LIMIT_LOGIN_ACCOUNT_TOTAL', { max: 10, windowSeconds: 15 * 60 }, problems),
      loginPerAddress: parseRule(env, 'RATE_LIMIT_LOGIN_ADDRESS', { max: 100, windowSeconds: 15 * 60 }, problems),
      registerPerAddress: parseRule(env, 'RATE_LIMIT_REGISTER', { max: 20, windowSeconds: 60 * 60 }, problems),
      twoFactorPerUser: parseRule(env, 'RATE_LIMIT_2FA_USER', { max: 10, windowSeconds: 15 * 60 }, problems),
      passwordResetPerAddress: parseRule(env, 'RATE_LIMIT_PASSWORD_RESET_ADDRESS', { max: 20, windowSeconds: 60 * 60 }, problems),
      passwordResetPerAccount: parseRule(env, 'RATE_LIMIT_PASSWORD_RESET_ACCOUNT', { max: 5, windowSeconds: 60 * 60 }, problems),
      invitationTokenPerAddress: parseRule(env, 'RATE_LIMIT_INVITATION_TOKEN', { max: 20, windowSeconds: 15 * 60 }, problems),
    },
    twoFactor: {
      challengeTtlSeconds: parseIntInRange(env, 'TWO_FACTOR_CHALLENGE_TTL_SECONDS', 5 * 60, 30, 60 * 60, problems),
      maxAttempts: parseIntInRange(env, 'TWO_FACTOR_MAX_ATTEMPTS', 5, 1, 100, problems),
    },
    sessions: {
      // Up to the 8-hour lifetime; a longer idle timeout would never apply. At least 2: last_seen_at is written
      // at most once a minute (modules/auth/session-state.ts), so with 1 an active session would end after 60 s.
      idleMinutes: parseIntInRange(env, 'SESSION_IDLE_MINUTES', 120, 2, 8 * 60, problems),
      pruneOneIn: 200,
    },
  };
}

/**
 * Every variable parseEnv reads, found by running it over environments that record each read
 * (production and development, as their branches differ), so the list cannot drift from the
 * parser. The README's Configuration table and .env.example are tested against it.
 */
export function configVariables(): string[] {
  const seen = new Set<string>();
  for (const base of [{}, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }] as Env[]) {
    const env = new Proxy(base, {
      get(target, key) {
        if (typeof key === 'string') seen.add(key);
        return Reflect.get(target, key) as unknown;
      },
    });
    try {
      parseEnv(env, null);
    } catch (err) {
      // Production without secrets is refused; the reads happened all the same.
      if (!(err instanceof ConfigError)) throw err;
    }
  }
  return [...seen].sort();
}
