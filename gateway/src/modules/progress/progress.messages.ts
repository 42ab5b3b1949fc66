/** The words and limits of progress changes (docs/product.md#task-status, #validation). */

export const NOTE_MAX = 10_000;
/** A client clock a little ahead of ours is not "the future". */
export const COMPLETED_AT_FUTURE_SKEW_MS = 5 * 60_000;

export const PROGRESS_MESSAGES = {
  statusInvalid: "Status must be 'complete', 'completed' or 'pending'",
  completedInvalid: 'Completed must be true or false',
  statusConflict: 'Status and completed disagree',
  nothingToChange: 'Provide status, completed or a note',
  noteInvalid: 'Note must be text',
  noteTooLong: 'Note must be less than 10,000 characters',
  noteConflict: 'Note and notes disagree',
  completedAtInvalid: 'completed_at must be an ISO 8601 date or date-time (e.g. 2025-03-10T09:30:00Z)',
  completedAtFuture: 'completed_at cannot be in the future',
  completedAtNotCompleting: 'completed_at can only be given when completing the task',
} as const;

/** Why the hire cannot change a task someone else owns (docs/product.md#roles): a 409, not a 403, which ends the client's session. */
export const OWNER_MESSAGES = {
  manager: 'This task is assigned to your manager',
  buddy: 'This task is assigned to your buddy',
  role: (roleName: string) => `This task is assigned to the ${roleName} team`,
} as const;

export const PROGRESS_ID_MESSAGES = {
  invalidTaskId: 'Invalid task id',
} as const;
