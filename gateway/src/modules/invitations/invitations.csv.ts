import { parse } from 'csv-parse/sync';
import { CSV_COLUMNS, INVITATION_LIMITS, INVITATION_MESSAGES as M } from './invitations.messages';

/*
 * Reading an import file (docs/product.md#admin): csv-parse does the CSV
 * (quotes, escaped quotes, a BOM); this file only numbers the lines as a
 * spreadsheet shows them and checks the header. Cells are kept as text,
 * exactly as written apart from surrounding spaces: a cell starting with
 * = + - @ is data, never a formula (docs/decisions.md).
 */

export type CsvCells = Record<(typeof CSV_COLUMNS)[number], string>;

export interface CsvLine {
  /** The file's line where the record starts; the header is line 1. */
  line: number;
  cells: CsvCells;
}

export interface LineError {
  line: number;
  message: string;
}

export interface CsvFile {
  lines: CsvLine[];
  errors: LineError[];
}

interface Parsed {
  record: string[];
  info: { lines: number };
  raw: string;
}

/** Thrown from csv-parse's record callback to stop reading: enough has been read to answer. */
class EnoughRead extends Error {
  constructor(readonly line: number | null) {
    super('enough read');
  }
}

/** The lines of an import file, or the errors that keep it from being read. */
export function readInvitationCsv(text: string): CsvFile {
  // One line ending, so line numbers count CRLF, LF and CR files alike (a quoted cell's line break becomes \n).
  const normalised = text.replace(/\r\n?/g, '\n');
  // Kept as they are read, blank ones dropped at once, and reading stops one line past the limit, or
  // at the row limit: a file of blank rows or of far too many lines costs no more than the limits.
  const present: Parsed[] = [];
  let rows = 0;
  // The line the last whole record ended on: an unclosed quote is reported where its record starts.
  let lastEnd = 0;
  const keep = (record: Parsed): null => {
    rows += 1;
    lastEnd = record.info.lines;
    if (rows > INVITATION_LIMITS.importRowsMax) throw new EnoughRead(startLine(record));
    // Lines of spaces only are blank lines too.
    if (record.record.some((cell) => cell.trim() !== '')) present.push(record);
    if (present.length > INVITATION_LIMITS.importLinesMax + 1) throw new EnoughRead(null);
    return null;
  };
  try {
    // With info and raw, csv-parse hands on_record the { record, info, raw } it would push; its types name only the cells.
    parse(normalised, { bom: true, skip_empty_lines: true, relax_column_count: true, info: true, raw: true, record_delimiter: '\n', on_record: (record: string[]) => keep(record as unknown as Parsed) });
  } catch (err) {
    if (err instanceof EnoughRead) {
      if (err.line !== null) return { lines: [], errors: [{ line: err.line, message: M.csvTooManyRows }] };
    } else {
      const { code, lines, message } = err as { code?: unknown; lines?: unknown; message?: unknown };
      const reason = typeof message === 'string' ? (message.split(':')[0] ?? message) : 'unknown error';
      // csv-parse names the file's last line for a quote left open: the record it opens starts at the first line after the last whole one.
      const line = code === 'CSV_QUOTE_NOT_CLOSED' ? firstFilledLineAfter(normalised, lastEnd) : typeof lines === 'number' ? lines : 1;
      return { lines: [], errors: [{ line, message: M.csvUnreadable(reason) }] };
    }
  }
  const [header, ...body] = present;
  if (!header) return { lines: [], errors: [{ line: 1, message: M.csvEmpty }] };
  const headerLine = startLine(header);
  const names = header.record.map((cell) => cell.trim().toLowerCase());
  if (names.length !== CSV_COLUMNS.length || CSV_COLUMNS.some((column, i) => names[i] !== column)) {
    return { lines: [], errors: [{ line: headerLine, message: M.csvHeader }] };
  }
  if (body.length > INVITATION_LIMITS.importLinesMax) {
    const first = body[INVITATION_LIMITS.importLinesMax] as Parsed;
    return { lines: [], errors: [{ line: startLine(first), message: M.csvTooManyLines }] };
  }

  const lines: CsvLine[] = [];
  const errors: LineError[] = [];
  for (const record of body) {
    const line = startLine(record);
    if (record.record.length !== CSV_COLUMNS.length) {
      errors.push({ line, message: M.csvColumnCount(record.record.length) });
      continue;
    }
    if (record.record.some((cell) => cell.includes('\uFFFD'))) {
      errors.push({ line, message: M.csvNotUtf8 });
      continue;
    }
    const cells = Object.fromEntries(CSV_COLUMNS.map((column, i) => [column, (record.record[i] ?? '').trim()])) as CsvCells;
    lines.push({ line, cells });
  }
  return { lines, errors };
}

/** The first line after line `after` (1-based) holding more than spaces; the last line when none does. */
function firstFilledLineAfter(text: string, after: number): number {
  const all = text.split('\n');
  let index = after;
  while (index < all.length - 1 && (all[index] ?? '').trim() === '') index++;
  return Math.min(index, all.length - 1) + 1;
}

/** csv-parse counts the line a record ends on; a quoted cell may span several, and skipped blank lines lead its raw text. */
function startLine(record: Parsed): number {
  const body = record.raw.replace(/^\n+/, '').replace(/\n$/, '');
  let breaks = 0;
  for (const ch of body) if (ch === '\n') breaks++;
  return record.info.lines - breaks;
}
