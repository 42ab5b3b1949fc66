import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, MIN_JWT_SECRET_LENGTH, parseEnv } from '../env';
import { readOrCreateJwtSecret } from '../jwt-secret';
import { findRepoRoot, gatewayPackageDir } from '../repo-root';

const ROOT = '/repo';
const SECRET = 's'.repeat(MIN_JWT_SECRET_LENGTH);

const DEFAULT_AUTH = {
  argon2: { memoryKib: 19_456, timeCost: 2 },
  totpEncryptionKey: null,
  rateLimits: {
    loginPerAccount: { max: 5, windowSeconds: 900 },
    loginPerAccountTotal: { max: 10, windowSeconds: 900 },
    loginPerAddress: { max: 100, windowSeconds: 900 },
    registerPerAddress: { max: 20, windowSeconds: 3600 },
    twoFactorPerUser: { max: 10, windowSeconds: 900 },
    passwordResetPerAddress: { max: 20, windowSeconds: 3600 },
    passwordResetPerAccount: { max: 5, windowSeconds: 3600 },
    invitationTokenPerAddress: { max: 20, windowSeconds: 900 },
  },
  twoFactor: { challengeTtlSeconds: 300, maxAttempts: 5 },
  sessions: { idleMinutes: 120, pruneOneIn: 200 },
};

const DEFAULT_MAIL = {
  smtpUrl: 'smtp://127.0.0.1:1025',
  usesMailDev: true,
  from: 'Embark <no-reply@localhost>',
  publicUrl: 'http://localhost:3000',
  mailDevSmtpPort: 1025,
  mailDevWebPort: 1080,
};
const SMTP_URL = 'smtp://mailer:pw@smtp.example.com:587';
/** Most cases read the development defaults; an unset NODE_ENV is production (its own case below). */
const DEV = { NODE_ENV: 'development' } as const;

