// The audit log: who changed what, who signed in, and who was refused, kept in the metadata store. A request only
// adds its record to a queue; the queue is written as one batch a moment later (or sooner when it grows), after the
// answer has left, so recording costs a request no write of its own. A record that no reader has seen yet may be
// lost if the process crashes before its batch is written: that is the price of keeping writes off the request path,
// and the window is the flush delay (100 ms by default). A clean shutdown writes what is queued.
import { randomBytes } from 'node:crypto';
import type { KvStore, KvWrite } from '../kv';

export interface AuditRecord {
  /** Unix milliseconds. */
  time: number;
  /** The signed-in user, when the caller was known. */
  user?: string;
  /** The access key id (or login name) tried by a caller who was not recognised; never a secret. */
  accessKeyId?: string;
  /** The lakeFS permission action the call was checked for (`fs:WriteObject`), when it was checked for one. */
  action?: string;
  /** The ARN the permission named. */
  resource?: string;
  /** The call: the API's operationId (`createBranch`, `login`) or the S3 gateway's (`s3:putObject`). */
  operation: string;
  method: string;
  /** The path without its query (a query may carry a presigned signature). */
  path: string;
  status: number;
  /** The address the request came from, as the connection saw it. */
  client?: string;
  repository?: string;
  requestId?: string;
}

export interface AuditFilter {
  /** The user, or the access key id tried. */
  user?: string;
  /** The action (`fs:WriteObject`) or the operation (`login`). */
  action?: string;
  repository?: string;
  /** Unix milliseconds, inclusive. */
  from?: number;
  /** Unix milliseconds, inclusive. */
  to?: number;
}

export interface AuditPage {
  records: AuditRecord[];
  hasMore: boolean;
  /** The cursor of the next page ('' when there is none). */
  nextOffset: string;
}

export interface AuditLogOptions {
  /** How long records are kept, in seconds. */
  retentionSeconds: number;
  /** How long a record waits to be written with others (default 100 ms). */
  flushDelayMs?: number;
  /** How often expired records are removed (default hourly; the first run is at start). */
  pruneIntervalMs?: number;
  /** Told when a batch could not be written (it is tried again) or records were dropped. */
  onError?: (err: unknown) => void;
  /** The clock (tests). */
  now?: () => number;
}

export const defaultAuditRetentionSeconds = 90 * 86_400;

const PREFIX = 'audit/entries/';
/** Records are keyed by time counted down from this, so that the store's ascending scan reads the newest first. */
const TIME_CEILING = 9_999_999_999_999;
const TIME_DIGITS = 13;
/** A batch this large is written at once rather than waiting for the delay. */
const BATCH_NOW = 256;
/** Records queued while the store refuses writes; beyond it the oldest are dropped (and said so). */
const QUEUE_CAP = 10_000;
/** Records read for one page at most: a filter that matches rarely answers a short page with has_more. */
const SCAN_BUDGET = 20_000;
const SCAN_CHUNK = 500;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function timeKey(time: number): string {
  return String(TIME_CEILING - Math.max(0, Math.min(TIME_CEILING, Math.floor(time)))).padStart(TIME_DIGITS, '0');
}

/** The first key of the records at `time` or before it: keys at and after it hold those records. */
const keyAtOrBefore = (time: number) => `${PREFIX}${timeKey(time)}`;

function matches(record: AuditRecord, filter: AuditFilter): boolean {
  if (filter.user !== undefined && record.user !== filter.user && record.accessKeyId !== filter.user) return false;
  if (filter.action !== undefined && record.action !== filter.action && record.operation !== filter.action) return false;
  if (filter.repository !== undefined && record.repository !== filter.repository) return false;
  return true;
}

export class AuditLog {
  private queue: Array<{ key: string; record: AuditRecord }> = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private readonly pruneTimer: NodeJS.Timeout;
  /** Distinguishes this process's keys from another's written in the same millisecond. */
  private readonly origin = randomBytes(4).toString('hex');
  private sequence = 0;
  private readonly now: () => number;

  constructor(
    private readonly kv: KvStore,
    private readonly options: AuditLogOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.pruneTimer = setInterval(() => void this.pruneQuietly(), options.pruneIntervalMs ?? 3_600_000);
    this.pruneTimer.unref();
    void this.pruneQuietly();
  }

