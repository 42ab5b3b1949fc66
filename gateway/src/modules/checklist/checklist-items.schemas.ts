import { invalid } from '../../shared/validation';
import { positiveId } from '../../shared/ids';
import { CHECKLIST_ITEM_TYPES, TASK_PRIORITIES, type ChecklistItemTypeName, type TaskPriorityName } from './checklist.rules';

/** Rules of checklist items as administrators write them (issue 8 item 4 and 9). */
export const CHECKLIST_ITEM_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be at most 200 characters',
  descriptionInvalid: 'Description must be text',
  descriptionTooLong: 'Description must be at most 5,000 characters',
  typeRequired: 'Type is required',
  typeInvalid: 'Type must be form, policy, sop, training or meeting',
  priorityInvalid: 'Priority must be high, medium or low',
  dueDaysInvalid: 'Due days must be a whole number from 0 to 365',
  roleIdInvalid: 'role_id must be a role id or null',
  roleUnknown: 'Unknown role',
  noChanges: 'Nothing to change: give title, description, type, priority, due_days or role_id',
  idsInvalid: 'ids must be a list of 1 to 1000 checklist item ids',
  itemIdsInvalid: 'item_ids must be a list of 1 to 1000 checklist item ids',
  unknownItems: (ids: readonly number[]) => `Unknown checklist item${ids.length === 1 ? '' : 's'}: ${ids.join(', ')}`,
  searchInvalid: 'Search must be text of at most 200 characters',
  typeFilterInvalid: 'Type must be form, policy, sop, training or meeting',
  roleFilterInvalid: 'Invalid role id',
} as const;

export const CHECKLIST_ITEM_LIMITS = {
  titleMax: 200,
  descriptionMax: 5_000,
  dueDaysMax: 365,
  searchMax: 200,
} as const;

/** A create or update body as received (REST JSON or GraphQL input). */
export interface ChecklistItemInput {
  title?: unknown;
  description?: unknown;
  type?: unknown;
  priority?: unknown;
  due_days?: unknown;
  role_id?: unknown;
}

/** Validated fields; undefined = not given (an update keeps the value), null role = no primary role. */
export interface ChecklistItemFields {
  title?: string;
  description?: string | null;
  type?: ChecklistItemTypeName;
  priority?: TaskPriorityName;
  dueDays?: number;
  roleId?: number | null;
}

export interface ChecklistItemListInput {
  role_id?: unknown;
  search?: unknown;
  type?: unknown;
}

export interface ChecklistItemListQuery {
  roleId: number | null;
  search: string;
  type: ChecklistItemTypeName | null;
}

/**
 * Create: title and type required; priority defaults to medium, due_days to
 * 0, role to none. Update: only the fields given, at least one. Every problem
 * is listed in one 400.
 */
export function parseChecklistItemInput(input: ChecklistItemInput, mode: 'create' | 'update'): ChecklistItemFields {
  const details: string[] = [];
  const fields: ChecklistItemFields = {};

  if (mode === 'create' || input.title !== undefined) {
    const title = typeof input.title === 'string' ? input.title.replaceAll('\u0000', '').trim() : '';
    if (title === '') details.push(CHECKLIST_ITEM_MESSAGES.titleRequired);
    else if ([...title].length > CHECKLIST_ITEM_LIMITS.titleMax) details.push(CHECKLIST_ITEM_MESSAGES.titleTooLong);
    else fields.title = title;
  }

  if (input.description === null) fields.description = null;
  else if (input.description !== undefined) {
    if (typeof input.description !== 'string') details.push(CHECKLIST_ITEM_MESSAGES.descriptionInvalid);
    else {
      const description = input.description.replaceAll('\u0000', '').trim();
      if ([...description].length > CHECKLIST_ITEM_LIMITS.descriptionMax) details.push(CHECKLIST_ITEM_MESSAGES.descriptionTooLong);
      else fields.description = description === '' ? null : description;
    }
  } else if (mode === 'create') fields.description = null;

  if (mode === 'create' && (input.type === undefined || input.type === null || input.type === '')) details.push(CHECKLIST_ITEM_MESSAGES.typeRequired);
  else if (input.type !== undefined) {
    if (typeof input.type === 'string' && (CHECKLIST_ITEM_TYPES as readonly string[]).includes(input.type)) fields.type = input.type as ChecklistItemTypeName;
    else details.push(CHECKLIST_ITEM_MESSAGES.typeInvalid);
  }

  if (input.priority !== undefined && input.priority !== null) {
    if (typeof input.priority === 'string' && (TASK_PRIORITIES as readonly string[]).includes(input.priority)) fields.priority = input.priority as TaskPriorityName;
    else details.push(CHECKLIST_ITEM_MESSAGES.priorityInvalid);
  } else if (mode === 'create') fields.priority = 'medium';

  if (input.due_days !== undefined && input.due_days !== null) {
    const text = typeof input.due_days === 'number' ? String(input.due_days) : typeof input.due_days === 'string' ? input.due_days.trim() : '';
    const days = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(days) || days < 0 || days > CHECKLIST_ITEM_LIMITS.dueDaysMax) details.push(CHECKLIST_ITEM_MESSAGES.dueDaysInvalid);
    else fields.dueDays = days;
  } else if (mode === 'create') fields.dueDays = 0;

  if (input.role_id === null || input.role_id === '') fields.roleId = null;
  else if (input.role_id !== undefined) {
    const roleId = positiveId(input.role_id);
    if (roleId === null) details.push(CHECKLIST_ITEM_MESSAGES.roleIdInvalid);
    else fields.roleId = roleId;
  } else if (mode === 'create') fields.roleId = null;

  if (mode === 'update' && details.length === 0 && Object.keys(fields).length === 0) details.push(CHECKLIST_ITEM_MESSAGES.noChanges);
  if (details.length > 0) throw invalid(details);
  return fields;
}

export function parseChecklistItemListQuery(input: ChecklistItemListInput): ChecklistItemListQuery {
  const details: string[] = [];
  let roleId: number | null = null;
  if (input.role_id !== undefined && input.role_id !== null && input.role_id !== '') {
    roleId = positiveId(input.role_id);
    if (roleId === null) details.push(CHECKLIST_ITEM_MESSAGES.roleFilterInvalid);
  }
  let search = '';
  if (input.search !== undefined && input.search !== null) {
    if (typeof input.search !== 'string' || input.search.length > CHECKLIST_ITEM_LIMITS.searchMax) details.push(CHECKLIST_ITEM_MESSAGES.searchInvalid);
    else search = input.search.replaceAll('\u0000', '').trim();
  }
  let type: ChecklistItemTypeName | null = null;
  if (input.type !== undefined && input.type !== null && input.type !== '' && input.type !== 'all') {
    if (typeof input.type === 'string' && (CHECKLIST_ITEM_TYPES as readonly string[]).includes(input.type)) type = input.type as ChecklistItemTypeName;
    else details.push(CHECKLIST_ITEM_MESSAGES.typeFilterInvalid);
  }
  if (details.length > 0) throw invalid(details);
  return { roleId, search, type };
}
