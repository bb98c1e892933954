import { compareKeys, prefixEnd } from '../kv/keys';
import type { ListOptions, Page } from './types';

export const MAX_AMOUNT = 1000;

/** Every item of a paged listing, page after page. */
export async function listAll<T>(page: (after: string) => Promise<Page<T>>): Promise<T[]> {
  const all: T[] = [];
  for (let after = ''; ; ) {
    const p = await page(after);
    all.push(...p.results);
    if (!p.hasMore) return all;
    after = p.nextOffset;
  }
}
export const DEFAULT_AMOUNT = 100;

/** lakeFS's paging rule: missing or <= 0 means 100, more than 1000 means 1000. */
export function normalizeAmount(amount: number | undefined): number {
  if (amount === undefined || !Number.isFinite(amount) || amount <= 0) return DEFAULT_AMOUNT;
  return Math.min(Math.floor(amount), MAX_AMOUNT);
}

export interface Keyed {
  key: string;
}

/** Opens a sorted stream at the first key >= `from`. */
export type Opener<R extends Keyed> = (from: string) => Promise<{ next(): Promise<R | undefined> }>;

/**
 * Where a listing starts: at the prefix, or strictly after `after`. With a delimiter, an `after` inside a common
 * prefix resumes past that whole prefix, which the previous page already reported.
 */
export function startKey(prefix: string, after: string | undefined, delimiter: string): string | undefined {
  if (after === undefined || after === '' || compareKeys(after, prefix) < 0) return prefix;
  if (delimiter !== '' && after.startsWith(prefix)) {
    const at = after.indexOf(delimiter, prefix.length);
    if (at >= 0) return prefixEnd(after.slice(0, at + delimiter.length));
  }
  return after + '\u0000';
}

/**
 * One page of a sorted stream under a prefix, collapsing everything below a delimiter into one common-prefix row
 * and jumping past it, so a page costs what it shows rather than what it hides.
 */
export async function paginate<R extends Keyed, T>(
  open: Opener<R>,
  options: ListOptions,
  toItem: (r: R) => T,
  toPrefix: (path: string) => T,
): Promise<Page<T>> {
  const prefix = options.prefix ?? '';
  const delimiter = options.delimiter ?? '';
  const amount = normalizeAmount(options.amount);
  const from = startKey(prefix, options.after, delimiter);
  const results: { key: string; item: T }[] = [];
  if (from !== undefined) {
    let it = await open(from);
    while (results.length <= amount) {
      const r = await it.next();
      if (!r || !r.key.startsWith(prefix)) break;
      if (delimiter !== '') {
        const at = r.key.indexOf(delimiter, prefix.length);
        if (at >= 0) {
          const common = r.key.slice(0, at + delimiter.length);
          results.push({ key: common, item: toPrefix(common) });
          const next = prefixEnd(common);
          if (next === undefined) break;
          it = await open(next);
          continue;
        }
      }
      results.push({ key: r.key, item: toItem(r) });
    }
  }
  const hasMore = results.length > amount;
  const page = results.slice(0, amount);
  return {
    results: page.map((r) => r.item),
    hasMore,
    nextOffset: hasMore ? (page[page.length - 1] as { key: string }).key : '',
  };
}
