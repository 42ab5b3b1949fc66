import { GraphQLDateTimeISO } from 'graphql-scalars';
import { invalid } from '../../shared/validation';
import type { ProgressStatusName } from '../checklist/checklist.rules';

/**
 * The body of `POST /user-checklist-items/user/{userId}/item/{itemId}` and the
 * `TaskProgressInput` of GraphQL, as received. Both payload forms of spec §7
 * (DESIGN §7.3): `{status, note, completed_at}` or `{completed, notes, completed_at}`.
 */
export interface ProgressInput {
  status?: unknown;
  completed?: unknown;
  note?: unknown;
  notes?: unknown;
  completed_at?: unknown;
}

/** What to write. `status` undefined keeps the stored status (a note-only update); `note` undefined keeps the note. */
export interface ProgressChange {
  status: ProgressStatusName | undefined;
  note: string | null | undefined;
  completedAt: Date | undefined;
}

export const NOTE_MAX = 10_000;
/** A client clock a little ahead of ours is not "the future". */
export const COMPLETED_AT_FUTURE_SKEW_MS = 5 * 60_000;
const EARLIEST_COMPLETED_AT = Date.UTC(1970, 0, 1);

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

const STATUS_INPUTS: Readonly<Record<string, ProgressStatusName>> = { complete: 'completed', completed: 'completed', pending: 'pending' };

/**
 * Validates a progress change against `now`; throws one 400 listing every
 * problem. A status string or `completed` boolean decides the status (both may
 * be given if they agree); `note` and `notes` are aliases (null clears the note);
 * `completed_at` is allowed only when completing.
 */
export function parseProgressInput(input: ProgressInput, now: Date): ProgressChange {
  const details: string[] = [];

  let fromStatus: ProgressStatusName | undefined;
  if (input.status !== undefined && input.status !== null) {
    const key = typeof input.status === 'string' ? input.status.trim().toLowerCase() : '';
    fromStatus = Object.hasOwn(STATUS_INPUTS, key) ? STATUS_INPUTS[key] : undefined;
    if (fromStatus === undefined) details.push(PROGRESS_MESSAGES.statusInvalid);
  }
  let fromCompleted: ProgressStatusName | undefined;
  if (input.completed !== undefined && input.completed !== null) {
    if (typeof input.completed === 'boolean') fromCompleted = input.completed ? 'completed' : 'pending';
    else details.push(PROGRESS_MESSAGES.completedInvalid);
  }
  if (fromStatus && fromCompleted && fromStatus !== fromCompleted) details.push(PROGRESS_MESSAGES.statusConflict);
  const status = fromStatus ?? fromCompleted;

  const note = parseNote(input, details);

  let completedAt: Date | undefined;
  if (input.completed_at !== undefined && input.completed_at !== null) {
    const parsed = parseTimestamp(input.completed_at);
    if (parsed === null || parsed.getTime() < EARLIEST_COMPLETED_AT) details.push(PROGRESS_MESSAGES.completedAtInvalid);
    else if (parsed.getTime() > now.getTime() + COMPLETED_AT_FUTURE_SKEW_MS) details.push(PROGRESS_MESSAGES.completedAtFuture);
    else if (status !== 'completed') details.push(PROGRESS_MESSAGES.completedAtNotCompleting);
    else completedAt = parsed;
  }

  const statusGiven = input.status !== undefined && input.status !== null;
  const completedGiven = input.completed !== undefined && input.completed !== null;
  if (details.length === 0 && !statusGiven && !completedGiven && note === undefined) details.push(PROGRESS_MESSAGES.nothingToChange);

  if (details.length > 0) throw invalid(details);
  return { status, note, completedAt };
}

function parseNote(input: ProgressInput, details: string[]): string | null | undefined {
  const values = [input.note, input.notes].filter((v) => v !== undefined);
  if (values.length === 0) return undefined;
  for (const v of values) {
    if (v !== null && typeof v !== 'string') {
      details.push(PROGRESS_MESSAGES.noteInvalid);
      return undefined;
    }
  }
  const normalized = (values as Array<string | null>).map((v) => (v === null || v.trim() === '' ? null : v.trim()));
  if (normalized.length === 2 && normalized[0] !== normalized[1]) {
    details.push(PROGRESS_MESSAGES.noteConflict);
    return undefined;
  }
  const note = normalized[0] ?? null;
  if (note !== null && note.length > NOTE_MAX) {
    details.push(PROGRESS_MESSAGES.noteTooLong);
    return undefined;
  }
  return note;
}

/**
 * A completion time: a Date (GraphQL's DateTimeISO has parsed it), an RFC 3339
 * date-time string with a zone (validated like GraphQL's DateTimeISO, so both
 * doors accept the same strings), or a calendar date YYYY-MM-DD (UTC midnight).
 */
export function parseTimestamp(raw: unknown): Date | null {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : raw;
  if (typeof raw !== 'string') return null;
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  if (dateOnly) {
    const [y, m, d] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? date : null;
  }
  try {
    return GraphQLDateTimeISO.parseValue(raw);
  } catch {
    return null;
  }
}