  /** Queues a record; it reaches the store with the next batch. */
  record(record: AuditRecord): void {
    // Counted down too, so that of two records of one millisecond the later sorts first.
    this.sequence = (this.sequence + 1) % 1_000_000;
    const key = `${PREFIX}${timeKey(record.time)}-${String(999_999 - this.sequence).padStart(6, '0')}${this.origin}`;
    this.queue.push({ key, record });
    if (this.queue.length > QUEUE_CAP) {
      const dropped = this.queue.splice(0, this.queue.length - QUEUE_CAP).length;
      this.options.onError?.(new Error(`audit log: ${dropped} records dropped while the metadata store refused writes`));
    }
    if (this.queue.length >= BATCH_NOW) this.scheduleFlush(0);
    else this.scheduleFlush(this.options.flushDelayMs ?? 100);
  }

  private scheduleFlush(delay: number): void {
    if (this.timer !== undefined && delay > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush().catch((err: unknown) => this.options.onError?.(err));
    }, delay);
    this.timer.unref();
  }

  /** Writes what is queued; one batch at a time, in order. A failed batch goes back to the queue. */
  flush(): Promise<void> {
    const run = this.writing
      .catch(() => undefined)
      .then(async () => {
        const batch = this.queue;
        this.queue = [];
        if (batch.length === 0) return;
        const writes: KvWrite[] = batch.map(({ key, record }) => ({ op: 'set', key, value: encoder.encode(JSON.stringify(record)) }));
        try {
          await this.kv.batch(writes);
        } catch (err) {
          this.queue = [...batch, ...this.queue];
          this.scheduleFlush(1000);
          throw err;
        }
      });
    this.writing = run;
    return run;
  }

  /** A page of records matching `filter`, newest first, after the cursor of the page before. */
  async list(filter: AuditFilter, amount: number, after = ''): Promise<AuditPage> {
    await this.flush();
    const start = filter.to === undefined ? PREFIX : keyAtOrBefore(filter.to);
    const cursor = after === '' ? undefined : PREFIX + after;
    // Records older than `from` have keys above this one.
    const end = filter.from === undefined ? undefined : `${PREFIX}${timeKey(filter.from - 1)}`;
    const records: Array<{ key: string; record: AuditRecord }> = [];
    let scanned = 0;
    let last = cursor;
    let from: string | undefined = cursor === undefined || cursor < start ? start : undefined;
    for (;;) {
      const chunk = await this.kv.scan({
        prefix: PREFIX,
        ...(from !== undefined ? { from } : { after: last as string }),
        limit: SCAN_CHUNK,
      });
      from = undefined;
      for (const entry of chunk) {
        if (end !== undefined && entry.key >= end) return this.page(records, amount, false, '');
        last = entry.key;
        scanned++;
        const record = JSON.parse(decoder.decode(entry.value)) as AuditRecord;
        if (matches(record, filter)) records.push({ key: entry.key, record });
        if (records.length > amount) return this.page(records, amount, true, '');
      }
      if (chunk.length < SCAN_CHUNK) return this.page(records, amount, false, '');
      // Out of budget: the caller asks again from the last record read.
      if (scanned >= SCAN_BUDGET) return this.page(records, amount, true, (last as string).slice(PREFIX.length));
    }
  }

  private page(found: Array<{ key: string; record: AuditRecord }>, amount: number, more: boolean, resumeAt: string): AuditPage {
    const kept = found.slice(0, amount);
    const lastKept = kept.at(-1)?.key.slice(PREFIX.length) ?? '';
    const hasMore = more && (found.length > amount || resumeAt !== '');
    return { records: kept.map((f) => f.record), hasMore, nextOffset: hasMore ? (found.length > amount ? lastKept : resumeAt) : '' };
  }

  /** Removes the records older than the retention period; answers how many. */
  async prune(): Promise<number> {
    const cutoff = this.now() - this.options.retentionSeconds * 1000;
    // Records older than the cutoff have keys above it.
    const from = `${PREFIX}${timeKey(cutoff - 1)}`;
    let removed = 0;
    for (;;) {
      const expired = await this.kv.scan({ prefix: PREFIX, from, limit: 1000 });
      if (expired.length === 0) return removed;
      await this.kv.batch(expired.map((entry) => ({ op: 'delete', key: entry.key })));
      removed += expired.length;
    }
  }

  /** The removal running, which close() waits for: it must not outlive the store. */
  private pruning: Promise<void> = Promise.resolve();

  private pruneQuietly(): Promise<void> {
    this.pruning = this.pruning
      .then(() => this.prune())
      .then(
        () => undefined,
        (err: unknown) => this.options.onError?.(err),
      );
    return this.pruning;
  }

  /** Stops the timers and writes what is queued. */
  async close(): Promise<void> {
    clearInterval(this.pruneTimer);
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.pruning;
    await this.flush();
  }
}
