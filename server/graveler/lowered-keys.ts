import type { RangeData } from './range-codec';

/**
 * A range file's keys in lower case, joined by '\n' into one text, so that a case-insensitive substring search runs
 * as native `indexOf` calls over the whole file instead of one test per key, and a file without a match costs one
 * call. Key i is text[starts[i] .. starts[i + 1] - 1).
 */
export interface LoweredKeys {
  text: string;
  /** One more than the keys: starts[length] is text.length + 1, as if the text ended with a separator. */
  starts: Uint32Array;
}

/** Built once per decoded file and dropped with it: range files never change, and the range cache owns their life. */
const built = new WeakMap<RangeData, LoweredKeys>();

export function loweredKeys(data: RangeData): LoweredKeys {
  let found = built.get(data);
  if (!found) {
    found = lower(data.allKeys());
    built.set(data, found);
  }
  return found;
}

function lower(keys: readonly string[]): LoweredKeys {
  const joined = keys.join('\n');
  let text = joined.toLowerCase();
  // A few characters change length in lower case ('İ' becomes two units); then the offsets come from each key.
  const parts = text.length === joined.length ? keys : keys.map((k) => k.toLowerCase());
  if (parts !== keys) text = parts.join('\n');
  const starts = new Uint32Array(keys.length + 1);
  let at = 0;
  for (let i = 0; i < parts.length; i++) {
    starts[i] = at;
    at += (parts[i] as string).length + 1;
  }
  starts[keys.length] = at;
  return { text, starts };
}

/** The key whose text holds position `at`: the last i with starts[i] <= at. */
export function keyAt(index: LoweredKeys, at: number): number {
  let lo = 0;
  let hi = index.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if ((index.starts[mid] as number) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
