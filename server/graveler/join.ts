import { compareKeys } from '../kv/keys';

interface KeyedIterator<T extends { key: string }> {
  next(): Promise<T | undefined>;
}

export interface Joined<A, B> {
  key: string;
  a?: A;
  b?: B;
}

/** Full outer join of two key-sorted streams. */
export function joinByKey<A extends { key: string }, B extends { key: string }>(
  left: KeyedIterator<A>,
  right: KeyedIterator<B>,
): { next(): Promise<Joined<A, B> | undefined> } {
  let a: A | undefined;
  let b: B | undefined;
  let started = false;
  return {
    async next() {
      if (!started) {
        [a, b] = await Promise.all([left.next(), right.next()]);
        started = true;
      }
      if (!a && !b) return undefined;
      const cmp = !a ? 1 : !b ? -1 : compareKeys(a.key, b.key);
      if (cmp < 0) {
        const out = { key: (a as A).key, a };
        a = await left.next();
        return out;
      }
      if (cmp > 0) {
        const out = { key: (b as B).key, b };
        b = await right.next();
        return out;
      }
      const out = { key: (a as A).key, a, b };
      [a, b] = await Promise.all([left.next(), right.next()]);
      return out;
    },
  };
}
