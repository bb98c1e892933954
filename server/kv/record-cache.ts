// Values of a few kinds of keys kept in memory in front of the store: the records nearly every request reads (a
// repository, its branches, tags and settings, and the staged entries a read looks up first). A read is answered
// from memory only while the store says no other connection has changed anything since the value was read (SQLite's
// data_version, which moves with every transaction another connection or process commits; on PostgreSQL, the
// transactions of others that ended between two snapshots); this process's own writes drop the keys they touch. So a
// branch moved by another process sharing the store is seen by the very next request, never a stale head.
import { LRUCache } from 'lru-cache';
import type { ChangeVersion, KvStore, KvWrite } from './kv-store';

export interface RecordCacheOptions {
  /** Whether the value of a key is kept. */
  cacheable: (key: string) => boolean;
  /** Memory for the values kept, roughly (default 16 MiB). */
  maxBytes?: number;
  /** Told of every read of a cacheable key: answered from memory or not. */
  onLookup?: (hit: boolean) => void;
}

// Asking the store for its version costs about what a read of one record does (SQLite: two file-lock calls, the
// dearest single step of a cached stat under load; PostgreSQL: a round trip), so it is asked once a period: what a
// period reads is as of its first look. A period starts as the server starts on the requests that arrived together,
// after all of them arrived (server/http/node-listener.ts), so a request that arrives after another process's commit
// reads what that commit wrote. For work no request started, a period also ends: with each turn of the event loop
// for a store that answers at once (SQLite), and once it is ROUND_TRIP_PERIOD_MS old for one that answers in a round
// trip (PostgreSQL), whose reads span turns: ending its periods each turn would cost a look after every read.
let period = 0;
let turn = 0;
let ending = false;
const endTurn = () => {
  ending = false;
  turn++;
};
function endTurnSoon(): void {
  if (ending) return;
  ending = true;
  setImmediate(endTurn);
}
const ROUND_TRIP_PERIOD_MS = 50;

/** Called as the server starts on requests that have arrived: their reads look at the store's version afresh. */
export function startReadPeriod(): void {
  period++;
}

const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;
/** A key and the entry holding it, beside the value: UTF-16 for the key and an overhead, roughly. */
const entryBytes = (key: string, value: Uint8Array | undefined) => 2 * key.length + (value?.length ?? 0) + 96;

/** The store's value or its absence, both worth remembering. */
interface Known {
  value: Uint8Array | undefined;
}

/**
 * The store with the cache in front, or the store itself when it cannot tell of other connections' changes (there
 * is then no safe way to keep a value).
 */
export function withRecordCache(kv: KvStore, options: RecordCacheOptions): KvStore {
  const { changeVersion } = kv;
  if (!changeVersion) return kv;
  const versionNow = () => changeVersion.call(kv);
  const { cacheable, onLookup } = options;
  const known = new LRUCache<string, Known>({ maxSize: options.maxBytes ?? DEFAULT_MAX_BYTES, sizeCalculation: (k, key) => entryBytes(key, k.value) });
  // The version the values kept were read under, once the first look has answered.
  let version: ChangeVersion | undefined;
  // Counts this process's writes: a read that a write overtook keeps nothing, as it may hold the older value.
  let writes = 0;

  // When the last look was made: its period, and the turn (SQLite) or the time (PostgreSQL) it was made in.
  let lookedIn = -1;
  let lookedInTurn = -1;
  let lookedAt = 0;
  // A store that answers in a round trip (PostgreSQL) is asked once a period: the period's reads wait for that look.
  let looking: Promise<ChangeVersion> | undefined;
  // Its answer once it has come: the period's later reads need not wait a turn for it.
  let answer: ChangeVersion | undefined;

  function settle(now: ChangeVersion): ChangeVersion {
    if (now !== version) {
      known.clear();
      version = now;
    }
    return now;
  }

  /** Forgets everything once another connection has committed since the last look (one a period: see above). */
  function current(): ChangeVersion | Promise<ChangeVersion> {
    if (lookedIn === period && (looking === undefined ? lookedInTurn === turn : performance.now() - lookedAt < ROUND_TRIP_PERIOD_MS)) {
      return looking === undefined ? (version as ChangeVersion) : (answer ?? looking);
    }
    [lookedIn, lookedInTurn, lookedAt, looking, answer] = [period, turn, performance.now(), undefined, undefined];
    const now = versionNow();
    if (typeof now !== 'object') {
      endTurnSoon();
      return settle(now);
    }
    const look = now.then(
      // A look answered after a later one (another pooled connection) only clears once more, which costs reads, not truth.
      (answered) => {
        if (looking === look) answer = answered;
        return settle(answered);
      },
      (err: unknown) => {
        // Failed (the database is away): the next read looks again.
        if (looking === look) [lookedIn, looking] = [-1, undefined];
        throw err;
      },
    );
    looking = look;
    return look;
  }

  /**
   * Drops what a write of this process touches, and makes the next read look at the store again: a read that follows
   * a write may be its check (a staged write reads its branch again to learn whether a commit elsewhere sealed its
   * token meanwhile), and must see what other processes committed before the write ended, not as of an earlier look.
   */
  function forget(keys: Iterable<string>): void {
    writes++;
    lookedIn = -1;
    for (const key of keys) if (cacheable(key)) known.delete(key);
  }

  const written = (list: readonly KvWrite[]) => list.map((w) => w.key);

  return {
    async get(key) {
      if (!cacheable(key)) return kv.get(key);
      const looked = current();
      const seen = typeof looked === 'object' ? await looked : looked;
      const hit = seen === version ? known.get(key) : undefined;
      onLookup?.(hit !== undefined);
      if (hit) return hit.value;
      const before = writes;
      const value = await kv.get(key);
      // Kept only if nothing was written here meanwhile and no look since has found a commit: a look that has not
      // answered yet drops it if it finds one.
      if (writes === before && seen === version) known.set(key, { value });
      return value;
    },
    async set(key, value) {
      forget([key]);
      try {
        await kv.set(key, value);
      } finally {
        forget([key]);
      }
    },
    async setIf(key, value, expected) {
      forget([key]);
      try {
        return await kv.setIf(key, value, expected);
      } finally {
        forget([key]);
      }
    },
    async delete(key) {
      forget([key]);
      try {
        await kv.delete(key);
      } finally {
        forget([key]);
      }
    },
    async deleteIf(key, expected) {
      forget([key]);
      try {
        return await kv.deleteIf(key, expected);
      } finally {
        forget([key]);
      }
    },
    async deletePrefix(prefix) {
      const everything = () => {
        forget([]);
        known.clear();
      };
      everything();
      try {
        await kv.deletePrefix(prefix);
      } finally {
        everything();
      }
    },
    scan: (o) => kv.scan(o),
    countRange: (from, to, values) => kv.countRange(from, to, values),
    async batch(list, conditions) {
      // The keys its conditions name too: a failed condition is retried with what the store holds, not a kept value.
      const touched = [...written(list), ...(conditions ?? []).map((c) => c.key)];
      forget(touched);
      try {
        return await kv.batch(list, conditions);
      } finally {
        forget(touched);
      }
    },
    changeVersion: versionNow,
    ...(kv.poolStats ? { poolStats: () => kv.poolStats?.() ?? { total: 0, idle: 0, waiting: 0 } } : {}),
    close: () => kv.close(),
  };
}
