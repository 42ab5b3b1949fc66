/** The words and limits of checklist items as administrators write them (docs/product.md#admin, #validation). */
export const CHECKLIST_ITEM_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be at most 200 characters',
  descriptionInvalid: 'Description must be text',
  descriptionTooLong: 'Description must be at most 5,000 characters',
  typeRequired: 'Type is required',
  typeInvalid: 'Type must be form, policy, sop, training or meeting',
  priorityInvalid: 'Priority must be high, medium or low',
  dueDaysInvalid: 'Due days must be a whole number from -30 to 365',
  roleIdInvalid: 'role_id must be a role id or null',
  roleUnknown: 'Unknown role',
  noChanges: 'Nothing to change: give title, description, type, priority, due_days, role_id, owner_type or owner_role_id',
  ownerTypeInvalid: 'Owner must be new_hire, manager, buddy or role',
  ownerRoleIdInvalid: 'owner_role_id must be a role id or null',
  ownerRoleRequired: 'Choose the team that owns this task',
  ownerRoleNotFound: 'Role not found',
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
  /** Negative: preboarding, working days before the start date (docs/product.md#due-dates). */
  dueDaysMin: -30,
  dueDaysMax: 365,
  searchMax: 200,
} as const;
