import { CommitQueue } from './commit-queue';
import type { Refs } from './refs';

const FROM_A = 1;
const FROM_B = 2;

/**
 * The best common ancestor of two commits. Commits are visited newest first, each carrying which side reaches it;
 * a parent always has a lower generation than its children, so when a commit is popped every path to it has
 * already been explored, and the first commit reached from both sides is the nearest common ancestor.
 */
export async function findMergeBase(refs: Refs, repo: string, a: string, b: string): Promise<string | undefined> {
  if (a === b) return a;
  const flags = new Map<string, number>([
    [a, FROM_A],
    [b, FROM_B],
  ]);
  const queue = new CommitQueue();
  queue.push(await refs.commit(repo, a));
  queue.push(await refs.commit(repo, b));
  for (;;) {
    const c = queue.pop();
    if (!c) return undefined;
    const f = flags.get(c.id) ?? 0;
    if (f === (FROM_A | FROM_B)) return c.id;
    for (const p of c.parents) {
      const seen = flags.get(p);
      flags.set(p, (seen ?? 0) | f);
      if (seen === undefined) queue.push(await refs.commit(repo, p));
    }
  }
}
