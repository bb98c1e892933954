// The objects route's reads: the folder listing's first page at once (by the ref's name when the URL gives one, so
// it does not wait for the ref to resolve), and the folder's README.md after it, never in front of it.
import type { ObjectStats, Page } from '../api/types';
import { PAGE_SIZE } from '../lib/constants';
import { listObjectsPage } from '../machines/objects-page/reads';
import type { Readme } from './readme';
import type { RepositoryRead } from './repository';

export type { Readme } from './readme';

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
  // Its code loads with it, after the listing: the route tree (in the entry chunk) carries only this call.
  const readme = import('./readme').then(({ readReadme }) => readReadme(repoId, ref, request, firstPage, signal));
  return { firstPage, listedPrefix, readme };
}
