import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import { onlyValue, type KvCondition, type KvScanOptions, type KvStore, type KvWrite } from './kv-store';
import { keyBytes, matchesExpected, pageOf, prefixEnd, scanBounds } from './keys';

export interface SqliteKvOptions {
  /** Path of the database file; created when missing. */
  path: string;
  /** Told how many writes each group commit joined into one transaction. */
  onGroupCommit?: (writes: number) => void;
}

/** A plain write waiting for the next group commit, and its caller. */
interface Waiting {
  key: Buffer;
  value: Buffer;
  done: () => void;
  failed: (err: unknown) => void;
}

const IN_MEMORY = ':memory:';

/**
 * The database holds sealed secrets, so it is readable by this user only: created with mode 0600 before SQLite opens
 * it (SQLite gives its -wal and -shm files the database's mode), and tightened when an older one is looser.
 */
function makePrivate(path: string): void {
  closeSync(openSync(path, 'a', 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, 0o600);
}

/**
 * Keys are BLOBs, which SQLite orders with memcmp, so scans follow UTF-8 byte order.
 *
 * Durability: WAL with synchronous=NORMAL. A commit is complete once its frames are written to the WAL file with
 * write(2); the data then lives in the OS page cache, which survives the death of the process (SIGKILL), so every
 * acknowledged write is readable after a restart. Only an OS crash or power loss can drop the most recent
 * transactions (never corrupt the database); synchronous=FULL would cover that at the price of an fsync per write.
 */
export function openSqliteKv(options: SqliteKvOptions): KvStore {
  // SQLite's in-memory database has no file to protect; making one would leave a stray ':memory:' file behind.
  if (options.path !== IN_MEMORY) makePrivate(options.path);
  const db = new Database(options.path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec('CREATE TABLE IF NOT EXISTS kv (key BLOB PRIMARY KEY, value BLOB NOT NULL) WITHOUT ROWID');

  // The value itself rather than a row object: point reads are most of a request's store calls.
  const getStmt = db.prepare<[Buffer], Buffer>('SELECT value FROM kv WHERE key = ?').pluck();
  const setStmt = db.prepare<[Buffer, Buffer]>(
    'INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  const deleteStmt = db.prepare<[Buffer]>('DELETE FROM kv WHERE key = ?');
  const deleteRangeStmt = db.prepare<[Buffer, Buffer]>('DELETE FROM kv WHERE key >= ? AND key < ?');
  const deleteFromStmt = db.prepare<[Buffer]>('DELETE FROM kv WHERE key >= ?');
  const scanStmt = db.prepare<[Buffer, Buffer, number], { key: Buffer; value: Buffer }>(
    'SELECT key, value FROM kv WHERE key >= ? AND key < ? ORDER BY key LIMIT ?',
  );
  const scanOpenStmt = db.prepare<[Buffer, number], { key: Buffer; value: Buffer }>(
    'SELECT key, value FROM kv WHERE key >= ? ORDER BY key LIMIT ?',
  );

  const countRangeStmt = db.prepare<[Buffer, Buffer, Buffer, Buffer], { keys: number; matching: number }>(
    'SELECT count(*) AS keys, count(CASE WHEN value >= ? AND value < ? THEN 1 END) AS matching FROM kv WHERE key >= ? AND key < ?',
  );
  // One comparison a key instead of two: counts of a run of deletions are most of a listing's time past them.
  const countEqualStmt = db.prepare<[Buffer, Buffer, Buffer], { keys: number; matching: number }>(
    'SELECT count(*) AS keys, count(CASE WHEN value = ? THEN 1 END) AS matching FROM kv WHERE key >= ? AND key < ?',
  );
  // Moves with every transaction another connection commits to the file, and is read from shared memory.
  const dataVersionStmt = db.prepare<[], number>('PRAGMA data_version').pluck();

  const read = (key: string): Uint8Array | undefined => getStmt.get(keyBytes(key));

  const conditional = db.transaction((writes: KvWrite[], conditions: KvCondition[]): boolean => {
    for (const c of conditions) if (!matchesExpected(read(c.key), c.expected)) return false;
    for (const w of writes) {
      if (w.op === 'set') setStmt.run(keyBytes(w.key), Buffer.from(w.value));
      else deleteStmt.run(keyBytes(w.key));
    }
    return true;
  });

  // Group commit: the plain writes made while the event loop works through its current events (an upload stages its
  // entry with one) are committed together as the loop moves on, in one transaction and so one append to the WAL,
  // and each caller is answered once that transaction is committed. Any other write first commits those waiting, so
  // the writes of this process keep the order in which they were made; reads may not see a write not yet answered.
  let waiting: Waiting[] = [];
  const commitAll = db.transaction((list: Waiting[]) => {
    for (const w of list) setStmt.run(w.key, w.value);
  });
  function commitWaiting(): void {
    if (waiting.length === 0) return;
    const list = waiting;
    waiting = [];
    try {
      commitAll.immediate(list);
    } catch (err) {
      for (const w of list) w.failed(err);
      return;
    }
    options.onGroupCommit?.(list.length);
    for (const w of list) w.done();
  }
  const inOrder = <T>(write: () => T): T => {
    commitWaiting();
    return write();
  };

  return {
    async get(key) {
      return read(key);
    },
    set(key, value) {
      return new Promise<void>((done, failed) => {
        if (waiting.length === 0) setImmediate(commitWaiting);
        waiting.push({ key: keyBytes(key), value: Buffer.from(value), done, failed });
      });
    },
    async setIf(key, value, expected) {
      return inOrder(() => conditional.immediate([{ op: 'set', key, value }], [{ key, expected }]));
    },
    async delete(key) {
      inOrder(() => deleteStmt.run(keyBytes(key)));
    },
    async deleteIf(key, expected) {
      return inOrder(() => conditional.immediate([{ op: 'delete', key }], [{ key, expected }]));
    },
    async deletePrefix(prefix) {
      const end = prefixEnd(prefix);
      inOrder(() => (end === undefined ? deleteFromStmt.run(keyBytes(prefix)) : deleteRangeStmt.run(keyBytes(prefix), keyBytes(end))));
    },
    async scan(opts: KvScanOptions) {
      const bounds = scanBounds(opts);
      const rows =
        bounds.upper === undefined
          ? scanOpenStmt.all(bounds.lower, bounds.take)
          : scanStmt.all(bounds.lower, bounds.upper, bounds.take);
      return pageOf(rows, bounds);
    },
    async countRange(from, to, values) {
      const only = onlyValue(values);
      const counted =
        only === undefined
          ? countRangeStmt.get(Buffer.from(values.from), Buffer.from(values.to), keyBytes(from), keyBytes(to))
          : countEqualStmt.get(Buffer.from(only), keyBytes(from), keyBytes(to));
      return counted ?? { keys: 0, matching: 0 };
    },
    async batch(writes, conditions = []) {
      return inOrder(() => conditional.immediate(writes, conditions));
    },
    changeVersion() {
      return dataVersionStmt.get() as number;
    },
    async close() {
      commitWaiting();
      db.close();
    },
  };
}
