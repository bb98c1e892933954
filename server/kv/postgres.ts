import pg from 'pg';
import { metadataUnavailable } from '../errors';
import type { KvCondition, KvScanOptions, KvStore, KvWrite } from './kv-store';
import { keyBytes, matchesExpected, pageOf, prefixEnd, scanBounds } from './keys';
import { ForeignCommits } from './postgres-changes';
import { migrate } from './postgres-schema';

export interface PostgresKvOptions {
  /** A libpq-style connection string: postgres://user:password@host:port/database (or ?host=/socket/dir). */
  url: string;
  /** Connections in the pool (default 10). */
  maxConnections?: number;
  /** Told about a pooled connection that broke while idle; the pool replaces it on the next query. */
  onIdleError?: (err: Error) => void;
  /**
   * How long PostgreSQL may run one statement (its `statement_timeout`, default 5 s); the address's own
   * `statement_timeout` parameter wins. Tarn's statements touch few rows, so one that runs longer is stuck on a
   * lock or a sick server, and the request answers 503 rather than hang.
   */
  statementTimeoutMs?: number;
  /**
   * How long to wait for a statement's answer on our side (default 7 s; the address's `query_timeout` wins): covers
   * what `statement_timeout` cannot, a server or network that stops sending.
   */
  queryTimeoutMs?: number;
  /** How long to wait for a connection, new or from the pool (default 5 s; the address's `connect_timeout`, in seconds, wins). */
  connectTimeoutMs?: number;
  /** Told how many writes each group commit joined into one statement. */
  onGroupCommit?: (writes: number) => void;
}

/** A plain write waiting for the next group commit, and its caller. */
interface Waiting {
  key: string;
  bytes: Buffer;
  value: Buffer;
  done: () => void;
  failed: (err: unknown) => void;
}

const defaultStatementTimeoutMs = 5_000;
const defaultQueryTimeoutMs = 7_000;
const defaultConnectTimeoutMs = 5_000;

/** Failures of the network on the way to the server. */
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * SQLSTATEs that say the server, not the statement, is the trouble: 57P01 to 57P03 (shut down by an administrator,
 * crashed, still starting), 57014 (cancelled, as statement_timeout does), 53300 (too many connections). Class 08,
 * connection exceptions, is matched by its prefix.
 */
const serverDownCodes = new Set(['57P01', '57P02', '57P03', '57014', '53300']);
/** node-postgres reports its own timeouts and broken connections with plain Errors, recognisable only by text. */
const driverFailure =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|timeout expired|Client has encountered a connection error|Client was closed)/;

/** Whether a failure means the database could not be reached or did not answer in time, so the call may be retried. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message, errors } = err as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && (networkCodes.has(code) || serverDownCodes.has(code) || code.startsWith('08'))) return true;
  // Node's connect tries every address of a host name and fails with all their errors together.
  if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true;
  return typeof message === 'string' && driverFailure.test(message);
}

/** The failures of one call, with the database's unavailability as the typed failure every layer above knows. */
async function translated<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw isDatabaseUnavailable(err) ? metadataUnavailable(err) : err;
  }
}

function poolConfig(options: PostgresKvOptions): pg.PoolConfig {
  // Read by hand: WHATWG URL refuses libpq addresses without a host (`postgres://user@/db?host=/socket/dir`).
  const connectTimeout = Number(/[?&]connect_timeout=(\d+)/.exec(options.url)?.[1] ?? 0);
  return {
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    // pg reads the address's own parameters over these.
    statement_timeout: options.statementTimeoutMs ?? defaultStatementTimeoutMs,
    query_timeout: options.queryTimeoutMs ?? defaultQueryTimeoutMs,
    connectionTimeoutMillis: connectTimeout > 0 ? connectTimeout * 1000 : (options.connectTimeoutMs ?? defaultConnectTimeoutMs),
    // A connection whose peer vanished without a word (a killed host, a dropped route) is found out and replaced.
    keepAlive: true,
  };
}

/** Serialization failures and deadlocks are transient: the transaction ran against a concurrent one and may be retried. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 100;

interface Row {
  key: Buffer;
  value: Buffer;
  /** A write's transaction id. */
  xid?: string;
  /** The snapshot statement's answer. */
  snapshot?: string;
}

/**
 * Named statements: pg prepares each once per pooled connection and then only binds parameters. Keys are bytea,
 * which PostgreSQL orders with memcmp, so scans follow UTF-8 byte order exactly as the SQLite store's BLOBs do.
 */
