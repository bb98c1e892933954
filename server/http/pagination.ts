// lakeFS paging: `amount` <= 0 means 100, above 1000 means 1000; `after` is exclusive; `next_offset` is the key of
// the last row returned when more follow.
export const maxPerPage = 1000;
export const defaultAmount = 100;

export function normaliseAmount(amount: number | undefined): number {
  if (amount === undefined || !Number.isFinite(amount) || amount <= 0) return defaultAmount;
  return Math.min(amount, maxPerPage);
}

export interface Pagination {
  has_more: boolean;
  next_offset: string;
  results: number;
  max_per_page: number;
}

export interface PageOf<T> {
  pagination: Pagination;
  results: T[];
}

/** `rows` may hold one row more than `amount`: that extra row only tells that another page exists. */
export function toPage<T>(rows: T[], amount: number, keyOf: (row: T) => string): PageOf<T> {
  const hasMore = rows.length > amount;
  const results = hasMore ? rows.slice(0, amount) : rows;
  const last = results[results.length - 1];
  return {
    pagination: {
      has_more: hasMore,
      next_offset: hasMore && last !== undefined ? keyOf(last) : '',
      results: results.length,
      max_per_page: maxPerPage,
    },
    results,
  };
}
