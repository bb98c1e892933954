// The stores as the server uses them, timed: every metadata store call and object store call passes through one
// object each, so wrapping those two objects measures all of them without touching the code that calls them.
// And the server's readiness checks, which ask the same stores (unwrapped: a probe is not the server's work).
import type { BlockStore } from './blockstore';
import type { ReadinessCheck } from './http/readiness';
import type { ServerMetrics } from './http/metrics';
import type { KvStore } from './kv';

type Timer = (seconds: number) => void;

/** Awaits `work` and reports how long it took, failures included (a timed-out call is the slow one to see). */
async function timed<T>(observe: Timer, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    observe((performance.now() - started) / 1000);
  }
}

/** One observer per operation, made once rather than named on every call. */
function timers<K extends string>(figures: ServerMetrics['kvSeconds'], names: readonly K[]): Record<K, Timer> {
  return Object.fromEntries(names.map((name) => [name, (seconds: number) => figures.observe(name, seconds)])) as Record<K, Timer>;
}

const kvOperations = ['get', 'set', 'setIf', 'delete', 'deleteIf', 'deletePrefix', 'scan', 'countRange', 'batch'] as const;

export function instrumentKv(kv: KvStore, metrics: ServerMetrics): KvStore {
  const t = timers(metrics.kvSeconds, kvOperations);
  return {
    get: (key) => timed(t.get, () => kv.get(key)),
    set: (key, value) => timed(t.set, () => kv.set(key, value)),
    setIf: (key, value, expected) => timed(t.setIf, () => kv.setIf(key, value, expected)),
    delete: (key) => timed(t.delete, () => kv.delete(key)),
    deleteIf: (key, expected) => timed(t.deleteIf, () => kv.deleteIf(key, expected)),
    deletePrefix: (prefix) => timed(t.deletePrefix, () => kv.deletePrefix(prefix)),
    scan: (options) => timed(t.scan, () => kv.scan(options)),
    countRange: (from, to, values) => timed(t.countRange, () => kv.countRange(from, to, values)),
    batch: (writes, conditions) => timed(t.batch, () => kv.batch(writes, conditions)),
    // Not timed: it answers from memory, and callers ask it on every cached read.
    ...(kv.changeVersion ? { changeVersion: () => kv.changeVersion?.() ?? 0 } : {}),
    ...(kv.poolStats ? { poolStats: () => kv.poolStats?.() ?? { total: 0, idle: 0, waiting: 0 } } : {}),
    close: () => kv.close(),
  };
}

const blockOperations = ['put', 'get', 'getBytes', 'stat', 'exists', 'delete'] as const;

/**
 * The calls that move or look up one object. Listings are walks of unbounded length, and presigning makes no call,
 * so they pass through untimed.
 */
export function instrumentBlockStore(blocks: BlockStore, metrics: ServerMetrics): BlockStore {
  const t = timers(metrics.blockSeconds, blockOperations);
  const timedStore: BlockStore = {
    type: blocks.type,
    namespacePrefix: blocks.namespacePrefix,
    validateNamespace: (namespace) => blocks.validateNamespace(namespace),
    put: (namespace, key, body) => timed(t.put, () => blocks.put(namespace, key, body)),
    get: (namespace, key, range) => timed(t.get, () => blocks.get(namespace, key, range)),
    getBytes: (namespace, key, range) => timed(t.getBytes, () => blocks.getBytes(namespace, key, range)),
    stat: (namespace, key) => timed(t.stat, () => blocks.stat(namespace, key)),
    exists: (namespace, key) => timed(t.exists, () => blocks.exists(namespace, key)),
    delete: (namespace, key) => timed(t.delete, () => blocks.delete(namespace, key)),
    list: (namespace, prefix) => blocks.list(namespace, prefix),
    newDataKey: () => blocks.newDataKey(),
    fullAddress: (namespace, key) => blocks.fullAddress(namespace, key),
  };
  const { listSorted, presigner, probe, close } = blocks;
  if (listSorted) timedStore.listSorted = (namespace, prefix) => listSorted.call(blocks, namespace, prefix);
  if (presigner) timedStore.presigner = (namespace) => presigner.call(blocks, namespace);
  if (probe) timedStore.probe = (signal) => probe.call(blocks, signal);
  if (close) timedStore.close = () => close.call(blocks);
  return timedStore;
}

/** A key no record uses: reading it is the cheapest query either store answers. */
const readinessKey = 'readiness-probe';

export function readinessChecks(kv: KvStore, blocks: BlockStore): ReadinessCheck[] {
  return [
    { name: 'metadata store', check: async () => void (await kv.get(readinessKey)) },
    { name: 'object store', check: async (signal) => blocks.probe?.(signal) },
  ];
}
