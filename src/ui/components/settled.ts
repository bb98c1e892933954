// Async work whose result a view shows (highlighting, rendering markdown, sanitising markup), read with React's `use`
// inside a Suspense boundary: the result is derived from the input, with no effect and no state copied from it. The
// promise has to outlive the render that asked for it (a render that suspends keeps no state), so the most recent
// ones are kept here, each under a key naming its work and its whole input.

/** How the work ended: a failure is a value to show, not a throw to catch. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Enough for every view of one page (a notebook's cells); beyond it the oldest result is worked out again. */
const KEPT = 64;
/**
 * The characters the kept keys may hold together. A key holds its whole input (a file of up to the viewers' limit),
 * and a result is of the order of its input, so this bounds the memory of both: 64 large files would be gigabytes.
 */
const KEPT_CHARS = 16 * 1024 * 1024;
const kept = new Map<string, Promise<Settled<unknown>>>();
let keptChars = 0;

/** The one promise of `work` for `key`: the same object on every render, so `use` suspends only the first time. */
export function settled<T>(key: string, work: () => Promise<T>): Promise<Settled<T>> {
  const known = kept.get(key) as Promise<Settled<T>> | undefined;
  if (known) {
    // The most recently asked stays longest.
    kept.delete(key);
    kept.set(key, known);
    return known;
  }
  const promise = work().then(
    (value): Settled<T> => ({ ok: true, value }),
    (error: unknown): Settled<T> => ({ ok: false, error }),
  );
  kept.set(key, promise);
  keptChars += key.length;
  // The newest stays whatever its size: the render that asked for it reads it again once it settles.
  while (kept.size > 1 && (kept.size > KEPT || keptChars > KEPT_CHARS)) {
    const oldest = kept.keys().next();
    if (oldest.done) break;
    kept.delete(oldest.value);
    keptChars -= oldest.value.length;
  }
  return promise;
}
