// The compare route's reads (docs/behaviour.md, Compare and merge): the compared ref resolved, the first page of the changes
// between the two refs under the URL's folder (three-dot; every file at once, or a level at a time for the tree), and
// whether there is any change.
import { listDiff, listDiffLevel } from '../api/diff';
import { resolveRef } from '../api/resolve-ref';
import type { Diff, Page, ResolvedRef } from '../api/types';
import { PAGE_SIZE } from '../lib/page-sizes';

/** What the compare screen shows besides the pickers. */
export type Comparison =
  /** No ref to compare with yet: the screen asks for one. */
  | { status: 'unchosen' }
  /** Both refs are the same: there is nothing to compare. */
  | { status: 'same' }
  /** The compared ref does not resolve, or the changes could not be read. */
  | { status: 'failed'; error: unknown }
  | {
      status: 'ready';
      compareRef: ResolvedRef;
      /** The changes directly under the URL's folder. */
      firstPage: Page<Diff>;
      /** Whether the compared ref has any change against the base, under any folder (the Merge button needs one). */
      hasChanges: boolean;
    };

export interface ComparisonRequest {
  repoId: string;
  base: string;
  compare: string | undefined;
  prefix: string;
  /** Every changed file at once, rather than a folder level at a time. */
  flat: boolean;
}

export async function loadComparison({ repoId, base, compare, prefix, flat }: ComparisonRequest, signal: AbortSignal): Promise<Comparison> {
  if (compare === undefined) return { status: 'unchosen' };
  if (compare === base) return { status: 'same' };
  const source = flat ? { repoId, left: base, right: compare, flat } : { repoId, left: base, right: compare };
  try {
    const [compareRef, firstPage, anyChange] = await Promise.all([
      resolveRef(repoId, compare, signal),
      listDiffLevel(source, { prefix, amount: PAGE_SIZE }, signal),
      // At the root the first page already says whether there is any change.
      prefix === '' ? undefined : listDiff(source, { amount: 1 }, signal),
    ]);
    const hasChanges = (prefix === '' ? firstPage : anyChange)?.results.length !== 0;
    return { status: 'ready', compareRef, firstPage, hasChanges };
  } catch (error) {
    if (signal.aborted) throw error;
    return { status: 'failed', error };
  }
}
