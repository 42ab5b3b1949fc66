import { isDatabaseUnavailableError } from '../db-errors';
import { toGraphQLError, toRestError } from '../error-mapping';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  ServiceUnavailableError,
  UnauthenticatedError,
  ValidationError,
} from '../errors';

describe('error mapping', () => {
  it.each([
    [new ValidationError('Invalid input', ['Name is required']), 400, 'BAD_USER_INPUT'],
    [new UnauthenticatedError(), 401, 'UNAUTHENTICATED'],
    [new ForbiddenError(), 403, 'FORBIDDEN'],
    [new NotFoundError('Role not found'), 404, 'NOT_FOUND'],
    [new ConflictError('Role name already exists'), 409, 'CONFLICT'],
    [new PayloadTooLargeError(), 413, 'BAD_USER_INPUT'],
    [new RateLimitedError('Too many login attempts', 30), 429, 'RATE_LIMITED'],
    [new ServiceUnavailableError(), 503, 'SERVICE_UNAVAILABLE'],
  ])('%p → %i / %s', (err, status, code) => {
    const rest = toRestError(err);
    expect(rest.status).toBe(status);
    expect(rest.body.error).toBe(err.message);
    expect(rest.unexpected).toBe(false);
    const gql = toGraphQLError(err);
    expect(gql.code).toBe(code);
    expect(gql.message).toBe(err.message);
  });

  it('lists validation details on both doors', () => {
    const err = new ValidationError('Invalid input', ['Name is required', 'Email is required']);
    expect(toRestError(err).body).toEqual({ error: 'Invalid input', details: ['Name is required', 'Email is required'] });
    expect(toGraphQLError(err).details).toEqual(['Name is required', 'Email is required']);
  });

  it('omits empty details', () => {
    expect(toRestError(new ValidationError('Invalid input')).body).toEqual({ error: 'Invalid input' });
  });

  it('says when to retry a rate limit: Retry-After on REST, extensions.retryAfter on GraphQL', () => {
    expect(toRestError(new RateLimitedError('slow down', 12.2)).headers).toEqual({ 'retry-after': '13' });
    expect(toGraphQLError(new RateLimitedError('slow down', 12.2)).extra).toEqual({ retryAfter: 13 });
    expect(toGraphQLError(new RateLimitedError('slow down')).extra).toBeUndefined();
  });

  it('a service that is busy (503) says when to retry, as an outage does', () => {
    expect(toRestError(new ServiceUnavailableError('busy right now'))).toEqual({ status: 503, body: { error: 'busy right now' }, headers: { 'retry-after': '5' }, unexpected: false });
  });

  it('hides unknown errors behind a generic 500 and flags them for logging', () => {
    const rest = toRestError(new TypeError("Cannot read properties of undefined (reading 'password')"));
    expect(rest).toEqual({ status: 500, body: { error: 'Internal server error' }, headers: {}, unexpected: true });
    expect(toGraphQLError('a string')).toEqual({ message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR', unexpected: true });
  });

  it('maps database outages to 503', () => {
    const err = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(toRestError(err)).toMatchObject({ status: 503, body: { error: 'Service temporarily unavailable' }, unexpected: false });
    expect(toGraphQLError(err)).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable' });
  });
});

describe('isDatabaseUnavailableError', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08006', '08001', '53300'])('recognises code %s', (code) => {
    expect(isDatabaseUnavailableError(withCode(code))).toBe(true);
  });

  it.each(['Connection terminated unexpectedly', 'timeout exceeded when trying to connect', 'Connection terminated due to connection timeout'])('recognises "%s"', (message) => {
    expect(isDatabaseUnavailableError(new Error(message))).toBe(true);
  });

  it('looks inside TypeORM driverError, cause and AggregateError', () => {
    expect(isDatabaseUnavailableError({ message: 'QueryFailedError', driverError: withCode('57P01') })).toBe(true);
    expect(isDatabaseUnavailableError(new Error('wrapped', { cause: withCode('ECONNRESET') }))).toBe(true);
    expect(isDatabaseUnavailableError(new AggregateError([withCode('ECONNREFUSED')], 'all failed'))).toBe(true);
  });

  it('treats TypeORM released-runner errors (connection killed under a transaction) as outages', () => {
    for (const name of ['QueryRunnerAlreadyReleasedError', 'QueryRunnerProviderAlreadyReleasedError']) {
      expect(isDatabaseUnavailableError(Object.assign(new Error('released'), { name }))).toBe(true);
    }
  });

  it('does not treat query bugs or constraint violations as outages', () => {
    expect(isDatabaseUnavailableError(withCode('42P01', 'relation "x" does not exist'))).toBe(false);
    expect(isDatabaseUnavailableError(withCode('23505', 'duplicate key'))).toBe(false);
    expect(isDatabaseUnavailableError(new TypeError('boom'))).toBe(false);
    expect(isDatabaseUnavailableError(null)).toBe(false);
  });
});