function problems(env: Record<string, string>, base: Record<string, string> = DEV): string[] {
  try {
    parseEnv({ ...base, ...env }, ROOT);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('parseEnv', () => {
  it('has working defaults for development', () => {
    const config = parseEnv(DEV, ROOT);
    expect(config).toEqual({
      nodeEnv: 'development',
      port: 4000,
      databaseUrl: null,
      databasePoolMax: 10,
      dataDir: path.join(ROOT, '.data'),
      embeddedPgPort: 15429,
      seedDemo: true,
      jwtSecret: null,
      logLevel: 'info',
      logFormat: 'pretty',
      metricsPort: 9464,
      trustProxy: false,
      shutdownTimeoutMs: 10_000,
      auth: DEFAULT_AUTH,
      mail: DEFAULT_MAIL,
      reminderSchedule: true,
      reports: { stallSeconds: 60 },
    });
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ ...DEV, GATEWAY_PORT: '', DATABASE_URL: '  ' }, ROOT)).toMatchObject({ port: 4000, databaseUrl: null });
  });

  it('reads every variable', () => {
    const config = parseEnv(
      {
        NODE_ENV: 'production',
        GATEWAY_PORT: '8080',
        DATABASE_URL: 'postgresql://u:p@db:5432/embark',
        DATABASE_POOL_MAX: '20',
        DATA_DIR: '/var/lib/embark',
        EMBEDDED_PG_PORT: '6000',
        SEED_DEMO: 'false',
        JWT_SECRET: SECRET,
        LOG_LEVEL: 'WARN',
        LOG_FORMAT: 'Pretty',
        METRICS_PORT: '9100',
        TRUST_PROXY: '10.0.0.0/8, loopback',
        SHUTDOWN_TIMEOUT_MS: '5000',
        SMTP_URL,
        MAIL_FROM: 'Acme Onboarding <people@acme.example>',
        PUBLIC_URL: 'https://onboarding.acme.example/',
        MAILDEV_SMTP_PORT: '2025',
        MAILDEV_WEB_PORT: '2080',
        REMINDER_SCHEDULE: 'off',
        REPORT_STALL_SECONDS: '120',
      },
      ROOT,
    );
    expect(config).toEqual({
      nodeEnv: 'production',
      port: 8080,
      databaseUrl: 'postgresql://u:p@db:5432/embark',
      databasePoolMax: 20,
      dataDir: '/var/lib/embark',
      embeddedPgPort: 6000,
      seedDemo: false,
      jwtSecret: SECRET,
      logLevel: 'warn',
      logFormat: 'pretty',
      metricsPort: 9100,
      trustProxy: ['10.0.0.0/8', 'loopback'],
      shutdownTimeoutMs: 5000,
      auth: DEFAULT_AUTH,
      mail: {
        smtpUrl: SMTP_URL,
        usesMailDev: false,
        from: 'Acme Onboarding <people@acme.example>',
        publicUrl: 'https://onboarding.acme.example',
        mailDevSmtpPort: 2025,
        mailDevWebPort: 2080,
      },
      reminderSchedule: false,
      reports: { stallSeconds: 120 },
    });
  });

  it('logs JSON outside development, and turns the metrics server off with METRICS_PORT=0 or off', () => {
    expect(parseEnv({ ...DEV, NODE_ENV: 'test' }, ROOT)).toMatchObject({ logFormat: 'json', metricsPort: 9464 });
    expect(parseEnv({ ...DEV, LOG_FORMAT: 'json', METRICS_PORT: 'off' }, ROOT)).toMatchObject({ logFormat: 'json', metricsPort: null });
    expect(parseEnv({ ...DEV, METRICS_PORT: '0' }, ROOT).metricsPort).toBeNull();
    expect(problems({ LOG_FORMAT: 'xml', METRICS_PORT: '70000' })).toEqual([
      'LOG_FORMAT must be one of json, pretty (got "xml")',
      'METRICS_PORT must be an integer from 1 to 65535 (got "70000")',
    ]);
  });

  it('resolves a relative DATA_DIR from the repo root, not the cwd', () => {
    expect(parseEnv({ ...DEV, DATA_DIR: 'var/data' }, ROOT).dataDir).toBe(path.join(ROOT, 'var/data'));
  });

  it('requires JWT_SECRET in production, with a hint', () => {
    const found = problems({ NODE_ENV: 'production', SMTP_URL });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/JWT_SECRET is required in production/);
  });

  it('rejects a short JWT_SECRET anywhere', () => {
    expect(problems({ JWT_SECRET: 'short' })[0]).toMatch(/at least 32 characters \(got 5\)/);
    expect(problems({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(31), SMTP_URL })[0]).toMatch(/at least 32/);
  });

  it('seeds demo data outside production unless told not to, and never in production', () => {
    expect(parseEnv(DEV, ROOT).seedDemo).toBe(true);
    expect(parseEnv({ ...DEV, SEED_DEMO: 'false' }, ROOT).seedDemo).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', JWT_SECRET: SECRET, SMTP_URL }, ROOT).seedDemo).toBe(false);
    expect(problems({ NODE_ENV: 'production', JWT_SECRET: SECRET, SMTP_URL, SEED_DEMO: 'true' })).toEqual([
      "SEED_DEMO=true cannot be used in production: the demo accounts' passwords are published. Create the first administrator with `npm run admin:create` (or run a demo with NODE_ENV=development)",
    ]);
  });

  it('treats an unset NODE_ENV as production', () => {
    expect(problems({}, {})).toEqual([
      'JWT_SECRET is required in production (at least 32 characters, e.g. `openssl rand -base64 48`)',
      'SMTP_URL is required in production, e.g. smtp://user:password@smtp.example.com:587 (outside production an unset SMTP_URL means the local MailDev)',
    ]);
    const config = parseEnv({ JWT_SECRET: SECRET, SMTP_URL }, ROOT);
    expect(config).toMatchObject({ nodeEnv: 'production', seedDemo: false, auth: { argon2: { memoryKib: 19_456, timeCost: 2 } } });
    expect(parseEnv({ NODE_ENV: '  ', JWT_SECRET: SECRET, SMTP_URL }, ROOT).nodeEnv).toBe('production');
  });

  it('asks the command-line tools for neither JWT_SECRET nor SMTP_URL, even in production', () => {
    const config = parseEnv({ DATABASE_URL: 'postgres://u:p@db/embark' }, ROOT, { server: false });
    expect(config).toMatchObject({ nodeEnv: 'production', jwtSecret: null, seedDemo: false, databaseUrl: 'postgres://u:p@db/embark' });
    // Everything else is checked as for the server.
    expect(() => parseEnv({ JWT_SECRET: 'short', SEED_DEMO: 'true' }, ROOT, { server: false })).toThrow(ConfigError);
  });

  it('reports every bad variable at once, naming each', () => {
    const found = problems({
      NODE_ENV: 'staging',
      GATEWAY_PORT: 'eighty',
      EMBEDDED_PG_PORT: '70000',
      DATABASE_URL: 'mysql://x@y/z',
      SEED_DEMO: 'maybe',
      LOG_LEVEL: 'loud',
      TRUST_PROXY: 'everyone',
      DATABASE_POOL_MAX: '0',
    });
    expect(found).toHaveLength(8);
    for (const name of ['NODE_ENV', 'GATEWAY_PORT', 'EMBEDDED_PG_PORT', 'DATABASE_URL', 'SEED_DEMO', 'LOG_LEVEL', 'TRUST_PROXY', 'DATABASE_POOL_MAX']) {
      expect(found.some((p) => p.startsWith(name))).toBe(true);
    }
  });

  it('never echoes an unparsable DATABASE_URL (it may hold a password)', () => {
    const [problem] = problems({ DATABASE_URL: 'not a url with secret-password' });
    expect(problem).toMatch(/DATABASE_URL is not a valid URL/);
    expect(problem).not.toMatch(/secret-password/);
  });

  it('formats the error message as one line per problem', () => {
    try {
      parseEnv({ ...DEV, GATEWAY_PORT: '-1', LOG_LEVEL: 'x' }, ROOT);
      throw new Error('expected a ConfigError');
    } catch (err) {
      expect((err as Error).message).toMatch(/^Invalid gateway configuration:\n {2}- GATEWAY_PORT .+\n {2}- LOG_LEVEL .+$/);
    }
  });

  it('reads the auth limits and costs', () => {
    const { auth } = parseEnv(
      {
        ...DEV,
        ARGON2_MEMORY_KIB: '65536',
        ARGON2_TIME_COST: '3',
        TOTP_ENCRYPTION_KEY: 'k'.repeat(40),
        RATE_LIMIT_LOGIN_ACCOUNT_MAX: '3',
        RATE_LIMIT_LOGIN_ACCOUNT_WINDOW_SECONDS: '60',
        RATE_LIMIT_LOGIN_ACCOUNT_TOTAL_MAX: '12',
        RATE_LIMIT_LOGIN_ACCOUNT_TOTAL_WINDOW_SECONDS: '1800',
        RATE_LIMIT_LOGIN_ADDRESS_MAX: '50',
        RATE_LIMIT_LOGIN_ADDRESS_WINDOW_SECONDS: '120',
        RATE_LIMIT_REGISTER_MAX: '7',
        RATE_LIMIT_REGISTER_WINDOW_SECONDS: '600',
        RATE_LIMIT_2FA_USER_MAX: '4',
        RATE_LIMIT_2FA_USER_WINDOW_SECONDS: '30',
        TWO_FACTOR_CHALLENGE_TTL_SECONDS: '120',
        TWO_FACTOR_MAX_ATTEMPTS: '3',
        SESSION_IDLE_MINUTES: '45',
      },
      ROOT,
    );
    expect(auth).toEqual({
      argon2: { memoryKib: 65_536, timeCost: 3 },
      totpEncryptionKey: 'k'.repeat(40),
      rateLimits: {
        loginPerAccount: { max: 3, windowSeconds: 60 },
        loginPerAccountTotal: { max: 12, windowSeconds: 1800 },
        loginPerAddress: { max: 50, windowSeconds: 120 },
        registerPerAddress: { max: 7, windowSeconds: 600 },
        twoFactorPerUser: { max: 4, windowSeconds: 30 },
        passwordResetPerAddress: { max: 20, windowSeconds: 3600 },
        passwordResetPerAccount: { max: 5, windowSeconds: 3600 },
        invitationTokenPerAddress: { max: 20, windowSeconds: 900 },
      },
      twoFactor: { challengeTtlSeconds: 120, maxAttempts: 3 },
      sessions: { idleMinutes: 45, pruneOneIn: 200 },
    });
  });

  it('never lets argon2 below the production floor outside NODE_ENV=test', () => {
    for (const nodeEnv of ['development', 'production']) {
      const found = problems({ NODE_ENV: nodeEnv, JWT_SECRET: SECRET, SMTP_URL, ARGON2_MEMORY_KIB: '19455', ARGON2_TIME_COST: '1' });
      expect(found).toEqual([expect.stringMatching(/^ARGON2_MEMORY_KIB must be an integer from 19456/), expect.stringMatching(/^ARGON2_TIME_COST must be an integer from 2/)]);
    }
    expect(parseEnv({ NODE_ENV: 'test', ARGON2_MEMORY_KIB: '8', ARGON2_TIME_COST: '1' }, ROOT).auth.argon2).toEqual({ memoryKib: 8, timeCost: 1 });
  });

  it('refuses a short TOTP_ENCRYPTION_KEY and zero limits', () => {
    const found = problems({ TOTP_ENCRYPTION_KEY: 'short', RATE_LIMIT_LOGIN_ACCOUNT_MAX: '0' });
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^TOTP_ENCRYPTION_KEY must be at least 32 characters \(got 5\)/);
    expect(found[1]).toMatch(/^RATE_LIMIT_LOGIN_ACCOUNT_MAX must be an integer from 1/);
  });

  it('runs the reminder schedule unless REMINDER_SCHEDULE is off, and names the spellings when it is neither', () => {
    expect(parseEnv(DEV, ROOT).reminderSchedule).toBe(true);
    expect(parseEnv({ ...DEV, REMINDER_SCHEDULE: 'on' }, ROOT).reminderSchedule).toBe(true);
    expect(parseEnv({ ...DEV, REMINDER_SCHEDULE: 'off' }, ROOT).reminderSchedule).toBe(false);
    expect(parseEnv({ ...DEV, REMINDER_SCHEDULE: 'OFF' }, ROOT).reminderSchedule).toBe(false);
    expect(parseEnv({ ...DEV, REMINDER_SCHEDULE: '' }, ROOT).reminderSchedule).toBe(true);
    expect(problems({ REMINDER_SCHEDULE: 'sometimes' })).toEqual(['REMINDER_SCHEDULE must be on or off (got "sometimes")']);
  });

  it('cuts stalled report downloads after REPORT_STALL_SECONDS, 1 to 3600', () => {
    expect(problems({ REPORT_STALL_SECONDS: '0' })).toEqual(['REPORT_STALL_SECONDS must be an integer from 1 to 3600 (got "0")']);
    expect(parseEnv({ NODE_ENV: 'test', REPORT_STALL_SECONDS: '5' }, ROOT).reports).toEqual({ stallSeconds: 5 });
  });

  it('refuses an idle timeout shorter than the once-a-minute last-seen write can keep alive', () => {
    expect(problems({ SESSION_IDLE_MINUTES: '1' })).toEqual(['SESSION_IDLE_MINUTES must be an integer from 2 to 480 (got "1")']);
    expect(parseEnv({ NODE_ENV: 'test', SESSION_IDLE_MINUTES: '2' }, ROOT).auth.sessions).toEqual({ idleMinutes: 2, pruneOneIn: 200 });
  });

  it('requires SMTP_URL in production, saying what to set', () => {
    expect(problems({ NODE_ENV: 'production', JWT_SECRET: SECRET })).toEqual([
      'SMTP_URL is required in production, e.g. smtp://user:password@smtp.example.com:587 (outside production an unset SMTP_URL means the local MailDev)',
    ]);
    expect(parseEnv({ NODE_ENV: 'production', JWT_SECRET: SECRET, SMTP_URL: 'smtps://smtp.example.com:465' }, ROOT).mail).toMatchObject({
      smtpUrl: 'smtps://smtp.example.com:465',
      usesMailDev: false,
    });
  });

  it('points mail at the local MailDev when SMTP_URL is unset outside production', () => {
    expect(parseEnv({ NODE_ENV: 'test', MAILDEV_SMTP_PORT: '1125', MAILDEV_WEB_PORT: '1180' }, ROOT).mail).toMatchObject({
      smtpUrl: 'smtp://127.0.0.1:1125',
      usesMailDev: true,
      mailDevSmtpPort: 1125,
      mailDevWebPort: 1180,
    });
  });

  it('derives the sender from PUBLIC_URL and keeps a path prefix without its trailing slash', () => {
    expect(parseEnv({ ...DEV, PUBLIC_URL: 'https://example.com/embark/' }, ROOT).mail).toMatchObject({
      publicUrl: 'https://example.com/embark',
      from: 'Embark <no-reply@example.com>',
    });
    expect(parseEnv({ ...DEV, MAIL_FROM: 'people@example.com' }, ROOT).mail.from).toBe('people@example.com');
  });

  it('rejects bad mail settings, never echoing SMTP_URL', () => {
    const found = problems({
      SMTP_URL: 'not a url with secret-password',
      MAIL_FROM: 'nobody',
      PUBLIC_URL: 'ftp://example.com',
      MAILDEV_SMTP_PORT: '0',
      MAILDEV_WEB_PORT: 'web',
    });
    expect(found).toEqual([
      expect.stringMatching(/^MAILDEV_SMTP_PORT must be an integer from 1 to 65535/),
      expect.stringMatching(/^MAILDEV_WEB_PORT must be an integer from 1 to 65535/),
      'SMTP_URL is not a valid URL (expected smtp://user:password@smtp.example.com:587 or smtps://…:465)',
      'PUBLIC_URL must be an http(s) URL without query or fragment, such as https://onboarding.example.com (got "ftp://example.com")',
      'MAIL_FROM must be an address or "Name <address>" (got "nobody")',
    ]);
    expect(problems({ SMTP_URL: 'http://mail.example.com' })).toEqual(['SMTP_URL must use the smtp:// or smtps:// scheme (got "http:")']);
  });

  it('parses TRUST_PROXY forms', () => {
    expect(parseEnv({ ...DEV, TRUST_PROXY: 'true' }, ROOT).trustProxy).toBe(true);
    expect(parseEnv({ ...DEV, TRUST_PROXY: '2' }, ROOT).trustProxy).toBe(2);
    expect(parseEnv({ ...DEV, TRUST_PROXY: '127.0.0.1' }, ROOT).trustProxy).toEqual(['127.0.0.1']);
  });
});