const statements = {
  get: 'SELECT value FROM tarn_kv WHERE key = $1',
  // A write answers the id of its transaction (postgres-changes.ts), the row when one statement writes one row.
  insertIfAbsent: 'INSERT INTO tarn_kv (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING pg_current_xact_id()::text AS xid',
  // An UPDATE that finds its row changed by a concurrent transaction re-checks the condition on the committed
  // version, so of many concurrent compare-and-sets on one key exactly one matches.
  updateIf: 'UPDATE tarn_kv SET value = $2 WHERE key = $1 AND value = $3 RETURNING pg_current_xact_id()::text AS xid',
  delete: 'DELETE FROM tarn_kv WHERE key = $1 RETURNING pg_current_xact_id()::text AS xid',
  deleteIf: 'DELETE FROM tarn_kv WHERE key = $1 AND value = $2 RETURNING pg_current_xact_id()::text AS xid',
  deleteRange: 'DELETE FROM tarn_kv WHERE key >= $1 AND key < $2',
  deleteFrom: 'DELETE FROM tarn_kv WHERE key >= $1',
  scan: 'SELECT key, value FROM tarn_kv WHERE key >= $1 AND key < $2 ORDER BY key LIMIT $3',
  countRange: 'SELECT count(*) AS keys, count(*) FILTER (WHERE value >= $3 AND value < $4) AS matching FROM tarn_kv WHERE key >= $1 AND key < $2',
  scanOpen: 'SELECT key, value FROM tarn_kv WHERE key >= $1 ORDER BY key LIMIT $2',
  readMany: 'SELECT key, value FROM tarn_kv WHERE key = ANY($1::bytea[])',
  // One row whatever the count written: the writes happen in the WITH, the id is the transaction's either way.
  upsertMany:
    'WITH written AS (INSERT INTO tarn_kv (key, value) SELECT * FROM unnest($1::bytea[], $2::bytea[]) ON CONFLICT (key) DO UPDATE SET value = excluded.value RETURNING 1) SELECT pg_current_xact_id()::text AS xid',
  deleteMany: 'WITH deleted AS (DELETE FROM tarn_kv WHERE key = ANY($1::bytea[]) RETURNING 1) SELECT pg_current_xact_id()::text AS xid',
  // xmin:xmax:the transactions in progress; what ended between two of them is counted in postgres-changes.ts.
  snapshot: 'SELECT pg_current_snapshot()::text AS snapshot',
} as const;

type StatementName = keyof typeof statements;

function isRetryable(err: unknown): boolean {
  return typeof err === 'object' && err !== null && RETRYABLE.has((err as { code?: unknown }).code as string);
}

/** The last write to each key decides its final state, so a batch becomes one upsert and one delete. */
function finalWrites(writes: KvWrite[]): { sets: Map<string, Buffer>; deletes: Set<string> } {
  const sets = new Map<string, Buffer>();
  const deletes = new Set<string>();
  for (const w of writes) {
    if (w.op === 'set') {
      deletes.delete(w.key);
      sets.set(w.key, Buffer.from(w.value));
    } else {
      sets.delete(w.key);
      deletes.add(w.key);
    }
  }
  return { sets, deletes };
}

/**
 * The shared metadata store: several server processes on one PostgreSQL database. Single-key operations are one
 * statement each; a batch is one SERIALIZABLE transaction, retried when PostgreSQL reports it ran into a
 * concurrent one, so its conditions and writes are atomic across processes.
 */
