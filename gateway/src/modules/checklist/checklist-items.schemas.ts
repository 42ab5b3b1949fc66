import { charLength, choiceSchema, idListSchema, idSchema, intSchema, isBlank, optionalSchema, problem, searchTextSchema, withoutNul } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { CHECKLIST_ITEM_LIMITS, CHECKLIST_ITEM_MESSAGES as M } from './checklist-items.messages';
import { CHECKLIST_ITEM_TYPES, OWNER_TYPES, TASK_PRIORITIES, type ChecklistItemTypeName, type OwnerTypeName, type TaskPriorityName } from './checklist.rules';

/*
 * The inputs of the administrators' checklist-item operations. Create: title
 * and type required; priority defaults to medium, due_days to 0, role to none,
 * owner to the new hire (a team owner names its role: checked against the
 * stored item in the service, since an update may give either field alone).
 * Update: only the fields given, at least one. Every problem is listed in one
 * 400, field by field in this order.
 */

type Mode = 'create' | 'update';

/**
 * The fields of `keys` as received, each key present (absent ones undefined) so
 * every field's rule runs, required and defaulted ones too. Anything but an
 * object carries no field.
 */
const fieldsOf =
  (keys: readonly string[]) =>
  (raw: unknown): Record<string, unknown> => {
    const given = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    return Object.fromEntries(keys.map((key) => [key, given[key]]));
  };
const ITEM_KEYS = ['title', 'description', 'type', 'priority', 'due_days', 'role_id', 'owner_type', 'owner_role_id'] as const;

/** Required text (NUL dropped, trimmed); on update only when given. */
function title(mode: Mode) {
  return z
    .unknown()
    .transform((raw, ctx) => {
      if (mode === 'update' && raw === undefined) return undefined;
      const text = typeof raw === 'string' ? withoutNul(raw).trim() : '';
      if (text === '') return problem(ctx, M.titleRequired);
      return charLength(text) > CHECKLIST_ITEM_LIMITS.titleMax ? problem(ctx, M.titleTooLong) : text;
    })
    // pattern: a title of only whitespace is none (the server trims it).
    .openapi({ type: 'string', minLength: 1, maxLength: CHECKLIST_ITEM_LIMITS.titleMax, pattern: '\\S' });
}

/** Text or null; blank is none. */
function description(mode: Mode) {
  return z
    .unknown()
    .transform((raw, ctx): string | null | undefined => {
      if (raw === null) return null;
      if (raw === undefined) return mode === 'create' ? null : undefined;
      if (typeof raw !== 'string') return problem(ctx, M.descriptionInvalid);
      const text = withoutNul(raw).trim();
      if (charLength(text) > CHECKLIST_ITEM_LIMITS.descriptionMax) return problem(ctx, M.descriptionTooLong);
      return text === '' ? null : text;
    })
    .openapi({ type: ['string', 'null'], maxLength: CHECKLIST_ITEM_LIMITS.descriptionMax });
}

/** One of the item types; required on create (absent, null or '' is "required"), kept on update when left out. */
function type(mode: Mode) {
  if (mode === 'update') return choiceSchema(CHECKLIST_ITEM_TYPES, M.typeInvalid).optional();
  return z.enum(CHECKLIST_ITEM_TYPES, { error: (issue) => (isBlank(issue.input) ? M.typeRequired : M.typeInvalid) });
}

/** What a field left out (or null) means: `createValue` on create, "keep" (undefined) on update. */
const leftOut =
  <const T>(mode: Mode, createValue: T) =>
  <V>(value: V | null | undefined): V | T | undefined =>
    value !== undefined && value !== null ? value : mode === 'create' ? createValue : undefined;

function priority(mode: Mode) {
  const schema = choiceSchema(TASK_PRIORITIES, M.priorityInvalid).nullish().transform(leftOut(mode, 'medium'));
  return mode === 'create' ? schema.openapi({ default: 'medium' }) : schema;
}

/** A whole number of working days, -30 (preboarding) to 365, from a number or its digits. */
function dueDays(mode: Mode) {
  const schema = intSchema(CHECKLIST_ITEM_LIMITS.dueDaysMin, CHECKLIST_ITEM_LIMITS.dueDaysMax, M.dueDaysInvalid).nullish().transform(leftOut(mode, 0));
  return mode === 'create' ? schema.openapi({ default: 0 }) : schema;
}

