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

/**
 * A flag such as `?importDialog=true`: set by any value but false or empty. The URL parser reads `true` as a
 * boolean, which `searchText` would drop.
 */
export const searchFlag = z.catch(
  z.optional(
    z.pipe(
      z.union([z.boolean(), z.string(), z.number()]),
      z.transform((value) => (value === false || value === '' || value === 'false' ? undefined : true)),
    ),
  ),
  undefined,
);

/** A list screen's search: the prefix filter and the `after` cursor. */
export const listSearch = z.object({ prefix: searchText, after: searchText });

/** A diff screen's search: the folder the tree starts at. */
export const prefixSearch = z.object({ prefix: searchText });

/** A log's search: the `after` cursor it starts from. */
export const cursorSearch = z.object({ after: searchText });

/** How the Commits page shows history: the ref's log as a list (the default) or every branch's as a graph. */
export type CommitsView = 'list' | 'graph';

/** The Commits page's search: the log's `after` cursor, and `view=graph` for the graph of every branch. */
export const commitsSearch = z.object({
  after: searchText,
  view: z.catch(z.optional(z.enum(['graph'])), undefined),
});

/** A yes-or-no parameter such as `?header=false`, kept either way; absent (or anything else) means unset. */
export const searchBoolean = z.catch(
  z.optional(
    z.pipe(
      z.union([z.boolean(), z.enum(['true', 'false'])]),
      z.transform((value) => value === true || value === 'true'),
    ),
  ),
  undefined,
);

/**
 * The object viewer's search (docs/behaviour.md, Object viewer): the object's path, the SQL query its data preview
 * runs, and for a CSV or TSV file whether its first row holds the column names (`header`; unset: DuckDB decides).
 */
export const objectSearch = z.object({ path: searchText, sql: searchText, header: searchBoolean });

/** The Tables view: its page cursor. */
export const tablesSearch = z.object({ after: searchText });

/** A table's page (README, Tables): the table's folder, the SQL over its current snapshot, and the ref it is compared with. */
export const tableSearch = z.object({ path: searchText, sql: searchText, compare: searchText });

/** The History page's search: the object, or the prefix when it ends in `/`, whose commits are listed. */
export const historySearch = z.object({ path: searchText });

/** The repository layout's search: the ref its pages show (else the default branch). */
export const repositorySearch = z.object({ ref: searchText });

/**
 * The objects browser's search (ref, path, after, importDialog), and `search`, the prefix typed in the
 * search box, so that the page opens with it again after a reload. `ref` is the layout's, repeated so links to this
 * page can set it.
 */
export const objectsSearch = z.object({
  ref: searchText,
  path: searchText,
  after: searchText,
  importDialog: searchFlag,
  search: searchText,
});

/**
 * The compare screen's search: base `ref`, `compare` (the ref compared to it), the list's folder, and `view=tree` for
 * the changes a folder level at a time (the default lists every changed file at once).
 */
export const compareSearch = z.object({
  ref: searchText,
  compare: searchText,
  prefix: searchText,
  delimiter: searchText,
  view: z.catch(z.optional(z.enum(['tree'])), undefined),
});

/** The action runs list's search: the `after` cursor and the branch and commit filters. */
export const actionRunsSearch = z.object({ after: searchText, branch: searchText, commit: searchText });

/** The audit log's search: its filters (times as RFC 3339, so a shared address means the same instant anywhere). */
export const auditSearch = z.object({
  user: searchText,
  action: searchText,
  repository: searchText,
  from: searchText,
  to: searchText,
});

/** An action run's search: the action whose hook executions are shown. */
export const actionRunSearch = z.object({ action: searchText });

/** Invited-user activation's search: the activation token and the invited e-mail address. */
export const activationSearch = z.object({ token: searchText, email: searchText });

/** The pull-request list's search: the status shown (absent is open) and the `after` cursor. */
export const pullRequestsSearch = z.object({
  status: z.catch(z.optional(z.enum(['open', 'closed', 'all'])), undefined),
  after: searchText,
});

/** Creating a pull request: the destination `ref` and the source `compare`, named as on the compare screen. */
export const pullRequestCreateSearch = z.object({ ref: searchText, compare: searchText });
