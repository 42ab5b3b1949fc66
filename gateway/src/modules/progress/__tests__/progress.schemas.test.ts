import { ValidationError } from '../../../shared/errors';
import { parseInput } from '../../../shared/validation';
import { PROGRESS_MESSAGES } from '../progress.messages';
import { parseTimestamp } from '../../../shared/schemas';
import { progressChange, type ProgressInput } from '../progress.schemas';

const NOW = new Date('2025-03-10T12:00:00Z');
const parseProgressInput = (input: ProgressInput, now: Date) => parseInput(progressChange(now), input);

function details(input: ProgressInput): string[] {
  try {
    parseProgressInput(input, NOW);
  } catch (err) {
    if (err instanceof ValidationError) return err.details ?? [];
    throw err;
  }
  throw new Error('expected a ValidationError');
}

describe('progress input (docs/product.md#task-status)', () => {
  it.each([
    [{ status: 'complete' }, 'completed'],
    [{ status: 'completed' }, 'completed'],
    [{ status: ' Completed ' }, 'completed'],
    [{ status: 'pending' }, 'pending'],
    [{ completed: true }, 'completed'],
    [{ completed: false }, 'pending'],
    [{ status: 'completed', completed: true }, 'completed'],
  ])('%j → %s', (input, status) => {
    expect(parseProgressInput(input, NOW).status).toBe(status);
  });

  it('takes note or its alias notes; null or blank clears it; absent keeps it', () => {
    expect(parseProgressInput({ status: 'complete', note: ' Done ' }, NOW).note).toBe('Done');
    expect(parseProgressInput({ completed: true, notes: 'Done' }, NOW).note).toBe('Done');
    expect(parseProgressInput({ completed: true, note: 'Same', notes: 'Same' }, NOW).note).toBe('Same');
    expect(parseProgressInput({ completed: true, note: null }, NOW).note).toBeNull();
    expect(parseProgressInput({ completed: true, notes: '   ' }, NOW).note).toBeNull();
    expect(parseProgressInput({ completed: true }, NOW).note).toBeUndefined();
  });

  it('counts a note in characters, as the journal and documents do: 10,000 emoji fit, 10,001 do not', () => {
    const emoji = '\u{1F600}';
    expect(parseProgressInput({ note: emoji.repeat(10_000) }, NOW).note).toBe(emoji.repeat(10_000));
    expect(() => parseProgressInput({ note: emoji.repeat(10_001) }, NOW)).toThrow(PROGRESS_MESSAGES.noteTooLong);
  });

  it('allows a note-only change (status kept)', () => {
    expect(parseProgressInput({ note: 'Thinking about it' }, NOW)).toEqual({ status: undefined, note: 'Thinking about it', completedAt: undefined });
  });

  it('accepts completed_at as a date-time with a zone, a calendar date or a Date, up to 5 minutes ahead', () => {
    expect(parseProgressInput({ status: 'completed', completed_at: '2025-03-09T08:30:00Z' }, NOW).completedAt).toEqual(new Date('2025-03-09T08:30:00Z'));
    expect(parseProgressInput({ status: 'completed', completed_at: '2025-03-09T10:30:00+02:00' }, NOW).completedAt).toEqual(new Date('2025-03-09T08:30:00Z'));
    expect(parseProgressInput({ status: 'completed', completed_at: '2025-03-09' }, NOW).completedAt).toEqual(new Date('2025-03-09T00:00:00Z'));
    expect(parseProgressInput({ completed: true, completed_at: new Date('2025-03-01T00:00:00Z') }, NOW).completedAt).toEqual(new Date('2025-03-01T00:00:00Z'));
    expect(parseProgressInput({ completed: true, completed_at: '2025-03-10T12:04:59Z' }, NOW).completedAt).toEqual(new Date('2025-03-10T12:04:59Z'));
    expect(parseProgressInput({ completed: true, completed_at: null }, NOW).completedAt).toBeUndefined();
  });

  it.each([
    [{ status: 'done' }, [PROGRESS_MESSAGES.statusInvalid]],
    [{ status: 42 }, [PROGRESS_MESSAGES.statusInvalid]],
    [{ status: 'constructor' }, [PROGRESS_MESSAGES.statusInvalid]],
    [{ completed: 'yes' }, [PROGRESS_MESSAGES.completedInvalid]],
    [{ status: 'pending', completed: true }, [PROGRESS_MESSAGES.statusConflict]],
    [{}, [PROGRESS_MESSAGES.nothingToChange]],
    [{ completed_at: '2025-03-09T08:30:00Z' }, [PROGRESS_MESSAGES.completedAtNotCompleting]],
    [{ status: 'pending', completed_at: '2025-03-09T08:30:00Z' }, [PROGRESS_MESSAGES.completedAtNotCompleting]],
    [{ completed: true, completed_at: '2025-03-10T12:05:01Z' }, [PROGRESS_MESSAGES.completedAtFuture]],
    [{ completed: true, completed_at: '2030-01-01' }, [PROGRESS_MESSAGES.completedAtFuture]],
    [{ completed: true, completed_at: 'yesterday' }, [PROGRESS_MESSAGES.completedAtInvalid]],
    [{ completed: true, completed_at: '2025-02-30' }, [PROGRESS_MESSAGES.completedAtInvalid]],
    [{ completed: true, completed_at: '2025-02-28T10:00:00' }, [PROGRESS_MESSAGES.completedAtInvalid]], // no zone: ambiguous
    [{ completed: true, completed_at: '1969-12-31T23:59:59Z' }, [PROGRESS_MESSAGES.completedAtInvalid]],
    [{ completed: true, completed_at: 1741600000000 }, [PROGRESS_MESSAGES.completedAtInvalid]],
    [{ completed: true, note: 5 }, [PROGRESS_MESSAGES.noteInvalid]],
    [{ completed: true, note: 'a', notes: 'b' }, [PROGRESS_MESSAGES.noteConflict]],
    [{ completed: true, note: 'x'.repeat(10_001) }, [PROGRESS_MESSAGES.noteTooLong]],
    [{ status: 'done', completed: 'no', note: 3 }, [PROGRESS_MESSAGES.statusInvalid, PROGRESS_MESSAGES.completedInvalid, PROGRESS_MESSAGES.noteInvalid]],
  ])('%j → 400 %j', (input, expected) => {
    expect(details(input as ProgressInput)).toEqual(expected);
  });

  it('joins every problem into the error text', () => {
    expect(() => parseProgressInput({ status: 'done', note: 3 }, NOW)).toThrow(`${PROGRESS_MESSAGES.statusInvalid}, ${PROGRESS_MESSAGES.noteInvalid}`);
  });

  it('parses timestamps strictly', () => {
    expect(parseTimestamp('2024-02-29')).toEqual(new Date('2024-02-29T00:00:00Z'));
    expect(parseTimestamp('2025-02-29')).toBeNull();
    expect(parseTimestamp('2025-03-10T25:00:00Z')).toBeNull();
    expect(parseTimestamp(new Date('invalid'))).toBeNull();
    expect(parseTimestamp({})).toBeNull();
  });
});
