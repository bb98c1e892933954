import * as z from 'zod/mini';
import { optionalString } from '../components/searchParams';

// Typed search params of the repository layout, the objects browser and the object viewer (spec 1 §2). `ref` is
// declared by the repository layout route; it is repeated here so links to these pages can set it.

/**
 * One query value as a string: numbers (the router parses `?ref=2024` as one) become strings again, and empty
 * values, or anything else (an array, an object), disappear from the URL rather than failing the page.
 */
export const searchParam = z.optional(z.transform((value: unknown) => optionalString(value)));

export const repositorySearchSchema = z.object({ ref: searchParam });

/** `search` is the prefix typed in the search box: the page opens with it again after a reload. */
export const objectsSearchSchema = z.object({
  ref: searchParam,
  path: searchParam,
  after: searchParam,
  importDialog: searchParam,
  search: searchParam,
});

export type ObjectsSearch = z.infer<typeof objectsSearchSchema>;

export interface ObjectSearch {
  ref?: string;
  path?: string;
}

export function validateObjectSearch(search: Record<string, unknown>): ObjectSearch {
  return { ref: optionalString(search.ref), path: optionalString(search.path) };
}
