import type { AgedKey, BlockStore } from './block-store';

const BATCH = 1000;

/** The ages of a folder's objects in batches, from the store's own `listAges` when it has one, else from its listing. */
export async function* agesOf(store: BlockStore, namespace: string, prefix: string, notAfterMs: number): AsyncGenerator<AgedKey[]> {
  if (store.listAges) {
    yield* store.listAges(namespace, prefix, notAfterMs);
    return;
  }
  let batch: AgedKey[] = [];
  for await (const o of store.list(namespace, prefix)) {
    batch.push({ key: o.key, young: o.mtime > notAfterMs });
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
