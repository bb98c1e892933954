// The console's SQL engine: DuckDB-WASM in a worker, reading objects named `lakefs://{repo}/{ref}/{path}` with HTTP
// range requests on Tarn's own object endpoint (same origin, so the session cookie authorises them), and writing
// `COPY ... TO 'lakefs://...'` into memory for the caller to upload. One engine serves the page: it starts on first
// use and runs one operation at a time. Loaded only when a data file is opened (a dynamic import).
import { RecordBatchReader, Table, type RecordBatch, type Schema } from 'apache-arrow';
import { objectUrl } from '../api-address';
import { cellText, sqlColumn, type SqlCell, type SqlColumn } from './arrow-values';
import { summaryFrom, summaryQueries, type ColumnSummary, type SummaryStats } from './column-summary';
import { DuckDBDataProtocol, openSession, SessionStoppedError, type DuckDbSession } from './duckdb-session';
import { markEngineStep } from './engine-marks';
import type { EngineWorker } from './engine-worker';
import { sqlString, type LakefsAddress } from './lakefs-address';
import { objectFiles, type ObjectFiles } from './object-files';
import { isQuery, splitStatements, type SqlStatement } from './sql-script';

export type { ColumnSummary, LakefsAddress, SqlCell, SqlColumn };

/** An object a statement wrote with `COPY ... TO 'lakefs://...'`, for the caller to upload. */
export interface SqlOutput {
  address: LakefsAddress;
  bytes: Uint8Array;
}

export interface SqlResult {
  /** The columns of the last statement's result. */
  columns: SqlColumn[];
  /** Its first rows (at most `maxRows`), each value as text. */
  rows: SqlCell[][];
  /** All its rows. */
  rowCount: number;
  /** From the first statement's start to the last row read. */
  elapsedMs: number;
  /** Objects written by COPY ... TO 'lakefs://...', not yet uploaded. */
  outputs: SqlOutput[];
}

export interface SqlRunOptions {
  signal?: AbortSignal;
  /** How many rows of the result to keep (all are counted). */
  maxRows?: number;
}

export type ExportFormat = 'csv' | 'parquet';

export type DescribedColumn = Pick<SqlColumn, 'name' | 'type'>;

export interface SqlEngine {
  /** Runs a script; the result is the last statement's. Errors carry DuckDB's message. */
  run(sql: string, options?: SqlRunOptions): Promise<SqlResult>;
  /** The columns (name and DuckDB type) a query returns, read from its sources without running it. */
  describe(query: string, signal?: AbortSignal): Promise<DescribedColumn[]>;
  /** A histogram or the top values of each column over a result's kept rows, computed by DuckDB (undefined: none). */
  summarise(result: SqlResult, signal?: AbortSignal): Promise<Array<ColumnSummary | undefined>>;
  /** The result as a file: the last statement run again into COPY when it is a query, else its kept rows. */
  exportResult(result: SqlResult, format: ExportFormat, signal?: AbortSignal): Promise<Uint8Array>;
}

/** When DuckDB has not stopped this long after a cancel, its worker is stopped and the next run starts a new one. */
const CANCEL_GRACE_MS = 1500;
const RESULT_TABLE = 'tarn_result_rows';

function abortError(): DOMException {
  return new DOMException('The query was cancelled', 'AbortError');
}

/** What a run remembers of its result, for the summary and the export. */
interface KeptResult {
  statement: SqlStatement;
  rows: Table;
}

interface StreamedResult {
  schema: Schema;
  batches: RecordBatch[];
  rowCount: number;
}

/** One operation's use of the session: every worker call goes through `call`, which honours the abort. */
interface Operation {
  session: DuckDbSession;
  signal: AbortSignal | undefined;
  call<T>(work: Promise<T>): Promise<T>;
}

class DuckDbSqlEngine implements SqlEngine {
  private session: Promise<DuckDbSession> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly kept = new WeakMap<SqlResult, KeptResult>();
  private runs = 0;

  /** `firstWorker`: a worker started for the first session, which later sessions start afresh. */
  constructor(private firstWorker: EngineWorker | undefined) {}

  /** The session, started again when the last one was stopped. */
  private async current(): Promise<DuckDbSession> {
    const existing = await this.session?.catch(() => undefined);
    if (existing && !existing.stopped) return existing;
    const started = openSession(this.firstWorker);
    this.firstWorker = undefined;
    this.session = started;
    return started;
  }

