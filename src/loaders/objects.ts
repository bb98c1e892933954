// The objects route's reads: the folder listing's first page at once (by the ref's name when the URL gives one, so
// it does not wait for the ref to resolve), and the folder's README.md after it, never in front of it.
import type { ObjectStats, Page } from '../api/types';
import { LISTING_READY_MARK } from '../lib/listing-mark';
import { PAGE_SIZE } from '../lib/page-sizes';
import { listFolderPage } from '../api/object-listing';
import type { ObjectsListingRequest } from './objects-request';
import type { Readme } from './readme';
import type { RepositoryRead } from './repository';

export type { Readme } from './readme';

export type { ObjectsListingRequest, ObjectsPageDeps } from './objects-request';

/**
 * The folder's README.md read: the same promise on every call, started by the loader after the listing (the page
 * renders without waiting for it), or by the page's first call when the load was a preload (a hovered link), so
 * hovering over folders reads no README.
 */
export type ReadmeRead = () => Promise<Readme>;

export interface ObjectsPageData {
  /** Undefined when the read failed: the list machine asks again and shows the failure with a retry. */
  firstPage: Page<ObjectStats> | undefined;
  /** The prefix the first page lists (the folder and the search). */
  listedPrefix: string;
  readme: ReadmeRead;
}

/** The ref the listing is read at: the one the URL names, else the default branch once the repository is known. */
async function listingRef(repository: RepositoryRead, request: ObjectsListingRequest): Promise<string> {
  return request.ref ?? (await repository.current()).default_branch;
}

function readFirstPage(repoId: string, ref: string, request: ObjectsListingRequest, signal?: AbortSignal) {
  return listFolderPage(repoId, ref, { prefix: request.path + request.search, after: request.after, amount: PAGE_SIZE }, signal);
}

/** Starts the first page's read as soon as the route is matched (see startRepositoryPage); the loader joins it. */
export function startObjectsPage(repository: RepositoryRead, repoId: string, request: ObjectsListingRequest): void {
  void listingRef(repository, request)
    .then((ref) => readFirstPage(repoId, ref, request))
    .catch(() => undefined);
}

export async function loadObjectsPage(
  repository: RepositoryRead,
  repoId: string,
  request: ObjectsListingRequest,
  { signal, preload }: { signal: AbortSignal; preload: boolean },
): Promise<ObjectsPageData> {
  // Without the repository there is no page: the layout route shows why.
  const ref = await listingRef(repository, request);
  let firstPage: Page<ObjectStats> | undefined;
  try {
    firstPage = await readFirstPage(repoId, ref, request, signal);
  } catch (error) {
    if (signal.aborted) throw error;
  }
  let reading: Promise<Readme> | undefined;
  // Its code loads with it: the route tree (in the entry chunk) carries only this call. It never rejects (a failure
  // is a Readme too), so the page is never broken by its preview. A read the page starts is the page's: it does not
  // end with the preload.
  const readme = (readSignal?: AbortSignal) =>
    (reading ??= import('./readme').then(
      ({ readReadme }) => readReadme(repoId, ref, request, firstPage, readSignal),
      (error: unknown): Readme => ({ status: 'failed', error }),
    ));
  if (!preload) void readme(signal);
  if (firstPage) performance.mark(LISTING_READY_MARK);
  return { firstPage, listedPrefix: request.path + request.search, readme: () => readme() };
}
