import { choiceSchema, idSchema, nullishSchema, optionalSchema, pagingSchema, problem, withoutNul } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { NewPassword } from '../auth';
import { isDeliverableAddress } from '../mail';
import { EmailField, NameField, StartDateField } from '../users';
import { CSV_COLUMNS, INVITATION_LIMITS, INVITATION_MESSAGES as M, INVITATION_STATUSES } from './invitations.messages';

/*
 * The operation inputs of invitations, one schema each, parsed by
 * InvitationsService (both doors) and published in the REST contract. A CSV
 * line goes through the same InvitationInput once its role and people are
 * resolved to ids.
 */

/** Path id of an invitation. */
export const InvitationId = idSchema(M.invalidId);

/** A link's token as text: anything else (or absurdly long) cannot be one, and is answered like an unknown token. */
export const InvitationToken = z
  .unknown()
  .transform((raw, ctx) => (typeof raw === 'string' && raw.length > 0 && raw.length <= INVITATION_LIMITS.tokenMax ? raw : problem(ctx, M.linkInvalid)))
  .openapi({ type: 'string', maxLength: INVITATION_LIMITS.tokenMax, description: 'The token of the invitation link.' });

/** An optional person (manager, buddy): absent, null or '' is none. */
const personId = (message: string) => optionalSchema(idSchema(message), null);

/** The fields of an invitation but its role (a CSV line names its role as text). */
const hireFields = {
  // Mail must be deliverable to it too: the outbox's own recipient rule, so an invitation never fails at queueing.
  email: EmailField.refine(isDeliverableAddress, { error: M.emailInvalid }),
  name: NameField,
  start_date: optionalSchema(StartDateField, null),
  manager_id: personId(M.managerIdInvalid),
  buddy_id: personId(M.buddyIdInvalid),
};

/** POST /admin/invitations. Whether the role and people exist is the service's check. */
export const InvitationInput = z
  .object({
    ...hireFields,
    // Plain idSchema, so the document states the id's forms (a pipe from unknown documented any value).
    role_id: idSchema(M.roleIdInvalid),
  })
  .openapi('InvitationInput');
export type InvitationInput = z.output<typeof InvitationInput>;

/** One line of an import file, its role and people already resolved to ids. */
export const InvitationLine = z.object(hireFields);

/** GET /admin/invitations: one status or all, newest first, paged. */
export const InvitationListQuery = z
  .object({
    status: optionalSchema(choiceSchema(INVITATION_STATUSES, M.statusInvalid), null),
    ...pagingSchema({ page: M.pageInvalid, limit: M.limitInvalid }, INVITATION_LIMITS.pageSizeMax, INVITATION_LIMITS.pageSizeDefault),
  })
  .openapi('InvitationListQuery');
export type InvitationListQuery = z.output<typeof InvitationListQuery>;

/** POST /invitations/{token}/accept: the password, with registration's rules and words (docs/product.md#passwords). */
export const AcceptInvitationInput = z.object({ password: NewPassword }).openapi('AcceptInvitationInput');

/** `?dry_run=true` of an import: a boolean or its text. */
export const ImportQuery = z
  .object({
    dry_run: nullishSchema(
      z
        .unknown()
        .transform((raw, ctx) => (raw === true || raw === 'true' ? true : raw === false || raw === 'false' || raw === '' ? false : problem(ctx, M.csvDryRunInvalid)))
        .openapi({ type: 'boolean', default: false }),
    ),
  })
  .openapi('InvitationImportQuery');

/** The CSV text of an import (a string; the REST door reads the raw body, GraphQL passes an argument). */
export const ImportCsv = z
  .unknown()
  .transform((raw, ctx) => (typeof raw === 'string' ? withoutNul(raw) : problem(ctx, M.csvEmpty)))
  .openapi({ type: 'string', description: `Header ${CSV_COLUMNS.join(',')}, then one invitation per line.` });
