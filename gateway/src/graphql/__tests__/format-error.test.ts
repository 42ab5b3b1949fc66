import { GraphQLError } from 'graphql';
import { AuthorizationError } from 'type-graphql';
import { NotFoundError, ValidationError } from '../../shared/errors';
import { createFormatError } from '../format-error';

const format = createFormatError(false);

function resolverError(original: Error): GraphQLError {
  return new GraphQLError(original.message, { path: ['roles'], originalError: original });
}

describe('formatError', () => {
  it('maps domain errors to their code and keeps their message', () => {
    const err = resolverError(new NotFoundError('Role not found'));
    expect(format({ message: err.message, path: ['roles'] }, err)).toEqual({ message: 'Role not found', path: ['roles'], extensions: { code: 'NOT_FOUND' } });
  });

  it('maps validation failures to BAD_USER_INPUT with their messages as details', () => {
    const err = resolverError(new ValidationError('Password must be at least 8 characters with letters and numbers', ['Password must be at least 8 characters with letters and numbers']));
    const out = format({ message: err.message, path: ['register'] }, err);
    expect(out).toEqual({
      message: 'Password must be at least 8 characters with letters and numbers',
      path: ['register'],
      extensions: { code: 'BAD_USER_INPUT', details: ['Password must be at least 8 characters with letters and numbers'] },
    });
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
