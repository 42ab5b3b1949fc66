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
    loginPerAddress: { max: 100, windowSeconds: 900 },
    registerPerAddress: { max: 20, windowSeconds: 3600 },
    twoFactorPerUser: { max: 10, windowSeconds: 900 },
  },
  twoFactor: { challengeTtlSeconds: 300, maxAttempts: 5 },
};

function problems(env: Record<string, string>): string[] {
  try {
    parseEnv(env, ROOT);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('parseEnv', () => {
  it('has working defaults for development', () => {
    const config = parseEnv({}, ROOT);
    expect(config).toEqual({
      nodeEnv: 'development',
      port: 4000,
      databaseUrl: null,
      databasePoolMax: 10,
      dataDir: path.join(ROOT, '.data'),
      embeddedPgPort: 54329,
      seedDemo: true,
      jwtSecret: null,
      logLevel: 'info',
      trustProxy: false,
      shutdownTimeoutMs: 10_000,
      auth: DEFAULT_AUTH,
    });
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ GATEWAY_PORT: '', DATABASE_URL: '  ' }, ROOT)).toMatchObject({ port: 4000, databaseUrl: null });
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
        SEED_DEMO: 'true',
        JWT_SECRET: SECRET,
        LOG_LEVEL: 'WARN',
        TRUST_PROXY: '10.0.0.0/8, loopback',
        SHUTDOWN_TIMEOUT_MS: '5000',
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
      seedDemo: true,
      jwtSecret: SECRET,
      logLevel: 'warn',
      trustProxy: ['10.0.0.0/8', 'loopback'],
      shutdownTimeoutMs: 5000,
      auth: DEFAULT_AUTH,
    });
  });

  it('resolves a relative DATA_DIR from the repo root, not the cwd', () => {
    expect(parseEnv({ DATA_DIR: 'var/data' }, ROOT).dataDir).toBe(path.join(ROOT, 'var/data'));
  });

  it('requires JWT_SECRET in production, with a hint', () => {
    const found = problems({ NODE_ENV: 'production' });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/JWT_SECRET is required in production/);
  });

  it('rejects a short JWT_SECRET anywhere', () => {
    expect(problems({ JWT_SECRET: 'short' })[0]).toMatch(/at least 32 characters \(got 5\)/);
    expect(problems({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(31) })[0]).toMatch(/at least 32/);
  });

  it('does not seed demo data in production unless asked', () => {
    expect(parseEnv({ NODE_ENV: 'production', JWT_SECRET: SECRET }, ROOT).seedDemo).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', JWT_SECRET: SECRET, SEED_DEMO: 'true' }, ROOT).seedDemo).toBe(true);
    expect(parseEnv({ SEED_DEMO: 'false' }, ROOT).seedDemo).toBe(false);
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
      parseEnv({ GATEWAY_PORT: '-1', LOG_LEVEL: 'x' }, ROOT);
      throw new Error('expected a ConfigError');
    } catch (err) {
      expect((err as Error).message).toMatch(/^Invalid gateway configuration:\n {2}- GATEWAY_PORT .+\n {2}- LOG_LEVEL .+$/);
    }
  });

  it('reads the auth limits and costs', () => {
    const { auth } = parseEnv(
      {
        ARGON2_MEMORY_KIB: '65536',
        ARGON2_TIME_COST: '3',
        TOTP_ENCRYPTION_KEY: 'k'.repeat(40),
        RATE_LIMIT_LOGIN_ACCOUNT_MAX: '3',
        RATE_LIMIT_LOGIN_ACCOUNT_WINDOW_SECONDS: '60',
        RATE_LIMIT_LOGIN_ADDRESS_MAX: '50',
        RATE_LIMIT_LOGIN_ADDRESS_WINDOW_SECONDS: '120',
        RATE_LIMIT_REGISTER_MAX: '7',
        RATE_LIMIT_REGISTER_WINDOW_SECONDS: '600',
        RATE_LIMIT_2FA_USER_MAX: '4',
        RATE_LIMIT_2FA_USER_WINDOW_SECONDS: '30',
        TWO_FACTOR_CHALLENGE_TTL_SECONDS: '120',
        TWO_FACTOR_MAX_ATTEMPTS: '3',
      },
      ROOT,
    );
    expect(auth).toEqual({
      argon2: { memoryKib: 65_536, timeCost: 3 },
      totpEncryptionKey: 'k'.repeat(40),
      rateLimits: {
        loginPerAccount: { max: 3, windowSeconds: 60 },
        loginPerAddress: { max: 50, windowSeconds: 120 },
        registerPerAddress: { max: 7, windowSeconds: 600 },
        twoFactorPerUser: { max: 4, windowSeconds: 30 },
      },
      twoFactor: { challengeTtlSeconds: 120, maxAttempts: 3 },
    });
  });

  it('never lets argon2 below the production floor outside NODE_ENV=test', () => {
    for (const nodeEnv of ['development', 'production']) {
      const found = problems({ NODE_ENV: nodeEnv, JWT_SECRET: SECRET, ARGON2_MEMORY_KIB: '19455', ARGON2_TIME_COST: '1' });
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

  it('parses TRUST_PROXY forms', () => {
    expect(parseEnv({ TRUST_PROXY: 'true' }, ROOT).trustProxy).toBe(true);
    expect(parseEnv({ TRUST_PROXY: '2' }, ROOT).trustProxy).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '127.0.0.1' }, ROOT).trustProxy).toEqual(['127.0.0.1']);
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
