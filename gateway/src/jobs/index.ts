/** The job queue's public surface (pg-boss). */
export { ensureQueue, JOBS_SCHEMA, startJobs, TransactionalJobs, transactionDb, type StartJobsOptions } from './boss';
export type { default as PgBoss } from 'pg-boss';