export async function openPostgresKv(options: PostgresKvOptions): Promise<KvStore> {
  const pool = new pg.Pool(poolConfig(options));
  // An idle connection that breaks (the server restarted) emits here; without a listener it would end the process.
  pool.on('error', (err) => options.onIdleError?.(err));
  try {
    await migrate(pool);
  } catch (err) {
    await pool.end();
    throw err;
  }

  const commits = new ForeignCommits();
  const run = async (client: pg.Pool | pg.PoolClient, name: StatementName, values: unknown[]): Promise<pg.QueryResult<Row>> => {
    const result = await client.query<Row>({ name: `tarn_kv_${name}`, text: statements[name], values });
    commits.noteOwn(result.rows[0]?.xid);
    return result;
  };

  const conditional = async (writes: KvWrite[], conditions: KvCondition[]): Promise<boolean> => {
    const { sets, deletes } = finalWrites(writes);
    // Encode (and validate) every key before a transaction is opened.
    const conditionKeys = conditions.map((c) => keyBytes(c.key));
    const setKeys = [...sets.keys()].map(keyBytes);
    const deleteKeys = [...deletes].map(keyBytes);
    for (let attempt = 1; ; attempt++) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
        let holds = true;
        if (conditions.length > 0) {
          const found = new Map((await run(client, 'readMany', [conditionKeys])).rows.map((r) => [r.key.toString('utf8'), r.value]));
          holds = conditions.every((c) => matchesExpected(found.get(c.key), c.expected));
        }
        if (holds) {
          if (setKeys.length > 0) await run(client, 'upsertMany', [setKeys, [...sets.values()]]);
          if (deleteKeys.length > 0) await run(client, 'deleteMany', [deleteKeys]);
        }
        await client.query(holds ? 'COMMIT' : 'ROLLBACK');
        client.release();
        return holds;
      } catch (err) {
        if (isDatabaseUnavailable(err)) {
          // The connection is dead or stuck: a ROLLBACK would only wait out another timeout. Dropping it ends the
          // transaction on the server, and the pool opens a fresh one next time.
          client.release(err as Error);
          throw err;
        }
        await client.query('ROLLBACK').catch(() => undefined);
        client.release();
        if (!isRetryable(err) || attempt >= MAX_ATTEMPTS) throw err;
      }
    }
  };

  // Group commit: the plain writes made while the event loop works through its current events (each upload stages
  // its entry with one) go to the database as one upsert, one round trip and one transaction to make durable, and
  // each caller is answered once it has committed. Groups do not wait for each other (one stuck on a sick database
  // must not add its timeout to the next); any other write waits for every group before it, so this process's
  // writes keep the order in which they were made.
  let waiting: Waiting[] = [];
  let inFlight: Promise<void> = Promise.resolve();
  async function upsert(list: Waiting[]): Promise<void> {
    // One upsert may not touch a row twice: the last write to each key, which is what writing them in turn leaves.
    const last = new Map<string, Waiting>();
    for (const w of list) last.set(w.key, w);
    const writes = [...last.values()];
    try {
      await run(pool, 'upsertMany', [writes.map((w) => w.bytes), writes.map((w) => w.value)]);
    } catch (err) {
      for (const w of list) w.failed(err);
      return;
    }
    options.onGroupCommit?.(list.length);
    for (const w of list) w.done();
  }
  function commitWaiting(): Promise<void> {
    if (waiting.length > 0) {
      const list = waiting;
      waiting = [];
      inFlight = Promise.all([inFlight, upsert(list)]).then(() => undefined);
    }
    return inFlight;
  }
  const inOrder = async <T>(write: () => Promise<T>): Promise<T> => {
    await commitWaiting();
    return write();
  };

  const store: KvStore = {
    async get(key) {
      const { rows } = await run(pool, 'get', [keyBytes(key)]);
      return rows[0]?.value;
    },
    set(key, value) {
      return new Promise<void>((done, failed) => {
        const entry = { key, bytes: keyBytes(key), value: Buffer.from(value), done, failed };
        if (waiting.length === 0) setImmediate(commitWaiting);
        waiting.push(entry);
      });
    },
    setIf: (key, value, expected) =>
      inOrder(async () => {
        const result =
          expected === 'absent'
            ? await run(pool, 'insertIfAbsent', [keyBytes(key), Buffer.from(value)])
            : await run(pool, 'updateIf', [keyBytes(key), Buffer.from(value), Buffer.from(expected)]);
        return result.rowCount === 1;
      }),
    delete: (key) => inOrder(async () => void (await run(pool, 'delete', [keyBytes(key)]))),
    deleteIf: (key, expected) => inOrder(async () => (await run(pool, 'deleteIf', [keyBytes(key), Buffer.from(expected)])).rowCount === 1),
    deletePrefix: (prefix) =>
      inOrder(async () => {
        const end = prefixEnd(prefix);
        if (end === undefined) await run(pool, 'deleteFrom', [keyBytes(prefix)]);
        else await run(pool, 'deleteRange', [keyBytes(prefix), keyBytes(end)]);
      }),
    async scan(opts: KvScanOptions) {
      const bounds = scanBounds(opts);
      const { rows } =
        bounds.upper === undefined
          ? await run(pool, 'scanOpen', [bounds.lower, bounds.take])
          : await run(pool, 'scan', [bounds.lower, bounds.upper, bounds.take]);
      return pageOf(rows, bounds);
    },
    async countRange(from, to, values) {
      const { rows } = await run(pool, 'countRange', [keyBytes(from), keyBytes(to), Buffer.from(values.from), Buffer.from(values.to)]);
      // count(*) is a bigint, which pg hands over as text.
      const row = rows[0] as { keys: string; matching: string } | undefined;
      return { keys: Number(row?.keys ?? 0), matching: Number(row?.matching ?? 0) };
    },
    batch(writes, conditions = []) {
      return inOrder(() => conditional(writes, conditions));
    },
    async changeVersion() {
      const { rows } = await run(pool, 'snapshot', []);
      return commits.observe(rows[0]?.snapshot ?? '0:0:');
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await commitWaiting();
      await pool.end();
    },
  };
  // Every call the layers above make reports an unreachable or stalled database as such, whichever statement met it.
  return {
    ...store,
    get: (key) => translated(() => store.get(key)),
    set: (key, value) => translated(() => store.set(key, value)),
    setIf: (key, value, expected) => translated(() => store.setIf(key, value, expected)),
    delete: (key) => translated(() => store.delete(key)),
    deleteIf: (key, expected) => translated(() => store.deleteIf(key, expected)),
    deletePrefix: (prefix) => translated(() => store.deletePrefix(prefix)),
    scan: (opts) => translated(() => store.scan(opts)),
    countRange: (from, to, values) => translated(() => store.countRange(from, to, values)),
    batch: (writes, conditions) => translated(() => store.batch(writes, conditions)),
    changeVersion: () => translated(async () => store.changeVersion?.() ?? ''),
  };
}
