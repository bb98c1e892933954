// The routes' search schemas, in zod/mini: full zod would add 16 KB to the initial bundle.
import * as z from 'zod/mini';

/**
 * An optional text parameter: absent or empty means unset, and a value the URL parser read as a number (`?prefix=2024`)
 * is taken as its text. Anything else is dropped rather than failing the page.
 */
export const searchText = z.catch(
  z.optional(
    z.pipe(
      z.union([z.string(), z.number()]),
      z.transform((value) => (value === '' ? undefined : String(value))),
    ),
  ),
  undefined,
);

/** A list screen's search (spec 1 §2): the prefix filter and the `after` cursor. */
export const listSearch = z.object({ prefix: searchText, after: searchText });

/** A diff screen's search: the folder the tree starts at. */
export const prefixSearch = z.object({ prefix: searchText });

/** A log's search: the `after` cursor it starts from. */
export const cursorSearch = z.object({ after: searchText });

/** The object viewer's search: the object's path. */
export const pathSearch = z.object({ path: searchText });
