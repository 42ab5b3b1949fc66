/*
 * The words of the CSV reports (docs/product.md#reports): the validation
 * messages of their filters and the header row of each file, exactly as a
 * spreadsheet shows them.
 */

export const REPORT_MESSAGES = {
  fromInvalid: 'From must be a date (YYYY-MM-DD)',
  toInvalid: 'To must be a date (YYYY-MM-DD)',
  rangeInvalid: 'From must not be after To',
  documentIdInvalid: 'Document ID must be a positive integer',
  acknowledgementInvalid: 'Status must be acknowledged, pending or all',
  roleFilterInvalid: 'Role ID must be a positive integer',
  ownerTypeInvalid: 'Owner type must be new_hire, manager, buddy or role',
} as const;

/** Who does a task, as the overdue report's "Done by" column names it. */
export const OWNER_LABELS = { new_hire: 'New hire', manager: 'Manager', buddy: 'Buddy', role: 'Team' } as const;

/** The header row of each report, in column order. */
export const REPORT_COLUMNS = {
  users: ['Name', 'Email', 'Role', 'Manager', 'Start date', 'Progress (%)', 'Overdue tasks', 'Completed on'],
  policies: ['Policy', 'Version', 'Name', 'Email', 'Role', 'Acknowledged', 'Acknowledged at (UTC)'],
  overdue: ['Name', 'Email', 'Role', 'Manager', 'Task', 'Type', 'Done by', 'Owner', 'Due date', 'Days overdue'],
  audit: ['Date (UTC)', 'Action', 'Actor', 'Actor email', 'Target type', 'Target ID', 'Details'],
} as const;

export type ReportName = keyof typeof REPORT_COLUMNS;
