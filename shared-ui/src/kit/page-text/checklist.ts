// The wording of the checklist, task detail and sections pages, with every other string in shared-ui's kit
// (one place for every string: docs/product.md#messages). Deliberately NOT re-exported from the package index: the
// index is the shared singleton that every page loads whole, so pages import it through its own subpath,
//   import { ... } from '@embark/shared-ui/page-text/checklist';
// and only the chunks that show these screens carry it (docs/bundles.md: JS to reach the dashboard).
import { countOf } from '@embark/shared-ui';

/** The checklist, task detail and sections screens (docs/checklist-screens.md). */
export const CHECKLIST_TEXT = {
  title: 'My Checklist',
  lead: 'Every task of your onboarding, in order. Filter to focus on what matters now.',
  filtersLabel: 'Filter tasks',
  statusFilter: 'Status',
  typeFilter: 'Type',
  dueFilter: 'Due date',
  priorityFilter: 'Priority',
  statusOptions: { all: 'All statuses', completed: 'Completed', pending: 'Pending', overdue: 'Overdue' },
  allTypes: 'All types',
  dueOptions: { all: 'Any due date', today: 'Due today', week: 'Due this week', overdue: 'Overdue' },
  allPriorities: 'All priorities',
  clearFilters: 'Clear filters',
  showing: (shown: number, total: number) => `Showing ${shown} of ${countOf(total, 'task')}`,
  listLabel: 'Checklist tasks',
  emptyTitle: 'No tasks on your checklist yet',
  emptyHint: 'Tasks for your role will appear here once they are assigned.',
  noMatchTitle: 'No tasks match these filters',
  noMatchHint: 'Try another filter, or clear them to see every task.',
  loading: 'Loading your checklist',
  retry: 'Try Again',
  progressLabel: 'Checklist progress',
} as const;

export const TASK_DETAIL_TEXT = {
  title: 'Task Details',
  backToChecklist: 'Back to checklist',
  loading: 'Loading the task',
  retry: 'Try Again',
  notFoundTitle: 'Task not found',
  notFoundHint: "This task isn't on your checklist. It may have been removed from your role.",
  detailsLabel: 'Task details',
  noDescription: 'No description provided.',
  typeLabel: 'Type',
  priorityLabel: 'Priority',
  dueLabel: 'Due',
  estimateLabel: 'Estimated time',
  statusLabel: 'Status',
  documentsHeading: 'Linked documents',
  noDocuments: 'No documents are linked to this task yet.',
  openDocument: (title: string) => `${title} (opens in a new tab)`,
  noteLabel: 'Note',
  noteHint: 'Only you can see this note.',
  saveNote: 'Save note',
  savingNote: 'Saving…',
  noteSaved: 'Note saved',
  markComplete: 'Mark as complete',
  completing: 'Completing…',
  setBack: 'Set back to pending',
  settingBack: 'Setting back…',
  completedToast: (title: string) => `"${title}" is complete`,
  setBackToast: (title: string) => `"${title}" is pending again`,
  updateFailed: 'Could not update the task. Please try again.',
  writeReflection: 'Write a reflection',
  reflectionHint: 'Capture what you learned while it is fresh.',
} as const;

export const SECTIONS_TEXT = {
  title: 'Sections',
  lead: 'Your checklist grouped by kind of task, each with its own progress.',
  progressLabel: (section: string) => `${section} progress`,
  counts: (completed: number, total: number) => `${completed} of ${total} completed`,
  emptySection: 'No tasks in this section for your role.',
  viewTasks: (section: string) => `View ${section.toLowerCase()} in your checklist`,
  emptyTitle: 'No tasks on your checklist yet',
  retry: 'Try Again',
  loading: 'Loading your sections',
} as const;

/**
 * Tasks about the hire that someone else does (their manager, buddy or a team): shown read-only on the
 * hire's checklist, task page and sections, with the owner the server names (`ownerLabel`, `ownerName`).
 */
export const OWNER_TEXT = {
  ownerLabel: 'Owner',
  readOnlyHint: 'Someone else does this task for you: you can follow it here.',
} as const;

/**
 * A due day for people, weekday first: `Mon, Feb 3` in English (due dates skip weekends and holidays).
 * Here rather than beside formatCalendarDate: only these lazily loaded pages use it, and the index
 * loads with every page.
 */
export function formatDueDay(date: Date, locale?: string): string {
  return date.toLocaleDateString(locale, { weekday: 'short', month: 'short', day: 'numeric' });
}

/** /app/my-tasks: open tasks the signed-in user owns for other people, grouped by hire. */
export const MY_TASKS_TEXT = {
  title: 'Tasks for my hires',
  lead: 'Open tasks you own for the people you help onboard, soonest due first.',
  loading: 'Loading your tasks',
  loadFailed: 'Could not load your tasks. Please try again.',
  retry: 'Try Again',
  emptyTitle: 'No open tasks for your hires',
  emptyHint: 'Tasks you do for a new hire, as their manager, buddy or team, will appear here.',
  hireLabel: (name: string) => `Tasks for ${name}`,
  starts: (date: string) => `Starts ${date}`,
  /** @deprecated The page now uses dueWording; kept for released employee-mfe builds that still read it. */
  due: (date: string) => `Due ${date}`,
  complete: 'Complete',
  completing: 'Completing…',
  completeLabel: (title: string, hire: string) => `Mark "${title}" as complete for ${hire}`,
  completedToast: (title: string, hire: string) => `"${title}" is complete for ${hire}`,
  completeFailed: 'Could not complete the task. Please try again.',
  /** 404: the task is no longer this user's to do (reassigned, the hire gone); the list is read again. */
  noLongerYours: 'This task is no longer yours to complete. Your list has been updated.',
  showing: (shown: number, total: number) => `Showing ${shown} of ${countOf(total, 'task')}`,
  showMore: 'Show more',
  loadingMore: 'Loading…',
} as const;

/** /app/team: the signed-in user's direct reports and how their onboarding goes. */
export const TEAM_TEXT = {
  title: 'My team',
  lead: 'How each person who reports to you is getting on with their onboarding.',
  loading: 'Loading your team',
  loadFailed: 'Could not load your team. Please try again.',
  retry: 'Try Again',
  emptyTitle: 'No one reports to you yet',
  emptyHint: 'People whose manager you are will appear here.',
  listLabel: 'Direct reports',
  progressLabel: (name: string) => `${name}: onboarding progress`,
  counts: (completed: number, total: number) => `${completed} of ${countOf(total, 'task')} completed`,
  startLabel: 'Start date',
  overdueLabel: 'Overdue',
  nextDueLabel: 'Next due',
  nothingDue: 'Nothing left to do',
  nextDue: (title: string, date: string) => `${title}, due ${date}`,
  /** Who does the next task, as the manager reads it; null for the report's own task. */
  nextDueOwner(ownerType: string, roleName: string | null): string | null {
    if (ownerType === 'manager') return 'You';
    if (ownerType === 'buddy') return 'Their buddy';
    if (ownerType === 'role') return `The ${roleName ?? 'assigned'} team`;
    return null;
  },
  nextDueBy: (owner: string, title: string, date: string) => `${owner}: ${title}, due ${date}`,
} as const;
