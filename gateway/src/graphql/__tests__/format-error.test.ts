import { GraphQLError } from 'graphql';
import { ArgumentValidationError, AuthorizationError } from 'type-graphql';
import { ValidationError as ClassValidatorError } from 'class-validator';
import { createLogger } from '../../shared/logger';
import { NotFoundError } from '../../shared/errors';
import { createFormatError } from '../format-error';

const format = createFormatError(createLogger('silent'), false);

function resolverError(original: Error): GraphQLError {
  return new GraphQLError(original.message, { path: ['roles'], originalError: original });
}

describe('formatError', () => {
  it('maps domain errors to their code and keeps their message', () => {
    const err = resolverError(new NotFoundError('Role not found'));
    expect(format({ message: err.message, path: ['roles'] }, err)).toEqual({ message: 'Role not found', path: ['roles'], extensions: { code: 'NOT_FOUND' } });
  });

  it('maps class-validator failures to BAD_USER_INPUT with messages only (never the submitted values)', () => {
    const v = new ClassValidatorError();
    v.property = 'password';
    v.value = 'Hunter22hunter';
    v.constraints = { minLength: 'password must be longer than or equal to 8 characters' };
    const err = resolverError(new ArgumentValidationError([v]));
    const out = format({ message: err.message, path: ['register'] }, err);
    expect(out.extensions).toEqual({ code: 'BAD_USER_INPUT', details: ['password must be longer than or equal to 8 characters'] });
    expect(JSON.stringify(out)).not.toContain('Hunter22hunter');
  });

  it('maps @Authorized failures to FORBIDDEN', () => {
    const err = resolverError(new AuthorizationError());
    expect(format({ message: err.message, path: ['x'] }, err).extensions).toEqual({ code: 'FORBIDDEN' });
  });

  it('hides unexpected errors', () => {
    const err = resolverError(new Error('relation "secret_table" does not exist'));
    const out = format({ message: err.message, path: ['x'], extensions: { code: 'INTERNAL_SERVER_ERROR', stacktrace: ['at x'] } }, err);
    expect(out).toEqual({ message: 'Internal server error', path: ['x'], extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  });

  it('passes request-level errors (validation, parse) through without stack traces', () => {
    const err = new GraphQLError('Cannot query field "nope" on type "Role".', { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    const out = format({ message: err.message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED', stacktrace: ['at y'] } }, err);
    expect(out).toEqual({ message: err.message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
  });
});