/** The primary role: an id, or null for none. */
function roleId(mode: Mode) {
  return idSchema(M.roleIdInvalid)
    .nullish()
    .transform((id): number | null | undefined => (id === undefined ? (mode === 'create' ? null : undefined) : id));
}

/** Who does the task (docs/product.md#roles); the new hire when left out on create. */
function ownerType(mode: Mode) {
  const schema = choiceSchema(OWNER_TYPES, M.ownerTypeInvalid).nullish().transform(leftOut(mode, 'new_hire'));
  return mode === 'create' ? schema.openapi({ default: 'new_hire' }) : schema;
}

/** The owning team's role, for owner_type 'role'; null for none. */
function ownerRoleId() {
  return idSchema(M.ownerRoleIdInvalid).nullish();
}

function itemInput(mode: Mode) {
  return z.object({
    title: title(mode),
    description: description(mode),
    type: type(mode),
    priority: priority(mode),
    due_days: dueDays(mode),
    role_id: roleId(mode),
    owner_type: ownerType(mode),
    owner_role_id: ownerRoleId(),
  });
}

/** Validated fields; undefined = not given (an update keeps the value), null role = no primary role. */
export interface ChecklistItemChanges {
  title?: string;
  description?: string | null;
  type?: ChecklistItemTypeName;
  priority?: TaskPriorityName;
  dueDays?: number;
  roleId?: number | null;
  ownerType?: OwnerTypeName;
  ownerRoleId?: number | null;
}

function changesOf(input: z.output<ReturnType<typeof itemInput>>): ChecklistItemChanges {
  const changes: ChecklistItemChanges = {
    title: input.title,
    description: input.description,
    type: input.type,
    priority: input.priority,
    dueDays: input.due_days,
    roleId: input.role_id,
    ownerType: input.owner_type,
    ownerRoleId: input.owner_role_id,
  };
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

/** POST /admin/checklist-items, `createChecklistItem`. */
export const CreateChecklistItem = z.preprocess(fieldsOf(ITEM_KEYS), itemInput('create').openapi('CreateChecklistItem')).transform(changesOf);

/** PUT /admin/checklist-items/{id}, `updateChecklistItem`: at least one field. */
export const UpdateChecklistItem = z
  .preprocess(fieldsOf(ITEM_KEYS), itemInput('update'))
  .transform(changesOf)
  .superRefine((changes, ctx) => {
    if (Object.keys(changes).length === 0) ctx.addIssue({ code: 'custom', message: M.noChanges });
  })
  // "At least one field" is a rule across fields: stated as "one of them is given" (null priority or due_days keeps the value).
  .openapi('UpdateChecklistItem', {
    anyOf: ITEM_KEYS.map((key) => (key === 'priority' || key === 'due_days' || key === 'owner_type' ? { required: [key], properties: { [key]: { not: { type: 'null' } } } } : { required: [key] })),
  });

/** GET /admin/checklist-items filters: a role, a search text, a type ('all' or blank: any). */
export const ChecklistItemListQuery = z
  .object({
    role_id: optionalSchema(idSchema(M.roleFilterInvalid), null),
    search: optionalSchema(searchTextSchema(CHECKLIST_ITEM_LIMITS.searchMax, M.searchInvalid), ''),
    // 'all' (or nothing) is any type.
    type: optionalSchema(choiceSchema(['all', ...CHECKLIST_ITEM_TYPES], M.typeFilterInvalid), 'all').transform((t) => (t === 'all' ? null : t)),
  })
  .transform(({ role_id, search, type: itemType }) => ({ roleId: role_id, search, type: itemType }))
  .openapi('ChecklistItemListQuery');

/** POST /admin/checklist-items/reorder: the items, in their new order. */
export const ReorderChecklistItems = z.object({ ids: idListSchema(M.idsInvalid) }).openapi('ReorderChecklistItemsInput');

/** POST and DELETE /admin/roles/{id}/checklist-items: the items the role gets, or no longer gets. */
export const RoleChecklistItems = z.object({ item_ids: idListSchema(M.itemIdsInvalid) }).openapi('RoleChecklistItemsInput');
