import type { KvEntry, KvExpected, KvScanOptions, KvStore } from './kv-store';

/**
 * Orders strings by code point, which is the order of their UTF-8 bytes. JavaScript's `<` compares UTF-16 units,
 * which disagrees for astral characters against U+E000..U+FFFF; the fix-up below maps units so both agree.
 */
export function compareKeys(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

/**
 * The smallest key greater than every key starting with `prefix`, or undefined when none exists
 * (a prefix of only U+10FFFF code points).
 */
export function prefixEnd(prefix: string): string | undefined {
  const points = Array.from(prefix);
  while (points.length > 0) {
    const last = points.pop() as string;
    const cp = last.codePointAt(0) as number;
    if (cp < 0x10ffff) {
      // Skip the surrogate block: it has no UTF-8 encoding, so it never appears in a well-formed key.
      const next = cp + 1 === 0xd800 ? 0xe000 : cp + 1;
      return points.join('') + String.fromCodePoint(next);
    }
  }
  return undefined;
}

/** Iterates a whole scan page by page. */
export async function* scanAll(kv: KvStore, options: KvScanOptions & { pageSize?: number }): AsyncGenerator<KvEntry> {
  const pageSize = options.pageSize ?? 1000;
  let cursor: { after?: string; from?: string } = { after: options.after, from: options.from };
  for (;;) {
    const page = await kv.scan({ prefix: options.prefix, ...cursor, limit: pageSize });
    yield* page;
    const last = page[page.length - 1];
    if (page.length < pageSize || !last) return;
    cursor = { after: last.key };
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A key must be encodable as UTF-8 without loss, so two different keys never map to the same bytes. */
export function isWellFormedKey(key: string): boolean {
  return !LONE_SURROGATE.test(key);
}

/** A key as the bytes both stores index and compare; a key that is not well-formed unicode is refused. */
export function keyBytes(key: string): Buffer {
  if (!isWellFormedKey(key)) throw new TypeError('kv key is not well-formed unicode');
  // One native call and no copy (a TextEncoder's bytes copied into a Buffer cost a point read a fifth more); a
  // well-formed key encodes the same either way.
  return Buffer.from(key, 'utf8');
}

/** Whether a stored value (undefined when absent) satisfies a conditional write's expectation. */
export function matchesExpected(current: Uint8Array | undefined, expected: KvExpected): boolean {
  if (expected === 'absent') return current === undefined;
  return current !== undefined && Buffer.compare(current, expected) === 0;
}

/**
 * A scan as a byte range for a store's index: rows with `lower <= key < upper` (no upper bound when undefined), at
 * most `take` of them, from which `pageOf` drops the exclusive `after` key itself.
 */
export interface ScanBounds {
  lower: Buffer;
  upper: Buffer | undefined;
  take: number;
  limit: number;
  skipKey: string | undefined;
}

export function scanBounds(options: KvScanOptions): ScanBounds {
  const limit = options.limit ?? 1000;
  const prefix = options.prefix ?? '';
  let lower = prefix;
  if (options.from !== undefined && compareKeys(options.from, lower) > 0) lower = options.from;
  let skipKey: string | undefined;
  if (options.after !== undefined && compareKeys(options.after, lower) >= 0) {
    lower = options.after;
    skipKey = options.after;
  }
  const upper = prefix === '' ? undefined : prefixEnd(prefix);
  // One extra row covers the excluded `after` key itself.
  const take = limit + (skipKey === undefined ? 0 : 1);
  return { lower: keyBytes(lower), upper: upper === undefined ? undefined : keyBytes(upper), take, limit, skipKey };
}

/** The entries of a scan from the rows its bounds selected, in their (ascending) order. */
export function pageOf(rows: Iterable<{ key: Buffer; value: Buffer }>, bounds: ScanBounds): KvEntry[] {
  const out: KvEntry[] = [];
  for (const row of rows) {
    const key = row.key.toString('utf8');
    if (bounds.skipKey !== undefined && key === bounds.skipKey) continue;
    if (out.length === bounds.limit) break;
    out.push({ key, value: row.value });
  }
  return out;
}
