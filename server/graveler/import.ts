import { compareKeys } from '../kv/keys';
import type { Ctx } from './context';
import { TreeIterator, type Rec, type RecordIterator } from './iterators';
import { joinByKey } from './join';
import type { RangeInfo } from './range-codec';
import type { ObjectRecord } from './types';

/** Every committed key under the given prefixes, once each, in order, as a deletion. */
function deletionsUnder(ctx: Ctx, namespace: string, ranges: readonly RangeInfo[], prefixes: readonly string[]): RecordIterator {
  const sorted = [...new Set(prefixes)].sort(compareKeys);
  let pi = 0;
  let it: RecordIterator | undefined;
  let last: string | undefined;
  return {
    async next(): Promise<Rec | undefined> {
      for (;;) {
        const prefix = sorted[pi];
        if (prefix === undefined) return undefined;
        it ??= new TreeIterator(ctx.trees, namespace, ranges, prefix);
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

function fromRecords(
  records: Iterable<ObjectRecord> | AsyncIterable<ObjectRecord>,
  onRecord: (count: number) => void,
): RecordIterator {
  const source = (Symbol.asyncIterator in records ? records[Symbol.asyncIterator]() : records[Symbol.iterator]()) as
    | Iterator<ObjectRecord>
    | AsyncIterator<ObjectRecord>;
  let count = 0;
  let prev: string | undefined;
  return {
    async next() {
      const r = await source.next();
      if (r.done) return undefined;
      if (prev !== undefined && compareKeys(prev, r.value.path) >= 0) throw new Error('records must be in ascending path order');
      prev = r.value.path;
      onRecord(++count);
      return { key: r.value.path, value: r.value.entry };
    },
  };
}

/** The changes an import makes: imported records win, other keys under the replaced prefixes are removed. */
export function importChanges(
  ctx: Ctx,
  namespace: string,
  head: readonly RangeInfo[],
  records: Iterable<ObjectRecord> | AsyncIterable<ObjectRecord>,
  replacePrefixes: readonly string[],
  onRecord: (count: number) => void,
): RecordIterator {
  const joined = joinByKey(fromRecords(records, onRecord), deletionsUnder(ctx, namespace, head, replacePrefixes));
  return {
    async next() {
      const j = await joined.next();
      if (!j) return undefined;
      return j.a ?? (j.b as Rec);
    },
  };
}
