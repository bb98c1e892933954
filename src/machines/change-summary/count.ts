// Counting the changes under a prefix, a page at a time, stopping at a cap the user can lift (docs/behaviour.md, Uncommitted changes).
import type { Diff, DiffType, Page } from '../../api/types';

/** Counting stops here until the user asks for more. */
export const CHANGE_SUMMARY_LIMIT = 10_000;
export const CHANGE_SUMMARY_PAGE_SIZE = 1000;

export interface ChangeCounts {
  counts: Record<DiffType, number>;
  bytes: Record<DiffType, number>;
  total: number;
  /** Where counting stopped when it hit the cap; undefined once everything was counted. */
  resumeAfter?: string;
}

export const emptyCounts = (): ChangeCounts => ({
  counts: { added: 0, removed: 0, changed: 0, conflict: 0, prefix_changed: 0 },
  bytes: { added: 0, removed: 0, changed: 0, conflict: 0, prefix_changed: 0 },
  total: 0,
});

/**
 * Adds up to `limit` (CHANGE_SUMMARY_LIMIT unless given) more entries to `from`, fetching pages of at most
 * CHANGE_SUMMARY_PAGE_SIZE without a delimiter (so every object is counted once). Continue a capped count by passing
 * its result back in.
 */
export async function countChanges(
  fetchPage: (params: { after?: string; amount: number }) => Promise<Page<Diff>>,
  from: ChangeCounts = emptyCounts(),
  limit = CHANGE_SUMMARY_LIMIT,
): Promise<ChangeCounts> {
  const result: ChangeCounts = {
    counts: { ...from.counts },
    bytes: { ...from.bytes },
    total: from.total,
  };
  let after = from.resumeAfter;
  let counted = 0;
  for (;;) {
    const page = await fetchPage({ after, amount: Math.min(CHANGE_SUMMARY_PAGE_SIZE, limit) });
    for (const entry of page.results) {
      if (!(entry.type in result.counts)) continue;
      result.counts[entry.type] += 1;
      result.bytes[entry.type] += entry.size_bytes ?? 0;
      result.total += 1;
    }
    counted += page.results.length;
    if (!page.pagination.has_more) return result;
    after = page.pagination.next_offset;
    if (counted >= limit) return { ...result, resumeAfter: after };
  }
}
