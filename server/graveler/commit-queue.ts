import type { Commit } from './types';

/** Newest first: higher generation, then later creation date, then id for a stable order. */
export function newerFirst(a: Commit, b: Commit): number {
  if (a.generation !== b.generation) return b.generation - a.generation;
  if (a.creationDate !== b.creationDate) return b.creationDate - a.creationDate;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A binary heap of commits popping the newest first. */
export class CommitQueue {
  private readonly heap: Commit[] = [];

  get size(): number {
    return this.heap.length;
  }

  push(c: Commit): void {
    const h = this.heap;
    h.push(c);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (newerFirst(h[i] as Commit, h[p] as Commit) >= 0) break;
      [h[i], h[p]] = [h[p] as Commit, h[i] as Commit];
      i = p;
    }
  }

  pop(): Commit | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (h.length > 0 && last) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && newerFirst(h[l] as Commit, h[m] as Commit) < 0) m = l;
        if (r < h.length && newerFirst(h[r] as Commit, h[m] as Commit) < 0) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m] as Commit, h[i] as Commit];
        i = m;
      }
    }
    return top;
  }
}