describe('readOrCreateJwtSecret', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embark-jwt-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('generates a long secret once, private to the owner, and reuses it', () => {
    const dataDir = path.join(dir, 'nested', '.data');
    const first = readOrCreateJwtSecret(dataDir);
    expect(first.length).toBeGreaterThanOrEqual(MIN_JWT_SECRET_LENGTH);
    const file = path.join(dataDir, 'jwt-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(readOrCreateJwtSecret(dataDir)).toBe(first);
  });

  it('refuses a file holding a short secret', () => {
    fs.writeFileSync(path.join(dir, 'jwt-secret'), 'short\n');
    expect(() => readOrCreateJwtSecret(dir)).toThrow(/shorter than 32/);
  });
});

describe('repo root', () => {
  it('finds the monorepo root (the package.json with workspaces) from the source tree', () => {
    const root = findRepoRoot();
    expect(root).not.toBeNull();
    const manifest = JSON.parse(fs.readFileSync(path.join(root as string, 'package.json'), 'utf8')) as { workspaces?: string[] };
    expect(manifest.workspaces).toContain('gateway');
    expect(gatewayPackageDir()).toBe(path.join(root as string, 'gateway'));
  });

  it('returns null outside a monorepo', () => {
    expect(findRepoRoot(os.tmpdir())).toBeNull();
  });
});
