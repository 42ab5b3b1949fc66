/**
 * Recognises "the database is not reachable right now" as opposed to a bug or a
 * bad query, so those failures become a clean 503 (docs/product.md#errors: a
 * PostgreSQL restart must not look like a server bug, and the client may retry).
 */

// Node socket errors seen when the server is down, restarting or unreachable.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

// SQLSTATEs: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now,
// 53300 too_many_connections; class 08 is "connection exception".
const SQLSTATE_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300']);

const MESSAGE_PATTERNS = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i, // pg-pool acquire timeout
  /Client has encountered a connection error/i,
  /Connection is not established/i,
  /DataSource is not initialized/i,
  /Driver not Connected/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /terminating connection due to administrator command/i,
];

// TypeORM raises these when a statement runs on a query runner whose connection the server
// just killed (e.g. the audit insert of a transaction that was in flight during a restart):
// an outage seen one step later, not a bug.
const RELEASED_RUNNER_ERRORS = new Set(['QueryRunnerAlreadyReleasedError', 'QueryRunnerProviderAlreadyReleasedError']);

function readCode(err: object): string | undefined {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

export function isDatabaseUnavailableError(err: unknown, depth = 0): boolean {
  if (depth > 4 || err === null || typeof err !== 'object') return false;
  const code = readCode(err);
  if (code !== undefined) {
    if (NETWORK_CODES.has(code) || SQLSTATE_UNAVAILABLE.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  const name = (err as { name?: unknown }).name;
  if (typeof name === 'string' && RELEASED_RUNNER_ERRORS.has(name)) return true;
  const message = (err as { message?: unknown }).message;
  if (typeof message === 'string' && MESSAGE_PATTERNS.some((re) => re.test(message))) return true;
  // TypeORM wraps driver errors (QueryFailedError.driverError); Node wraps with `cause`;
  // AggregateError (dual-stack connect) carries the real reasons in `errors`.
  const nested = [(err as { driverError?: unknown }).driverError, (err as { cause?: unknown }).cause];
  const aggregate = (err as { errors?: unknown }).errors;
  if (Array.isArray(aggregate)) nested.push(...(aggregate as unknown[]));
  return nested.some((inner) => inner !== undefined && inner !== err && isDatabaseUnavailableError(inner, depth + 1));
}

/** The PostgreSQL SQLSTATE of a (possibly TypeORM-wrapped) driver error. */
function sqlState(err: unknown): string | undefined {
  if (err === null || typeof err !== 'object') return undefined;
  const driverError = (err as { driverError?: unknown }).driverError;
  const source = driverError !== null && typeof driverError === 'object' ? driverError : err;
  return readCode(source);
}

function constraintOf(err: unknown): string | undefined {
  if (err === null || typeof err !== 'object') return undefined;
  const driverError = (err as { driverError?: { constraint?: unknown } }).driverError;
  const constraint = driverError?.constraint ?? (err as { constraint?: unknown }).constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}

/** 23505 unique_violation, optionally on one named constraint or index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  return sqlState(err) === '23505' && (constraint === undefined || constraintOf(err) === constraint);
}

/** 23503 foreign_key_violation (a row still referenced, or a reference to nothing), optionally of one named constraint. */
export function isForeignKeyViolation(err: unknown, constraint?: string): boolean {
  return sqlState(err) === '23503' && (constraint === undefined || constraintOf(err) === constraint);
}

/** 55P03 lock_not_available: a statement gave up waiting for a lock after the transaction's `lock_timeout`. */
export function isLockTimeout(err: unknown): boolean {
  return sqlState(err) === '55P03';
}
