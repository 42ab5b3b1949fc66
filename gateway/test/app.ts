import type { Express } from 'express';
import type { DataSource } from 'typeorm';
import { createApp, type App } from '../src/app';
import { parseEnv, type NodeEnv, type ResolvedConfig } from '../src/config';
import { createDataSource } from '../src/db/data-source';
import type { Clock } from '../src/shared/clock';
import { createLogger, type Logger, type LogLevel } from '../src/shared/logger';
import { checkContract } from './contract';
import { testDatabaseUrl } from './database';

export interface CapturedLog {
  level: string;
  msg: string;
  [key: string]: unknown;
}

/** A logger that keeps records in memory, so tests can assert what was (not) logged. */
export function captureLogger(level: LogLevel = 'debug'): { logger: Logger; records: CapturedLog[] } {
  const records: CapturedLog[] = [];
  const logger = createLogger(level, {}, (line) => records.push(JSON.parse(line) as CapturedLog));
  return { logger, records };
}

export type AppConfig = Pick<ResolvedConfig, 'nodeEnv' | 'trustProxy' | 'jwtSecret' | 'auth' | 'mail' | 'reports'>;

/** The signing secret of every test app, so tests can forge tokens (tampered, expired, …) against it. */
export const TEST_JWT_SECRET = 'test-jwt-secret-0123456789abcdef0123456789abcdef';

/**
 * The app config of the tests, through the real config parser. argon2 runs at
 * its minimum cost (allowed only under NODE_ENV=test) so the suite stays fast;
 * `env` overrides any variable (rate limits, TRUST_PROXY, …).
 */
export function testConfig(nodeEnv: NodeEnv = 'test', env: Record<string, string> = {}): AppConfig {
  const parsed = parseEnv({ NODE_ENV: 'test', ARGON2_MEMORY_KIB: '8', ARGON2_TIME_COST: '1', ...env }, null);
  // No clean-up of ended sessions on sign-in: it would delete the sessions of suites that pin a clock in the past.
  const auth = { ...parsed.auth, sessions: { ...parsed.auth.sessions, pruneOneIn: 0 } };
  return { nodeEnv, trustProxy: parsed.trustProxy, jwtSecret: TEST_JWT_SECRET, auth, mail: parsed.mail, reports: parsed.reports };
}

export interface TestApp {
  app: Express;
  handle: App;
  dataSource: DataSource;
  records: CapturedLog[];
  close(): Promise<void>;
}

/**
 * createApp over the run's test database (or `url`), with a capturing logger
 * (and a pinned `clock` if given). Every /api answer is checked against the
 * OpenAPI document (test/contract.ts).
 */
export async function buildTestApp(
  options: { nodeEnv?: NodeEnv; url?: string; dataSource?: DataSource; initialize?: boolean; env?: Record<string, string>; clock?: Clock } = {},
): Promise<TestApp> {
  const { logger, records } = captureLogger();
  const dataSource = options.dataSource ?? createDataSource({ url: options.url ?? testDatabaseUrl(), poolMax: 2, logger, connectTimeoutMs: 2_000 });
  if (options.initialize !== false && !dataSource.isInitialized) await dataSource.initialize();
  const handle = await createApp({ config: testConfig(options.nodeEnv, options.env), dataSource, logger, clock: options.clock });
  checkContract(handle.app);
  return {
    app: handle.app,
    handle,
    dataSource,
    records,
    close: async () => {
      await handle.stop();
      if (dataSource.isInitialized) await dataSource.destroy();
    },
  };
}

/** Every GraphQL POST from our clients looks like this (JSON content type satisfies CSRF prevention). */
export const GQL_HEADERS = { 'content-type': 'application/json' } as const;

/** Asserts no stack trace or file path leaked into a response body. */
export function expectNoStack(body: unknown): void {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/stacktrace|\bat .+\(.+:\d+:\d+\)|node_modules|\/src\//);
}
