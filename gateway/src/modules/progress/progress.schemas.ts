import { anyCaseChoiceSchema, charLength, parseTimestamp, withoutNul } from '../../shared/schemas';
import { z } from '../../shared/validation';
import type { ProgressStatusName } from '../checklist';
import { COMPLETED_AT_FUTURE_SKEW_MS, NOTE_MAX, PROGRESS_MESSAGES } from './progress.messages';

const STATUS_INPUTS = { complete: 'completed', completed: 'completed', pending: 'pending' } as const satisfies Record<string, ProgressStatusName>;

/** 'complete' | 'completed' completes, 'pending' sets back; any case, spaces around allowed (docs/product.md#task-status). */
const StatusField = anyCaseChoiceSchema(['complete', 'completed', 'pending'], PROGRESS_MESSAGES.statusInvalid).transform((status) => STATUS_INPUTS[status]);

/** The other form: true completes, false sets back. */
const CompletedField = z.boolean({ error: PROGRESS_MESSAGES.completedInvalid });

/**
 * The body of `POST /user-checklist-items/user/{userId}/item/{itemId}` and the
 * `TaskProgressInput` of GraphQL: both payload forms
 * (docs/product.md#task-status), `{status, note, completed_at}` or
 * `{completed, notes, completed_at}`, null meaning "not given". This is the
 * published shape; `progressChange` checks the fields together, since their
 * problems depend on each other (a status and `completed` that disagree, a
 * completion time only when completing).
 */
export const ProgressInput = z
  .object({
    status: StatusField.nullish().openapi({ description: "'complete' | 'completed' completes; 'pending' sets back (clears completed_at). Any case." }),
    completed: CompletedField.nullish().openapi({ description: 'The other form: true completes, false sets back.' }),
    note: z.unknown().optional().openapi({ type: ['string', 'null'], maxLength: NOTE_MAX, description: 'null or blank clears the note; absent keeps it.' }),
    notes: z.unknown().optional().openapi({ type: ['string', 'null'], maxLength: NOTE_MAX, description: 'Alias of note.' }),
    completed_at: z.unknown().optional().openapi({ type: ['string', 'null'], format: 'date-time', description: 'Only when completing; an ISO 8601 date-time with a zone, or a date.' }),
  })
  .openapi('ProgressInput');
/** The input as received, each field unchecked until progressChange reads it. */
export type ProgressInput = { [K in keyof z.input<typeof ProgressInput>]?: unknown };

/** `POST /tasks/{id}/complete` body and the `completeTask` arguments. */
export const CompleteTaskInput = z
  .object({
    notes: z.unknown().optional().openapi({ type: ['string', 'null'], maxLength: NOTE_MAX }),
    note: z.unknown().optional().openapi({ type: ['string', 'null'], maxLength: NOTE_MAX, description: 'Alias of notes.' }),
    completedAt: z.unknown().optional().openapi({ type: 'string', format: 'date-time' }),
    completed_at: z.unknown().optional().openapi({ type: 'string', format: 'date-time', description: 'Alias of completedAt.' }),
  })
  .openapi('CompleteTaskInput');
export type CompleteTaskInput = z.input<typeof CompleteTaskInput>;

/** What to write. `status` undefined keeps the stored status (a note-only update); `note` undefined keeps the note. */
export interface ProgressChange {
  status: ProgressStatusName | undefined;
  note: string | null | undefined;
  completedAt: Date | undefined;
}

const EARLIEST_COMPLETED_AT = Date.UTC(1970, 0, 1);

/**
 * The change a progress input asks for, as of `now` (parse it with
 * parseInput: one 400 listing every problem, in this order). A status string
 * or `completed` boolean decides the status (both may be given if they
 * agree); `note` and `notes` are aliases (null clears the note);
 * `completed_at` is allowed only when completing.
 */
export function progressChange(now: Date) {
  // Anything but an object (an array, a string) carries no field: "nothing to change".
  return z.unknown().transform((raw, ctx): ProgressChange => {
    const input: ProgressInput = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
    const details: string[] = [];
    const change = readChange(input, now, details);
    for (const message of details) ctx.addIssue({ code: 'custom', message });
    return change;
  });
}

function readChange(input: ProgressInput, now: Date, details: string[]): ProgressChange {

  let fromStatus: ProgressStatusName | undefined;
  if (input.status !== undefined && input.status !== null) {
    const status = StatusField.safeParse(input.status);
    if (status.success) fromStatus = status.data;
    else details.push(PROGRESS_MESSAGES.statusInvalid);
  }
  let fromCompleted: ProgressStatusName | undefined;
  if (input.completed !== undefined && input.completed !== null) {
    const completed = CompletedField.safeParse(input.completed);
    if (completed.success) fromCompleted = completed.data ? 'completed' : 'pending';
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
  // NUL dropped as in every stored text: PostgreSQL refuses it in text columns.
  const normalized = (values as Array<string | null>).map((v) => (v === null ? null : withoutNul(v).trim() || null));
  if (normalized.length === 2 && normalized[0] !== normalized[1]) {
    details.push(PROGRESS_MESSAGES.noteConflict);
    return undefined;
  }
  const note = normalized[0] ?? null;
  if (note !== null && charLength(note) > NOTE_MAX) {
    details.push(PROGRESS_MESSAGES.noteTooLong);
    return undefined;
  }
  return note;
}
