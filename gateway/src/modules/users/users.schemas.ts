import { choiceSchema, digitsPattern, idListSchema, idSchema, SORT_ORDERS, isCalendarDate, nullishSchema, optionalSchema, pagingSchema, problem, requiredTextSchema, searchTextSchema, withoutNul } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { USER_ADMIN_MESSAGES as M, USER_LIMITS, USER_MESSAGES, USER_SORTS, USER_STATUSES } from './users.messages';

/*
 * The operation inputs of user records and their administration, one schema
 * each, parsed by the users module's services with parseInput (both doors)
 * and published in the REST contract.
 */

/** Path id of a user. */
export const UserId = idSchema(USER_MESSAGES.invalidId);

// Address-like, as the client checks it: something@something.tld, no spaces (around it is trimmed). The dot is
// found by a lookahead, so a long run of dots cannot make a validator backtrack through every split.
const EMAIL_PATTERN = /^\s*[^\s@]+@(?=[^\s@]+\.[^\s@])[^\s@]+\s*$/;

/** A person's name on an account: required, at most 100 characters, trimmed. */
export const NameField = requiredTextSchema(USER_LIMITS.nameMax, { required: M.nameRequired, tooLong: M.nameTooLong });

/**
 * An email as typed: required, at most 254 characters, address-like; trimmed, case kept (compared lower-cased).
 * NUL and lone surrogates go as in every text field: PostgreSQL refuses them in text, which would answer 500.
 */
export const EmailField = z
  .string({ error: M.emailRequired })
  .overwrite(withoutNul)
  .trim()
  .min(1, { error: M.emailRequired, abort: true })
  .max(USER_LIMITS.emailMax, { error: M.emailTooLong, abort: true })
  .regex(EMAIL_PATTERN, { error: M.emailInvalid });

/** The day a user's onboarding starts (docs/product.md#start-date). */
export const StartDateField = z
  .string({ error: M.startDateInvalid })
  .transform((raw, ctx) => {
    const text = raw.trim();
    if (!isCalendarDate(text)) return problem(ctx, M.startDateInvalid);
    return text < USER_LIMITS.startDateMin || text > USER_LIMITS.startDateMax ? problem(ctx, M.startDateOutOfRange) : text;
  })
  .openapi({
    format: 'date',
    // The range is whole years (January 1 to December 31), so the years' digits state it.
    pattern: `^\\s*${digitsPattern(Number(USER_LIMITS.startDateMin.slice(0, 4)), Number(USER_LIMITS.startDateMax.slice(0, 4)))}-[0-9]{2}-[0-9]{2}\\s*$`,
    description: `YYYY-MM-DD, ${USER_LIMITS.startDateMin} to ${USER_LIMITS.startDateMax}.`,
  });

/** A manager or buddy to set: a user id, or null for none; left out, unchanged. */
const personField = (message: string) => idSchema(message).nullable().optional();

/** With a role change, "start the new role's checklist from today" (docs/product.md#due-dates). */
const ReonboardField = nullishSchema(z.boolean({ error: M.reonboardInvalid })).openapi({ default: false });

/**
 * PUT /admin/users/{id}: fields left out keep their value; at least one is
 * required (`reonboard` only qualifies a role change). Whether the role and
 * the people exist is the service's check.
 */
export const UserUpdate = z
  .object({
    name: NameField.optional(),
    email: EmailField.optional(),
    role_id: idSchema(M.roleIdInvalid).optional(),
    start_date: StartDateField.optional(),
    manager_id: personField(M.managerIdInvalid),
    buddy_id: personField(M.buddyIdInvalid),
    reonboard: ReonboardField,
  })
  .transform((input, ctx) => {
    const changes = { name: input.name, email: input.email, roleId: input.role_id, startDate: input.start_date, managerId: input.manager_id, buddyId: input.buddy_id };
    if (Object.values(changes).every((v) => v === undefined)) problem(ctx, M.noChanges);
    return { ...changes, reonboard: input.reonboard ?? false };
  })
  // "At least one field" is a rule across fields: stated as "one of them is given".
  .openapi('UserUpdate', { anyOf: ['name', 'email', 'role_id', 'start_date', 'manager_id', 'buddy_id'].map((key) => ({ required: [key] })) });
export type UserUpdate = z.output<typeof UserUpdate>;

/** GET /admin/users: search (name or email), sort, order, status, role, page. Names read A→Z by default. */
export const UserListQuery = z
  .object({
    search: optionalSchema(searchTextSchema(USER_LIMITS.searchMax, M.searchInvalid), ''),
    sort: optionalSchema(choiceSchema(USER_SORTS, M.sortInvalid), 'name'),
    order: optionalSchema(choiceSchema(SORT_ORDERS, M.orderInvalid), 'asc'),
    status: optionalSchema(choiceSchema(USER_STATUSES, M.statusInvalid), 'all'),
    role_id: optionalSchema(idSchema(M.roleFilterInvalid), null),
    ...pagingSchema({ page: M.pageInvalid, limit: M.limitInvalid }, USER_LIMITS.pageSizeMax, USER_LIMITS.pageSizeDefault),
  })
  .openapi('UserListQuery');
export type UserListQuery = z.output<typeof UserListQuery>;

/** 1 to 1000 user ids, JSON numbers or digits; duplicates dropped, first position kept. */
const UserIds = idListSchema(M.userIdsInvalid);

/** PUT /admin/user-roles: every listed user moves to the role, all or nothing. */
export const RoleAssignment = z.object({ user_ids: UserIds, role_id: idSchema(M.roleIdInvalid), reonboard: ReonboardField }).openapi('RoleAssignmentInput');
