import { compareKeys } from '../kv/keys';
import type { Ctx } from './context';
import { TreeIterator, type Rec, type RecordIterator } from './iterators';
import { joinByKey } from './join';
import type { Tree } from './tree-parts';

/** Every committed key under the given prefixes, once each, in order, as a deletion. */
function deletionsUnder(ctx: Ctx, namespace: string, tree: Tree, prefixes: readonly string[]): RecordIterator {
  const sorted = [...new Set(prefixes)].sort(compareKeys);
  let pi = 0;
  let it: RecordIterator | undefined;
  let last: string | undefined;
  return {
    async next(): Promise<Rec | undefined> {
      for (;;) {
        const prefix = sorted[pi];
        if (prefix === undefined) return undefined;
        it ??= new TreeIterator(ctx.trees, namespace, tree, prefix);
        const r = await it.next();
        if (!r || !r.key.startsWith(prefix)) {
          pi++;
          it = undefined;
          continue;
        }
        // Nested prefixes (a/ and a/b/) would repeat keys.
        if (last !== undefined && compareKeys(r.key, last) <= 0) continue;
        last = r.key;
        return { key: r.key, value: null };
      }
    },
  };
}

/** Records handed on between two yields to the event loop: cached ranges resolve without ever waiting. */
const RECORDS_PER_YIELD = 1024;

/**
 * The changes an import makes: imported records win, other keys under the replaced prefixes are removed. `signal`
 * stops it between two records (the server is closing). It yields to the event loop now and then, so that a commit of
 * a million imported records never stalls the server that runs it.
 */
export function importChanges(
  ctx: Ctx,
  namespace: string,
  head: Tree,
  imported: RecordIterator,
  replacePrefixes: readonly string[],
  signal?: AbortSignal,
): RecordIterator {
  const joined = joinByKey(imported, deletionsUnder(ctx, namespace, head, replacePrefixes));
  let count = 0;
  return {
    async next() {
      signal?.throwIfAborted();
      if (++count % RECORDS_PER_YIELD === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const j = await joined.next();
      if (!j) return undefined;
      return j.a ?? (j.b as Rec);
    },
  };
}
