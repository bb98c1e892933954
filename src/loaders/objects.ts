// The objects route's reads: the folder listing's first page at once (by the ref's name when the URL gives one, so
// it does not wait for the ref to resolve), and the folder's README.md after it, never in front of it.
import { NotFoundError } from '../api/errors';
import { getObjectText, statObject } from '../api/objects';
import type { ObjectStats, Page } from '../api/types';
import { PAGE_SIZE, VIEWER_SIZE_CAP_BYTES } from '../lib/constants';
import { listObjectsPage } from '../machines/objects-page';
import type { RepositoryRead } from './repository';

export const README_FILE_NAME = 'README.md';

export interface ObjectsPageDeps {
  /** The ref as the URL names it; the default branch when it names none. */
  ref?: string | undefined;
  /** The folder ('' or ending in '/'). */
  path: string;
  after?: string | undefined;
}

/**
 * What the listing is read for: the loader's deps, and the prefix search in the URL. The search is no dep of the
 * route: while the page shows, its list machine applies a new search itself, and the URL only records it; a load
 * (the page opening, a refresh) reads with the search the URL has then.
 */
export interface ObjectsListingRequest extends ObjectsPageDeps {
  search: string;
}

/** The folder's README.md: none, its text (rendered sanitised by the view), or why it could not be read. */
export type Readme = { status: 'none' } | { status: 'found'; path: string; source: string } | { status: 'failed'; error: unknown };

export interface ObjectsPageData {
  /** Undefined when the read failed: the list machine asks again and shows the failure with a retry. */
  firstPage: Page<ObjectStats> | undefined;
  /** The prefix the first page lists (the folder and the search). */
  listedPrefix: string;
  /** Settles after the listing; the page renders without waiting for it. */
  readme: Promise<Readme>;
}

export async function loadObjectsPage(
  repository: RepositoryRead,
  repoId: string,
  request: ObjectsListingRequest,
  signal: AbortSignal,
): Promise<ObjectsPageData> {
  const ref = request.ref ?? (await repository.current()).default_branch;
  const listedPrefix = request.path + request.search;
  let firstPage: Page<ObjectStats> | undefined;
  try {
    firstPage = await listObjectsPage(repoId, ref, { prefix: listedPrefix, after: request.after, amount: PAGE_SIZE }, signal);
  } catch (error) {
    if (signal.aborted) throw error;
  }
  return { firstPage, listedPrefix, readme: readReadme(repoId, ref, request, firstPage, signal) };
}

/**
 * What the first page tells of README.md: its size when listed, 'absent' when the page covers where it would be,
 * else nothing (then it is asked for).
 */
export function readmeInPage(
  path: string,
  page: Page<ObjectStats> | undefined,
  deps: Pick<ObjectsListingRequest, 'path' | 'after' | 'search'>,
): { size: number } | 'absent' | undefined {
  if (!page || !path.startsWith(deps.path + deps.search)) return undefined;
  const entry = page.results.find((e) => e.path === path && e.path_type === 'object');
  if (entry) return { size: entry.size_bytes ?? 0 };
  const last = page.results.at(-1)?.path;
  const afterStart = deps.after === undefined || path > deps.after;
  const beforeEnd = !page.pagination.has_more || (last !== undefined && path <= last);
  return afterStart && beforeEnd ? 'absent' : undefined;
}

async function readReadme(
  repoId: string,
  ref: string,
  deps: ObjectsListingRequest,
  page: Page<ObjectStats> | undefined,
  signal: AbortSignal,
): Promise<Readme> {
  const path = deps.path + README_FILE_NAME;
  try {
    const known = readmeInPage(path, page, deps);
    if (known === 'absent') return { status: 'none' };
    const size = known?.size ?? (await statObject(repoId, ref, path, signal)).size_bytes ?? 0;
    if (size > VIEWER_SIZE_CAP_BYTES) return { status: 'none' };
    return { status: 'found', path, source: await getObjectText(repoId, ref, path, { signal }) };
  } catch (error) {
    if (signal.aborted || error instanceof NotFoundError) return { status: 'none' };
    return { status: 'failed', error };
  }
}
