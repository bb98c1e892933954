// The folder's README.md, read after the listing's first page (loaders/objects): the page tells where it can.
import { NotFoundError } from '../api/errors';
import { getObjectText, statObject } from '../api/objects';
import type { ObjectStats, Page } from '../api/types';
import { README_FILE_NAME, VIEWER_SIZE_CAP_BYTES } from '../lib/constants';
import type { ObjectsListingRequest } from './objects-request';

/** The folder's README.md: none, its text (rendered sanitised by the view), or why it could not be read. */
export type Readme = { status: 'none' } | { status: 'found'; path: string; source: string } | { status: 'failed'; error: unknown };

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

export async function readReadme(
  repoId: string,
  ref: string,
  deps: ObjectsListingRequest,
  page: Page<ObjectStats> | undefined,
  signal?: AbortSignal,
): Promise<Readme> {
  const path = deps.path + README_FILE_NAME;
  try {
    const known = readmeInPage(path, page, deps);
    if (known === 'absent') return { status: 'none' };
    const size = known?.size ?? (await statObject(repoId, ref, path, signal)).size_bytes ?? 0;
    if (size > VIEWER_SIZE_CAP_BYTES) return { status: 'none' };
    return { status: 'found', path, source: await getObjectText(repoId, ref, path, { signal }) };
  } catch (error) {
    if (signal?.aborted || error instanceof NotFoundError) return { status: 'none' };
    return { status: 'failed', error };
  }
}
