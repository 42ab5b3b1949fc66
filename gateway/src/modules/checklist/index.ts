/*
 * The checklist module's public surface: other modules import only this file.
 * The checklist owns checklist items, their role links and the due-date rule
 * (docs/product.md#due-dates); users' progress is the progress module's.
 */
export { ChecklistService, CHECKLIST_MESSAGES } from './checklist.service';
export type { LinkedDocumentsReader, LoadedChecklist, UserChecklistOverview, WithDocuments } from './checklist.service';
export { ChecklistItemsService } from './checklist-items.service';
export { CHECKLIST_ITEM_LIMITS, CHECKLIST_ITEM_MESSAGES } from './checklist-items.messages';
export { ChecklistItemListQuery, CreateChecklistItem, UpdateChecklistItem } from './checklist-items.schemas';
export {
  addDays,
  CHECKLIST_ITEM_TYPES,
  compareUpcoming,
  completionPercentage,
  completionStats,
  dateToUtcMs,
  daysBetween,
  DEFAULT_NEXT_STEP,
  estimatedTime,
  isOverdue,
  PROGRESS_STATUSES,
  TASK_PRIORITIES,
  taskRoute,
  todayUtc,
  urgencyLevel,
} from './checklist.rules';
export type { ChecklistItemTypeName, ProgressStatusName, TaskPriorityName, UrgencyLevelName } from './checklist.rules';
export { dueDateSql, overdueSql } from './checklist.sql';
export { completionPercentages } from './completion';
export {
  AdminChecklistItemType,
  ChecklistItemFields,
  ChecklistItemType,
  ChecklistItemTypeEnum,
  CompletionStatsType,
  LinkedDocumentType,
  ProgressStatusEnum,
  RoleChecklistType,
  TaskPriorityEnum,
  UrgencyLevelEnum,
  UserChecklistItemType,
} from './checklist.types';
export { ChecklistItemResolver, UserChecklistResolver } from './checklist.resolver';
export { checklistRouter, UserChecklistItemJson } from './checklist.routes';
