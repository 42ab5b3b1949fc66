import { AdminInvitationsDocument, type AdminInvitationFieldsFragment } from '../../__generated__/graphql';
import type { Mocks } from '../../shared/test-utils';

/* Invitations as the gateway answers them, for the tests of Manage Users. */

export function invitation(overrides: Partial<AdminInvitationFieldsFragment> = {}): AdminInvitationFieldsFragment & { __typename: 'Invitation' } {
  return {
    __typename: 'Invitation',
    id: 1,
    email: 'casey@example.com',
    name: 'Casey New',
    role_id: 1,
    role_name: 'Employee',
    start_date: '2025-04-01',
    manager_id: null,
    buddy_id: null,
    status: 'pending',
    expires_at: '2025-03-20T10:00:00.000Z',
    created_at: '2025-03-13T10:00:00.000Z',
    ...overrides,
  };
}

/** The invitations list for `status` (null: every status), answered `times` times. */
export function invitationsMock(data: AdminInvitationFieldsFragment[] = [], { status = 'pending' as string | null, page = 1, total = data.length, times = 5 } = {}): Mocks[number] {
  return {
    request: { query: AdminInvitationsDocument, variables: { status, page, limit: 10 } },
    result: { data: { invitations: { __typename: 'InvitationPage', total, data } } },
    maxUsageCount: times,
  };
}
