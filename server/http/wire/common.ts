// The shapes every call shares: lakeFS's error body and the page of a listing.
import { z } from '@hono/zod-openapi';

/** Published as lakeFS's `Error`; named otherwise here so as not to hide JavaScript's own Error. */
export const ErrorBody = z.object({ message: z.string() }).openapi('Error');
export type ErrorBody = z.output<typeof ErrorBody>;

export const Pagination = z
  .object({
    has_more: z.boolean(),
    /** The `after` of the next page: the key of the last row returned when more follow. */
    next_offset: z.string(),
    results: z.number().int(),
    max_per_page: z.number().int(),
  })
  .openapi('Pagination');
export type Pagination = z.output<typeof Pagination>;

/** A listing's answer: one page of `item`s, published under `name` (lakeFS's RepositoryList, RefList, ...). */
export function pageOf<T extends z.ZodType>(item: T, name: string) {
  return z.object({ pagination: Pagination, results: z.array(item) }).openapi(name);
}

/** The wire form of any listing; each list schema above has exactly this shape. */
export interface Page<T> {
  pagination: Pagination;
  results: T[];
}
