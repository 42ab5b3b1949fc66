import { Transform, type Readable } from 'node:stream';
import { pipeline, finished } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Response } from 'express';
import type { Pool, PoolClient } from 'pg';
import QueryStream from 'pg-query-stream';
import type { DataSource } from 'typeorm';

/*
 * A report streamed from the database to the client (docs/decisions.md, "CSV
 * reports"): a server-side cursor (pg-query-stream) → one array of cells per
 * row → csv-stringify → the response, each step waiting for the next one
 * (backpressure), so memory stays flat whatever the number of rows.
 */

/** A cell as the report writes it; csv-stringify turns numbers into text and null into an empty cell. */
export type Cell = string | number | null;

/** One report: its statement and how a row becomes its cells (in the order of `columns`). */
export interface CsvReport<Row> {
  /** The download's file name, e.g. users-2026-05-04.csv. */
  filename: string;
  columns: readonly string[];
  sql: string;
  params: unknown[];
  cells(row: Row): Cell[];
}

/** An opened report: the first bytes are ready, so the answer can start; `body` streams the rest. */
export interface CsvDownload {
  filename: string;
  body: Readable | AsyncIterable<string | Buffer>;
  /** How long the answer may wait on a client that reads nothing before it is cut. */
  stallMs: number;
}

/** Rows fetched per round trip: big enough to be cheap, small enough to stay a few hundred KB. */
const BATCH_ROWS = 500;
/** A report may read for longer than the pool's 30 s per statement, but not forever (a stalled reader holds a connection). */
const REPORT_TIMEOUT = '300s';

/**
 * Runs the report's statement on its own pooled connection in a read-only,
 * repeatable-read transaction (one consistent snapshot however long the
 * download takes), and resolves once the first CSV bytes are ready: any
 * failure before that (the database down, a timeout) rejects, so the door can
 * still answer a JSON error. The connection goes back to the pool when the
 * rows are read or the stream is torn down (the client went away).
 */
export async function openCsv<Row>(dataSource: DataSource, report: CsvReport<Row>, stallMs: number): Promise<CsvDownload> {
  // Same pool and same error mapping as every other query (TypeORM types its pool as `any`).
  const pool = (dataSource.driver as unknown as { master: Pool }).master;
  const client = await pool.connect();
  const done = settle(client);
  let rows: QueryStream;
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query(`set local statement_timeout = '${REPORT_TIMEOUT}'`);
    rows = client.query(new QueryStream(report.sql, report.params, { batchSize: BATCH_ROWS }));
  } catch (err) {
    await done(err);
    throw err;
  }
  finished(rows, (err) => void done(err));
  const toCells = new Transform({
    objectMode: true,
    transform(row: Row, _encoding, callback) {
      callback(null, report.cells(row));
    },
  });
  // A spreadsheet must never run a cell as a formula: csv-stringify prefixes = + - @ tab CR (and their
  // full-width forms) with ' in text cells (docs/decisions.md, "CSV reports").
  const csv = stringify({ header: true, columns: [...report.columns], bom: true, escape_formulas: true, record_delimiter: 'windows' });
  pipeline(rows, toCells, csv, () => {
    // Errors reach the reader of `csv`; the connection is settled by `finished(rows)`.
  });
  const chunks = csv[Symbol.asyncIterator]() as AsyncIterator<string | Buffer>;
  const first = await chunks.next();
  async function* body(): AsyncGenerator<string | Buffer> {
    try {
      if (first.done) return;
      yield first.value;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
    } finally {
      // The client went away (or the answer failed): tear the chain down, which closes the cursor.
      await chunks.return?.();
    }
  }
  return { filename: report.filename, body: body(), stallMs };
}

/** Ends the report's transaction and hands the connection back, once; a connection in doubt is discarded. */
function settle(client: PoolClient): (err?: unknown) => Promise<void> {
  let settled = false;
  return async (err) => {
    if (settled) return;
    settled = true;
    try {
      await client.query(err ? 'rollback' : 'commit');
      client.release();
    } catch (failure) {
      client.release(failure instanceof Error ? failure : new Error(String(failure)));
    }
  };
}

/**
 * Sends an opened report: 200, text/csv, as an attachment named by the
 * report. A client that goes away mid-way, or stops reading for the
 * download's stall time, ends the stream (and frees its connection); any
 * other failure after the first byte can only cut the answer short.
 */
export async function sendCsv(res: Response, download: CsvDownload): Promise<void> {
  res.status(200).set({
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${download.filename}"`,
    'Cache-Control': 'no-store',
  });
  const stopWatching = cutWhenStalled(res, download.stallMs);
  try {
    await new Promise<void>((resolve, reject) => {
      pipeline(download.body, res, (err) => {
        if (!err || (err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') resolve();
        else reject(err);
      });
    });
  } finally {
    stopWatching();
  }
}

/**
 * A client that stops reading keeps the report's pooled connection (and its
 * snapshot) for as long as its socket stays open: the statement timeout does
 * not count time spent waiting on the client. Cuts the answer once it has
 * waited on full buffers for a whole `stallMs` without the client taking any
 * (so after `stallMs` to twice that). Progress shows only when the kernel
 * frees about a third of the socket's send buffer, so a direct reader slower
 * than that per `stallMs` can be cut (docs/decisions.md, CSV reports). Not the
 * socket's own timeout: the server re-arms that one for keep-alive, and a
 * reset here would undo it.
 */
function cutWhenStalled(res: Response, stallMs: number): () => void {
  let progressed = false;
  const onDrain = () => {
    progressed = true;
  };
  res.on('drain', onDrain);
  const timer = setInterval(() => {
    if (res.writableNeedDrain && !progressed) res.destroy();
    progressed = false;
  }, stallMs);
  return () => {
    clearInterval(timer);
    res.off('drain', onDrain);
  };
}
