import pg from 'pg';
import type { KvCondition, KvScanOptions, KvStore, KvWrite } from './kv-store';
import { keyBytes, matchesExpected, pageOf, prefixEnd, scanBounds } from './keys';
import { migrate } from './postgres-schema';

export interface PostgresKvOptions {
  /** A libpq-style connection string: postgres://user:password@host:port/database (or ?host=/socket/dir). */
  url: string;
  /** Connections in the pool (default 10). */
  maxConnections?: number;
  /** Told about a pooled connection that broke while idle; the pool replaces it on the next query. */
  onIdleError?: (err: Error) => void;
}

/** Serialization failures and deadlocks are transient: the transaction ran against a concurrent one and may be retried. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 100;

interface Row {
  key: Buffer;
  value: Buffer;
}

/**
 * Named statements: pg prepares each once per pooled connection and then only binds parameters. Keys are bytea,
 * which PostgreSQL orders with memcmp, so scans follow UTF-8 byte order exactly as the SQLite store's BLOBs do.
 */
const statements = {
  get: 'SELECT value FROM tarn_kv WHERE key = $1',
  set: 'INSERT INTO tarn_kv (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  insertIfAbsent: 'INSERT INTO tarn_kv (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING',
  // An UPDATE that finds its row changed by a concurrent transaction re-checks the condition on the committed
  // version, so of many concurrent compare-and-sets on one key exactly one matches.
  updateIf: 'UPDATE tarn_kv SET value = $2 WHERE key = $1 AND value = $3',
  delete: 'DELETE FROM tarn_kv WHERE key = $1',
  deleteIf: 'DELETE FROM tarn_kv WHERE key = $1 AND value = $2',
  deleteRange: 'DELETE FROM tarn_kv WHERE key >= $1 AND key < $2',
  deleteFrom: 'DELETE FROM tarn_kv WHERE key >= $1',
  scan: 'SELECT key, value FROM tarn_kv WHERE key >= $1 AND key < $2 ORDER BY key LIMIT $3',
  countValue: 'SELECT count(*) AS n FROM tarn_kv WHERE key >= $1 AND key < $2 AND value = $3',
  scanOpen: 'SELECT key, value FROM tarn_kv WHERE key >= $1 ORDER BY key LIMIT $2',
  readMany: 'SELECT key, value FROM tarn_kv WHERE key = ANY($1::bytea[])',
  upsertMany:
    'INSERT INTO tarn_kv (key, value) SELECT * FROM unnest($1::bytea[], $2::bytea[]) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  deleteMany: 'DELETE FROM tarn_kv WHERE key = ANY($1::bytea[])',
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
  const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
  // An idle connection that breaks (the server restarted) emits here; without a listener it would end the process.
  pool.on('error', (err) => options.onIdleError?.(err));
  try {
    await migrate(pool);
  } catch (err) {
    await pool.end();
    throw err;
  }

  const run = async (client: pg.Pool | pg.PoolClient, name: StatementName, values: unknown[]): Promise<pg.QueryResult<Row>> =>
    client.query<Row>({ name: `tarn_kv_${name}`, text: statements[name], values });

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
        return holds;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        if (!isRetryable(err) || attempt >= MAX_ATTEMPTS) throw err;
      } finally {
        client.release();
      }
    }
  };

  return {
    async get(key) {
      const { rows } = await run(pool, 'get', [keyBytes(key)]);
      return rows[0]?.value;
    },
    async set(key, value) {
      await run(pool, 'set', [keyBytes(key), Buffer.from(value)]);
    },
    async setIf(key, value, expected) {
      const result =
        expected === 'absent'
          ? await run(pool, 'insertIfAbsent', [keyBytes(key), Buffer.from(value)])
          : await run(pool, 'updateIf', [keyBytes(key), Buffer.from(value), Buffer.from(expected)]);
      return result.rowCount === 1;
    },
    async delete(key) {
      await run(pool, 'delete', [keyBytes(key)]);
    },
    async deleteIf(key, expected) {
      return (await run(pool, 'deleteIf', [keyBytes(key), Buffer.from(expected)])).rowCount === 1;
    },
    async deletePrefix(prefix) {
      const end = prefixEnd(prefix);
      if (end === undefined) await run(pool, 'deleteFrom', [keyBytes(prefix)]);
      else await run(pool, 'deleteRange', [keyBytes(prefix), keyBytes(end)]);
    },
    async scan(opts: KvScanOptions) {
      const bounds = scanBounds(opts);
      const { rows } =
        bounds.upper === undefined
          ? await run(pool, 'scanOpen', [bounds.lower, bounds.take])
          : await run(pool, 'scan', [bounds.lower, bounds.upper, bounds.take]);
      return pageOf(rows, bounds);
    },
    async countValue(from, to, value) {
      const { rows } = await run(pool, 'countValue', [keyBytes(from), keyBytes(to), Buffer.from(value)]);
      // count(*) is a bigint, which pg hands over as text.
      return Number((rows[0] as { n: string } | undefined)?.n ?? 0);
    },
    batch(writes, conditions = []) {
      return conditional(writes, conditions);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await pool.end();
    },
  };
}
