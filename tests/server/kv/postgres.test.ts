import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { openPostgresKv, startReadPeriod, withRecordCache, type KvStore } from '../../../server/kv/index';
import { schemaVersion } from '../../../server/kv/postgres-schema';
import { startPgCluster, type PgCluster } from '../pg-cluster';
import { kvConformance } from './conformance';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const dec = (b: Uint8Array | undefined): string | undefined => (b === undefined ? undefined : new TextDecoder().decode(b));

let cluster: PgCluster;
let databases = 0;
/** A fresh database on the test cluster. */
const newDatabase = () => cluster.createDatabase(`kv_${++databases}`);

beforeAll(async () => {
  cluster = await startPgCluster();
});
afterAll(async () => {
  await cluster?.stop();
});

kvConformance('postgres', async () => {
  const kv = await openPostgresKv({ url: await newDatabase() });
  return { kv, cleanup: () => kv.close() };
});

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe('postgres kv schema', () => {
  it('creates its tables once, records the version, and keeps data across reopen', async () => {
    const url = await newDatabase();
    // Servers starting together race for the migration; the advisory lock lets exactly one run it.
    const [a, b] = await Promise.all([openPostgresKv({ url }), openPostgresKv({ url })]);
    await a.set('persist', new Uint8Array([7]));
    await Promise.all([a.close(), b.close()]);
    expect(await query(url, 'SELECT version FROM tarn_schema_version')).toEqual([{ version: schemaVersion }]);
    const c = await openPostgresKv({ url });
    expect(Array.from((await c.get('persist')) ?? [])).toEqual([7]);
    await c.close();
  });

  it('refuses a database whose schema is newer than the server', async () => {
    const url = await newDatabase();
    await (await openPostgresKv({ url })).close();
    await query(url, `UPDATE tarn_schema_version SET version = ${schemaVersion + 1}`);
    await expect(openPostgresKv({ url })).rejects.toThrow(/newer than this server's/);
  });

  it('fails to open with the connection error when the database does not exist', async () => {
    const url = (await newDatabase()).replace(/\/[^/]+$/, '/missing');
    await expect(openPostgresKv({ url })).rejects.toThrow(/does not exist/);
  });
});

describe('postgres kv shared by several stores (as by several processes)', () => {
  let url: string;
  let stores: KvStore[];

  beforeAll(async () => {
    url = await newDatabase();
    stores = await Promise.all(Array.from({ length: 4 }, () => openPostgresKv({ url, maxConnections: 8 })));
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
  });

  const store = (i: number) => stores[i % stores.length] as KvStore;

  it('lets exactly one compare-and-set per round win across stores, so a counter loses no increment', async () => {
    await store(0).set('counter', enc('0'));
    let applied = 0;
    const worker = async (i: number) => {
      for (let done = 0; done < 10; ) {
        const current = await store(i).get('counter');
        if (await store(i).setIf('counter', enc(String(Number(dec(current)) + 1)), current ?? 'absent')) {
          done++;
          applied++;
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, i) => worker(i)));
    expect(applied).toBe(160);
    expect(dec(await store(1).get('counter'))).toBe('160');
  });

  it('applies each of many racing conditional batches atomically, one winner per key', async () => {
    const winners = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        store(i).batch(
          [
            { op: 'set', key: `claim/${i % 3}`, value: enc(`w${i}`) },
            { op: 'set', key: `owner/w${i}`, value: enc(String(i % 3)) },
          ],
          [{ key: `claim/${i % 3}`, expected: 'absent' }],
        ),
      ),
    );
    expect(winners.filter(Boolean)).toHaveLength(3);
    const claims = await store(2).scan({ prefix: 'claim/' });
    const owners = await store(3).scan({ prefix: 'owner/' });
    // Every winner wrote both of its records and no loser wrote either.
    expect(owners.map((e) => e.key).sort()).toEqual(claims.map((e) => `owner/${dec(e.value)}`).sort());
  });

  it('runs conditional batches that advance a value as a strict sequence across stores', async () => {
    await store(0).set('seq', enc('0'));
    const worker = async (i: number) => {
      for (let done = 0; done < 5; ) {
        const current = dec(await store(i).get('seq')) as string;
        const next = String(Number(current) + 1);
        const wrote = await store(i).batch(
          [
            { op: 'set', key: 'seq', value: enc(next) },
            { op: 'set', key: `seq-log/${next.padStart(4, '0')}`, value: enc(`w${i}`) },
          ],
          [{ key: 'seq', expected: enc(current) }],
        );
        if (wrote) done++;
      }
    };
    await Promise.all(Array.from({ length: 12 }, (_, i) => worker(i)));
    expect(dec(await store(1).get('seq'))).toBe('60');
    const log = await store(2).scan({ prefix: 'seq-log/' });
    expect(log.map((e) => e.key)).toEqual(Array.from({ length: 60 }, (_, n) => `seq-log/${String(n + 1).padStart(4, '0')}`));
  });

  it('sees at once what another store wrote', async () => {
    await store(0).set('fresh', enc('one'));
    expect(dec(await store(1).get('fresh'))).toBe('one');
    await store(2).deletePrefix('fre');
    expect(await store(3).get('fresh')).toBeUndefined();
  });
});

