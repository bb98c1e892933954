import type { KvEntry, KvScanOptions, KvStore } from './kv-store';

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
