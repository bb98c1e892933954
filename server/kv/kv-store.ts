/**
 * The metadata store: a small ordered key/value interface that SQLite (embedded) and PostgreSQL (shared) both
 * implement with identical semantics. Keys are strings compared by their UTF-8 bytes (code-point order), never by
 * locale or UTF-16 units, so cursors, prefixes and range boundaries agree across implementations.
 */
export interface KvEntry {
  key: string;
  value: Uint8Array;
}

export interface KvScanOptions {
  /** Only keys starting with this prefix. */
  prefix?: string;
  /** Exclusive cursor: only keys strictly greater than this one. */
  after?: string;
  /** Inclusive lower bound: only keys greater than or equal to this one. */
  from?: string;
  /** Maximum number of entries returned (default 1000). */
  limit?: number;
}

/** The previous value a conditional write expects: the exact bytes, or 'absent' (the key must not exist). */
export type KvExpected = Uint8Array | 'absent';

export type KvWrite =
  | { op: 'set'; key: string; value: Uint8Array }
  | { op: 'delete'; key: string };

export interface KvCondition {
  key: string;
  expected: KvExpected;
}

export interface KvPoolStats {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/** Values from `from` (included) to `to` (excluded), compared as bytes. */
export interface ValueBounds {
  from: Uint8Array;
  to: Uint8Array;
}

/** What `countRange` finds: the keys of the range, and those of them whose value lies in the bounds. */
export interface KvCount {
  keys: number;
  matching: number;
}

/** Exactly `value`: the values from it to its immediate successor. */
export function exactly(value: Uint8Array): ValueBounds {
  return { from: value, to: Buffer.concat([value, Buffer.of(0)]) };
}

/** The one value that bounds hold, when they hold one only (as `exactly` makes them): a store may test it by equality. */
export function onlyValue(values: ValueBounds): Uint8Array | undefined {
  const { from, to } = values;
  const one = to.length === from.length + 1 && to[from.length] === 0 && Buffer.compare(to.subarray(0, from.length), from) === 0;
  return one ? from : undefined;
}

/** Equal answers of changeVersion: nothing was committed in between. */
export type ChangeVersion = number | string;

export interface KvStore {
  get(key: string): Promise<Uint8Array | undefined>;
  set(key: string, value: Uint8Array): Promise<void>;
  /** Compare-and-set: writes only if the current value equals `expected`. Returns whether it wrote. */
  setIf(key: string, value: Uint8Array, expected: KvExpected): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Deletes only if the current value equals `expected`. Returns whether it deleted. */
  deleteIf(key: string, expected: Uint8Array): Promise<boolean>;
  /** Deletes every key starting with `prefix`. */
  deletePrefix(prefix: string): Promise<void>;
  /** Entries in ascending byte order of key. */
  scan(options: KvScanOptions): Promise<KvEntry[]>;
  /**
   * How many keys lie in [`from`, `to`), and how many of them hold a value in [`values.from`, `values.to`) (in byte
   * order), counted by the store in one pass without reading them out: a reader learns how many staged deletions lie
   * under a folder, and whether anything else is staged among them, at the cost of one query.
   */
  countRange(from: string, to: string, values: ValueBounds): Promise<KvCount>;
  /**
   * Applies all writes atomically if every condition holds; otherwise writes nothing and returns false.
   */
  batch(writes: KvWrite[], conditions?: KvCondition[]): Promise<boolean>;
  /**
   * A value that differs from the one before whenever another connection (another process sharing the store) has
   * committed a change since; this store's own commits leave it as it is. A cache of records relies on it
   * (record-cache.ts), and there must be one such cache a store. SQLite answers at once with its data_version;
   * PostgreSQL in one round trip, counting the transactions of others that ended between its snapshots
   * (postgres-changes.ts).
   */
  changeVersion?(): ChangeVersion | Promise<ChangeVersion>;
  /** A pooled store's connections now (PostgreSQL's), for the server's metrics; an embedded store has none. */
  poolStats?(): KvPoolStats;
  close(): Promise<void>;
}
