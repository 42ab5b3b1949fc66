import { CombinedGraphQLErrors } from '@apollo/client';
import { failureMessage, isNotFound, lineErrorsOf, serverErrorText } from './errors';

const graphQLError = (message: string, code: string) => new CombinedGraphQLErrors({ errors: [{ message, extensions: { code } }] });

describe('failureMessage: the server\'s reason, else the area message', () => {
  it('uses the server text for rule failures', () => {
    expect(failureMessage(graphQLError('Cannot delete a role that is assigned to users', 'CONFLICT'), 'Failed to delete role')).toBe('Cannot delete a role that is assigned to users');
    expect(failureMessage(graphQLError('Name is required', 'BAD_USER_INPUT'), 'Failed to add role')).toBe('Name is required');
    expect(serverErrorText(graphQLError('Role not found', 'NOT_FOUND'))).toBe('Role not found');
  });

  it('uses the area message when the server gave no reason: internal errors, outages, the network', () => {
    expect(failureMessage(graphQLError('Internal server error', 'INTERNAL_SERVER_ERROR'), 'Failed to update role')).toBe('Failed to update role');
    expect(failureMessage(graphQLError('Service temporarily unavailable', 'SERVICE_UNAVAILABLE'), 'Failed to fetch roles')).toBe('Failed to fetch roles');
    expect(failureMessage(new Error('Failed to fetch'), 'Failed to fetch roles')).toBe('Failed to fetch roles');
    expect(failureMessage(undefined, 'Failed to add role')).toBe('Failed to add role');
  });

  it('isNotFound', () => {
    expect(isNotFound(graphQLError('User not found', 'NOT_FOUND'))).toBe(true);
    expect(isNotFound(new Error('x'))).toBe(false);
  });
});

describe('lineErrorsOf: the lines a refused import names', () => {
  it('reads extensions.errors of the refusal', () => {
    const refusal = new CombinedGraphQLErrors({ errors: [{ message: 'The file has errors', extensions: { code: 'BAD_USER_INPUT', errors: [{ line: 3, message: 'Unknown role' }, { line: 'x', message: 1 }] } }] });
    expect(lineErrorsOf(refusal)).toEqual([{ line: 3, message: 'Unknown role' }]);
  });

  it('is null for any other failure', () => {
    expect(lineErrorsOf(graphQLError('Name is required', 'BAD_USER_INPUT'))).toBeNull();
    expect(lineErrorsOf(new Error('offline'))).toBeNull();
  });
});
