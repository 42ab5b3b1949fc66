import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import type { ChecklistItemType, TaskPriority } from '../../__generated__/graphql';

/** The gateway's checklist item limits; negative due days are preboarding (docs/product.md#due-dates). */
export const ITEM_LIMITS = { titleMax: 200, descriptionMax: 5_000, dueDaysMin: -30, dueDaysMax: 365 } as const;

export const ITEM_TYPES: readonly ChecklistItemType[] = ['form', 'policy', 'sop', 'training', 'meeting'];
export const ITEM_PRIORITIES: readonly TaskPriority[] = ['high', 'medium', 'low'];

/** Who does an item for each hire: the hire, their manager, their buddy, or any member of a role. */
export type OwnerType = keyof typeof ADMIN_TEXT.ownerTypes;
export const OWNER_TYPES = Object.keys(ADMIN_TEXT.ownerTypes) as OwnerType[];

export function isOwnerType(value: string): value is OwnerType {
  return (OWNER_TYPES as string[]).includes(value);
}

export interface ItemFormValues {
  title: string;
  description: string;
  type: ChecklistItemType | '';
  priority: TaskPriority;
  dueDays: string;
  roleId: string;
  ownerType: OwnerType;
  /** The owning role, for a team-owned item ('' otherwise). */
  ownerRoleId: string;
}

export type ItemFormErrors = Partial<Record<'title' | 'description' | 'type' | 'dueDays' | 'ownerRoleId', string>>;

/** The server's rules, checked before sending (its answer still decides). */
export function validateItemForm(values: ItemFormValues): ItemFormErrors {
  const errors: ItemFormErrors = {};
  const title = values.title.trim();
  if (title === '') errors.title = ADMIN_TEXT.itemTitleRequired;
  else if ([...title].length > ITEM_LIMITS.titleMax) errors.title = ADMIN_TEXT.itemTitleTooLong;
  if ([...values.description.trim()].length > ITEM_LIMITS.descriptionMax) errors.description = ADMIN_TEXT.itemDescriptionTooLong;
  if (values.type === '') errors.type = ADMIN_TEXT.itemTypeRequired;
  const days = /^-?\d{1,3}$/.test(values.dueDays.trim()) ? Number(values.dueDays.trim()) : Number.NaN;
  if (!Number.isInteger(days) || days < ITEM_LIMITS.dueDaysMin || days > ITEM_LIMITS.dueDaysMax) errors.dueDays = ADMIN_TEXT.itemDueDaysInvalid;
  if (values.ownerType === 'role' && values.ownerRoleId === '') errors.ownerRoleId = ADMIN_TEXT.ownerRoleRequired;
  return errors;
}

/**
 * The new order after moving the item at `index` one place up or down a list, as the two ids
 * to send to the reorder endpoint (the moved one first); null at either end.
 */
export function moveIds(ids: readonly number[], index: number, direction: 'up' | 'down'): [number, number] | null {
  const other = direction === 'up' ? index - 1 : index + 1;
  const moved = ids[index];
  const neighbour = ids[other];
  if (moved === undefined || neighbour === undefined) return null;
  return direction === 'up' ? [moved, neighbour] : [neighbour, moved];
}