describe('postgres group commit', () => {
  it('sends the plain writes made together as one statement, the last write to a key winning, each answered once committed', async () => {
    const url = await newDatabase();
    const batches: number[] = [];
    const kv = await openPostgresKv({ url, onGroupCommit: (writes) => batches.push(writes) });
    const other = await openPostgresKv({ url });
    try {
      await Promise.all([
        ...Array.from({ length: 20 }, async (_, i) => {
          await kv.set(`k/${i}`, enc(String(i)));
          // Answered only once another connection can read it.
          expect(dec(await other.get(`k/${i}`))).toBe(String(i));
        }),
        kv.set('twice', enc('first')),
        kv.set('twice', enc('second')),
      ]);
      expect(batches).toEqual([22]);
      expect(dec(await other.get('twice'))).toBe('second');
    } finally {
      await kv.close();
      await other.close();
    }
  });

  it('commits a write still waiting when it closes', async () => {
    const url = await newDatabase();
    const kv = await openPostgresKv({ url });
    void kv.set('at-close', enc('kept'));
    await kv.close();
    const reopened = await openPostgresKv({ url });
    expect(dec(await reopened.get('at-close'))).toBe('kept');
    await reopened.close();
  });
});

describe('the record cache on PostgreSQL', () => {
  it('answers repeated reads from memory until another connection commits anything, and looks once a request', async () => {
    const url = await newDatabase();
    const other = await openPostgresKv({ url });
    const store = await openPostgresKv({ url });
    let looks = 0;
    const lookups: boolean[] = [];
    const counted: KvStore = { ...store, changeVersion: () => (looks++, store.changeVersion?.() ?? '') };
    const cache = withRecordCache(counted, { cacheable: (key) => key.startsWith('r/'), onLookup: (hit) => lookups.push(hit) });
    try {
      await other.set('r/a', enc('1'));
      startReadPeriod();
      looks = 0;
      expect(dec(await cache.get('r/a'))).toBe('1');
      const [again, absent] = await Promise.all([cache.get('r/a'), cache.get('r/none')]);
      expect([dec(again), absent]).toEqual(['1', undefined]);
      expect(looks).toBe(1);
      expect(lookups).toEqual([false, true, false]);

      // Another connection's commit, even to a key the cache never keeps, is seen by the next request.
      await other.set('s/x', enc('x'));
      await other.set('r/a', enc('2'));
      expect(dec(await cache.get('r/a'))).toBe('1');
      startReadPeriod();
      expect(dec(await cache.get('r/a'))).toBe('2');
      expect(looks).toBe(2);

      // Work that no request started looks again once its period is 50 ms old.
      vi.useFakeTimers({ toFake: ['performance'] });
      try {
        startReadPeriod();
        expect(dec(await cache.get('r/a'))).toBe('2');
        await other.set('r/a', enc('2b'));
        vi.advanceTimersByTime(40);
        expect(dec(await cache.get('r/a'))).toBe('2');
        vi.advanceTimersByTime(20);
        expect(dec(await cache.get('r/a'))).toBe('2b');
        expect(looks).toBe(4);
      } finally {
        vi.useRealTimers();
      }

      // A read after a write of its own looks again, within the request: a write's check must see what another
      // connection committed before the write ended.
      expect(dec(await cache.get('r/a'))).toBe('2b');
      await other.set('r/a', enc('2c'));
      await cache.set('r/own', enc('o'));
      expect(dec(await cache.get('r/a'))).toBe('2c');

      // Its own writes keep what they do not touch, in the next request too; they drop what they touch at once.
      await cache.get('r/kept');
      await cache.set('r/other', enc('o'));
      startReadPeriod();
      lookups.length = 0;
      await cache.get('r/kept');
      expect(lookups).toEqual([true]);
      await cache.set('r/a', enc('3'));
      expect(dec(await cache.get('r/a'))).toBe('3');
      expect(await cache.batch([{ op: 'delete', key: 'r/a' }])).toBe(true);
      expect(await cache.get('r/a')).toBeUndefined();
    } finally {
      await store.close();
      await other.close();
    }
  });
});
