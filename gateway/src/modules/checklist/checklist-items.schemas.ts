import { positiveId } from '../../shared/ids';
import { charLength, problem, withoutNul } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { CHECKLIST_ITEM_LIMITS, CHECKLIST_ITEM_MESSAGES as M } from './checklist-items.messages';
import { CHECKLIST_ITEM_TYPES, TASK_PRIORITIES, type ChecklistItemTypeName, type TaskPriorityName } from './checklist.rules';

/*
 * The inputs of the administrators' checklist-item operations. Create: title
 * and type required; priority defaults to medium, due_days to 0, role to none.
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
const ITEM_KEYS = ['title', 'description', 'type', 'priority', 'due_days', 'role_id'] as const;
const isType = (value: unknown): value is ChecklistItemTypeName => typeof value === 'string' && (CHECKLIST_ITEM_TYPES as readonly string[]).includes(value);
const isPriority = (value: unknown): value is TaskPriorityName => typeof value === 'string' && (TASK_PRIORITIES as readonly string[]).includes(value);

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
    .openapi({ type: 'string', minLength: 1, maxLength: CHECKLIST_ITEM_LIMITS.titleMax });
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

function type(mode: Mode) {
  return z
    .unknown()
    .transform((raw, ctx): ChecklistItemTypeName | undefined => {
      if (mode === 'create' && (raw === undefined || raw === null || raw === '')) return problem(ctx, M.typeRequired);
      if (raw === undefined) return undefined;
      return isType(raw) ? raw : problem(ctx, M.typeInvalid);
    })
    .openapi({ type: 'string', enum: [...CHECKLIST_ITEM_TYPES] });
}

function priority(mode: Mode) {
  return z
    .unknown()
    .transform((raw, ctx): TaskPriorityName | undefined => {
      if (raw === undefined || raw === null) return mode === 'create' ? 'medium' : undefined;
      return isPriority(raw) ? raw : problem(ctx, M.priorityInvalid);
    })
    .openapi({ type: 'string', enum: [...TASK_PRIORITIES], default: 'medium' });
}

/** A whole number of days, 0 to 365, from a number or its digits. */
function dueDays(mode: Mode) {
  return z
    .unknown()
    .transform((raw, ctx): number | undefined => {
      if (raw === undefined || raw === null) return mode === 'create' ? 0 : undefined;
      const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
      const days = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
      return Number.isInteger(days) && days >= 0 && days <= CHECKLIST_ITEM_LIMITS.dueDaysMax ? days : problem(ctx, M.dueDaysInvalid);
    })
    .openapi({ type: 'integer', minimum: 0, maximum: CHECKLIST_ITEM_LIMITS.dueDaysMax, default: 0 });
}

/** The primary role: an id, or null (or '') for none. */
function roleId(mode: Mode) {
  return z
    .unknown()
    .transform((raw, ctx): number | null | undefined => {
      if (raw === null || raw === '') return null;
      if (raw === undefined) return mode === 'create' ? null : undefined;
      return positiveId(raw) ?? problem(ctx, M.roleIdInvalid);
    })
    .openapi({ type: ['integer', 'null'], minimum: 1 });
}

function itemInput(mode: Mode) {
  return z.object({ title: title(mode), description: description(mode), type: type(mode), priority: priority(mode), due_days: dueDays(mode), role_id: roleId(mode) });
}

/** Validated fields; undefined = not given (an update keeps the value), null role = no primary role. */
export interface ChecklistItemChanges {
  title?: string;
  description?: string | null;
  type?: ChecklistItemTypeName;
  priority?: TaskPriorityName;
  dueDays?: number;
  roleId?: number | null;
}

function changesOf(input: z.output<ReturnType<typeof itemInput>>): ChecklistItemChanges {
  const changes: ChecklistItemChanges = { title: input.title, description: input.description, type: input.type, priority: input.priority, dueDays: input.due_days, roleId: input.role_id };
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

/** POST /admin/checklist-items, `createChecklistItem`. */
export const CreateChecklistItem = z.preprocess(fieldsOf(ITEM_KEYS), itemInput('create').openapi('CreateChecklistItem')).transform(changesOf);

/** PUT /admin/checklist-items/{id}, `updateChecklistItem`: at least one field. */
export const UpdateChecklistItem = z
  .preprocess(fieldsOf(ITEM_KEYS), itemInput('update').openapi('UpdateChecklistItem'))
  .transform(changesOf)
  .superRefine((changes, ctx) => {
    if (Object.keys(changes).length === 0) ctx.addIssue({ code: 'custom', message: M.noChanges });
  });

/** GET /admin/checklist-items filters: a role, a search text, a type ('all' or blank: any). */
export const ChecklistItemListQuery = z.preprocess(
  fieldsOf(['role_id', 'search', 'type']),
  z
    .object({
      role_id: z
        .unknown()
        .transform((raw, ctx): number | null => (raw === undefined || raw === null || raw === '' ? null : (positiveId(raw) ?? problem(ctx, M.roleFilterInvalid))))
        .openapi({ type: 'integer', minimum: 1 }),
      search: z
        .unknown()
        .transform((raw, ctx): string => {
          if (raw === undefined || raw === null) return '';
          if (typeof raw !== 'string' || raw.length > CHECKLIST_ITEM_LIMITS.searchMax) return problem(ctx, M.searchInvalid);
          return withoutNul(raw).trim();
        })
        .openapi({ type: 'string', maxLength: CHECKLIST_ITEM_LIMITS.searchMax }),
      type: z
        .unknown()
        .transform((raw, ctx): ChecklistItemTypeName | null => {
          if (raw === undefined || raw === null || raw === '' || raw === 'all') return null;
          return isType(raw) ? raw : problem(ctx, M.typeFilterInvalid);
        })
        .openapi({ type: 'string', enum: ['all', ...CHECKLIST_ITEM_TYPES] }),
    })
    .transform(({ role_id, search, type: itemType }) => ({ roleId: role_id, search, type: itemType }))
    .openapi('ChecklistItemListQuery'),
);