  /**
   * Runs work alone on the connection (DuckDB's pending query belongs to the connection). On abort the running query
   * is cancelled; if the worker is inside a call that does not return soon (a long read), it is stopped.
   */
  private exclusive<T>(signal: AbortSignal | undefined, work: (op: Operation) => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      if (signal?.aborted) throw abortError();
      const session = await this.current();
      let stopTimer: ReturnType<typeof setTimeout> | undefined;
      const onAbort = () => {
        void session.call(session.db.cancelPendingQuery(session.connectionId)).catch(() => undefined);
        stopTimer = setTimeout(() => session.stop(), CANCEL_GRACE_MS);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const call = async <R>(promise: Promise<R>): Promise<R> => {
        try {
          const value = await session.call(promise);
          if (signal?.aborted) throw abortError();
          return value;
        } catch (error) {
          throw signal?.aborted ? abortError() : error;
        }
      };
      try {
        return await work({ session, signal, call });
      } catch (error) {
        stopAfterFailedOpen(session, error);
        throw error;
      } finally {
        signal?.removeEventListener('abort', onAbort);
        clearTimeout(stopTimer);
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  async start(): Promise<void> {
    await this.exclusive(undefined, async () => undefined);
  }

  async run(sql: string, { signal, maxRows = Infinity }: SqlRunOptions = {}): Promise<SqlResult> {
    const statements = splitStatements(sql);
    const last = statements.at(-1);
    if (!last) throw new Error('There is no SQL statement to run.');
    const files = objectFiles(statements);
    return this.exclusive(signal, async (op) => {
      const started = performance.now();
      markEngineStep('run-started');
      const reads = await this.register(op, files);
      markEngineStep('registered');
      const { schema, batches, rowCount } = await withReadFailures(op, reads, async () => {
        for (const statement of statements.slice(0, -1)) await stream(op, statement.text, 0);
        return stream(op, last.text, maxRows);
      });
      const elapsedMs = Math.round(performance.now() - started);
      markEngineStep('run-done');
      const outputs: SqlOutput[] = [];
      for (const [name, address] of files.writes) {
        outputs.push({ address, bytes: await op.call(op.session.db.copyFileToBuffer(name)) });
        // Registered empty again, which frees the written bytes in the worker.
        await op.call(op.session.db.registerEmptyFileBuffer(name));
      }
      const result: SqlResult = { ...tableRows(schema, batches), rowCount, elapsedMs, outputs };
      this.kept.set(result, { statement: last, rows: new Table(schema, batches) });
      return result;
    });
  }

  async describe(query: string, signal?: AbortSignal): Promise<DescribedColumn[]> {
    const described = await this.run(`DESCRIBE ${query}`, { signal });
    return described.rows.map(([name, type]) => ({ name: name ?? '', type: type ?? '' }));
  }

  summarise(result: SqlResult, signal?: AbortSignal): Promise<Array<ColumnSummary | undefined>> {
    const kept = this.kept.get(result);
    const charted = result.columns.some((column) => column.kind !== 'other');
    if (!kept || result.rows.length === 0 || !charted) return Promise.resolve(result.columns.map(() => undefined));
    return this.exclusive(signal, async (op) => {
      await loadRows(op, kept.rows);
      try {
        const summaries: Array<ColumnSummary | undefined> = [];
        for (const column of result.columns) summaries.push(await summariseColumn(op, column));
        return summaries;
      } finally {
        await op.call(op.session.conn.query(`DROP TABLE IF EXISTS ${RESULT_TABLE}`));
      }
    });
  }

  exportResult(result: SqlResult, format: ExportFormat, signal?: AbortSignal): Promise<Uint8Array> {
    const kept = this.kept.get(result);
    if (!kept) return Promise.reject(new Error('This result can no longer be exported: run the query again.'));
    const target = `tarn-export.${format}`;
    const options = format === 'csv' ? '(FORMAT CSV, HEADER)' : '(FORMAT PARQUET)';
    const rerun = isQuery(kept.statement);
    return this.exclusive(signal, async (op) => {
      const { db, conn } = op.session;
      const reads = await this.register(op, rerun ? objectFiles([kept.statement]) : { reads: new Map(), writes: new Map() });
      await op.call(db.registerEmptyFileBuffer(target));
      if (!rerun) await loadRows(op, kept.rows);
      try {
        await withReadFailures(op, reads, () => stream(op, `COPY ${rerun ? `(${kept.statement.text})` : RESULT_TABLE} TO ${sqlString(target)} ${options}`, 0));
        return await op.call(db.copyFileToBuffer(target));
      } finally {
        if (!rerun) await op.call(conn.query(`DROP TABLE IF EXISTS ${RESULT_TABLE}`));
        await op.call(db.registerEmptyFileBuffer(target));
      }
    });
  }

  /**
   * Makes the objects the statements name into files DuckDB can open, and answers the ones read (name and address).
   * Each read gets a new address each run, since a branch's object may have changed since the browser cached a range
   * of it.
   */
  private async register(op: Operation, { reads, writes }: ObjectFiles): Promise<ObjectReads> {
    const run = ++this.runs;
    const urls = [...reads].map(([name, address]) => {
      const url = new URL(objectUrl(address.repo, address.ref, address.path), location.origin);
      url.searchParams.set('run', String(run));
      return [name, url.href] as const;
    });
    for (const [name, url] of urls) await op.call(op.session.db.registerFileURL(name, url, DuckDBDataProtocol.HTTP, true));
    for (const name of writes.keys()) await op.call(op.session.db.registerEmptyFileBuffer(name));
    return urls;
  }
}

/** The objects a run reads: the name DuckDB knows each by, and its address. */
type ObjectReads = ReadonlyArray<readonly [name: string, url: string]>;

/**
 * Runs statements over the objects read; when they fail, the server is asked why an object could not be read (DuckDB
 * only says it failed to open the file, where the server says it is missing, refused or empty). Asked only then: a
 * check before every run would cost the first result a round trip.
 */
async function withReadFailures<T>(op: Operation, reads: ObjectReads, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (op.signal?.aborted || error instanceof SessionStoppedError) throw error;
    try {
      await Promise.all(reads.map(([name, url]) => assertReadable(name, url, op.signal)));
    } catch (reason) {
      stopAfterFailedOpen(op.session, error);
      throw reason;
    }
    throw error;
  }
}

/** DuckDB 0.9 keeps a file it failed to open in a state that blocks the next use of its name: it starts afresh. */
function stopAfterFailedOpen(session: DuckDbSession, error: unknown): void {
  if (/Opening file '.*' failed/.test(String(error))) session.stop();
}

/** The server's reason when an object cannot be read (missing, refused, empty). */
async function assertReadable(name: string, url: string, signal: AbortSignal | undefined): Promise<void> {
  const response = await fetch(url, { headers: { Range: 'bytes=0-0' }, signal });
  if (response.ok) {
    await response.body?.cancel();
    return;
  }
  if (response.status === 416) throw new Error(`${name} is empty.`);
  const body: unknown = await response.json().catch(() => undefined);
  const message = typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : response.statusText;
  throw new Error(`Cannot read ${name}: ${message} (HTTP ${response.status}).`);
}

/** Kept result rows as a table DuckDB can query. */
async function loadRows(op: Operation, rows: Table): Promise<void> {
  await op.call(op.session.conn.query(`DROP TABLE IF EXISTS ${RESULT_TABLE}`));
  await op.call(op.session.conn.insertArrowTable(rows, { name: RESULT_TABLE, create: true }));
}

async function summariseColumn(op: Operation, column: SqlColumn): Promise<ColumnSummary | undefined> {
  const queries = summaryQueries(RESULT_TABLE, column);
  if (!queries) return undefined;
  try {
    const [stats] = rowObjects(await stream(op, queries.stats, 1)) as unknown as SummaryStats[];
    const counts = rowObjects(await stream(op, queries.counts, Infinity)).map((row) => Object.values(row));
    return stats ? summaryFrom(column, stats, counts as Array<[string | number, number]>) : undefined;
  } catch (error) {
    // A column DuckDB cannot summarise (a type that did not survive the round trip through Arrow) gets no chart.
    if (op.signal?.aborted || error instanceof SessionStoppedError) throw error;
    return undefined;
  }
}

function rowObjects({ batches }: StreamedResult): Record<string, unknown>[] {
  return batches.flatMap((batch) => batch.toArray().map((row: { toJSON(): Record<string, unknown> }) => row.toJSON()));
}

/**
 * Runs one statement as a pending query, so that it can be cancelled between its steps, and reads its result as a
 * stream: keeps the first `keep` rows and counts the rest.
 */
async function stream(op: Operation, text: string, keep: number): Promise<StreamedResult> {
  const { db, connectionId } = op.session;
  let header = await op.call(db.startPendingQuery(connectionId, text));
  while (!header) header = await op.call(db.pollPendingQuery(connectionId));
  const reader = await RecordBatchReader.from(resultChunks(header, () => op.call(db.fetchQueryResults(connectionId))));
  const { schema } = await reader.open();
  const batches: RecordBatch[] = [];
  let rowCount = 0;
  for await (const batch of reader) {
    if (rowCount < keep) batches.push(rowCount + batch.numRows <= keep ? batch : batch.slice(0, keep - rowCount));
    rowCount += batch.numRows;
  }
  return { schema, batches, rowCount };
}

/** The Arrow IPC stream of a query result: its header, then chunks until an empty one. */
async function* resultChunks(header: Uint8Array, next: () => Promise<Uint8Array>): AsyncGenerator<Uint8Array> {
  yield header;
  for (;;) {
    const chunk = await next();
    if (chunk.length === 0) return;
    yield chunk;
  }
}

function tableRows(schema: Schema, batches: RecordBatch[]): Pick<SqlResult, 'columns' | 'rows'> {
  const fields = schema.fields;
  const rows: SqlCell[][] = [];
  for (const batch of batches) {
    const vectors = fields.map((_, i) => batch.getChildAt(i));
    for (let r = 0; r < batch.numRows; r += 1) {
      rows.push(fields.map((field, i) => cellText(vectors[i]?.get(r), field.type)));
    }
  }
  return { columns: fields.map(sqlColumn), rows };
}

/**
 * An engine started in `worker` when one was started for it, else in a new worker (the worker and DuckDB's WebAssembly
 * module load then). The page keeps one: engine-loader.ts starts it once and shares it.
 */
export async function sqlEngine(worker?: EngineWorker): Promise<SqlEngine> {
  const created = new DuckDbSqlEngine(worker);
  await created.start();
  return created;
}
