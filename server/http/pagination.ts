// lakeFS paging: `amount` <= 0 means 100, above 1000 means 1000; `after` is exclusive; `next_offset` is the key of
// the last row returned when more follow.
import type { Page } from './wire';

export const maxPerPage = 1000;
export const defaultAmount = 100;

export function normaliseAmount(amount: number | undefined): number {
  if (amount === undefined || !Number.isFinite(amount) || amount <= 0) return defaultAmount;
  return Math.min(amount, maxPerPage);
}

/** The paging (and prefix, delimiter) query of a listing as store options: empty values are left out. */
export function listingOptions(q: { after?: string | undefined; prefix?: string | undefined; delimiter?: string | undefined; amount?: number | undefined }) {
  return {
    ...(q.after ? { after: q.after } : {}),
    ...(q.prefix ? { prefix: q.prefix } : {}),
    ...(q.delimiter ? { delimiter: q.delimiter } : {}),
    amount: normaliseAmount(q.amount),
  };
}

/** A store page → the wire page (the store has already clamped the amount and found whether more follow). */
export function pageJson<T, J>(page: { results: T[]; hasMore: boolean; nextOffset: string }, toJson: (t: T) => J): Page<J> {
  const results = page.results.map(toJson);
  return {
    pagination: {
      has_more: page.hasMore,
      next_offset: page.hasMore ? page.nextOffset : '',
      results: results.length,
      max_per_page: maxPerPage,
    },
    results,
  };
}
