/*
 * The checklist module's public surface: other modules import only this file.
 * The checklist owns checklist items, their role links and the rules read
 * over users' checklists: due date, overdue, completed, percentage
 * (docs/product.md#due-dates, #overdue, #progress). The progress module is the
 * only writer of users' progress; the checklist reads it.
 */
export { ChecklistService, CHECKLIST_MESSAGES, viewerOf } from './checklist.service';
export type { LinkedDocumentsReader, LoadedChecklist, TaskOwnership, TaskViewer, UserChecklistOverview, WithDocuments } from './checklist.service';
export { MY_TASKS_LIMITS, MY_TASKS_MESSAGES, MyTasksQuery } from './checklist.schemas';
export { ChecklistItemsService } from './checklist-items.service';
export { CHECKLIST_ITEM_LIMITS, CHECKLIST_ITEM_MESSAGES } from './checklist-items.messages';
export { ChecklistItemListQuery, CreateChecklistItem, ReorderChecklistItems, RoleChecklistItems, UpdateChecklistItem } from './checklist-items.schemas';
export {
  compareUpcoming,
  completionPercentage,
  completionRate,
  completionStats,
  daysBetween,
  DEFAULT_NEXT_STEP,
  estimatedTime,
  isOverdue,
  isOwnTask,
  OWNER_TYPES,
  ownerLabel,
  startOfDayMs,
  taskRoute,
  urgencyLevel,
} from './checklist.rules';
export type { ChecklistItemTypeName, OwnerTypeName, ProgressStatusName, TaskPriorityName, UrgencyLevelName } from './checklist.rules';
export { addWorkingDaysSql, anchorSql, companyTodaySql, completedSql, dueDateJoinsSql, dueDateSql, liveDueDateSql, overdueSql, ownsTaskSql, ownTaskSql, workingDaysBetweenSql } from './checklist.sql';
export { companyDay, type CompanyDay } from './calendar';
export { completionPercentages } from './completion';
export {
  AdminChecklistItemType,
  ChecklistItemType,
  ChecklistItemTypeEnum,
  CompletionStatsType,
  LinkedDocumentType,
  MyTaskHireType,
  MyTaskItemType,
  MyTasksPageType,
  MyTaskType,
  ProgressStatusEnum,
  RoleChecklistType,
  RoleHealthType,
  TaskOwnerTypeEnum,
  TaskPriorityEnum,
  UrgencyLevelEnum,
  UserChecklistItemType,
} from './checklist.types';
export { ChecklistItemResolver, UserChecklistResolver } from './checklist.resolver';
export { checklistRouter, UserChecklistItemJson } from './checklist.routes';
