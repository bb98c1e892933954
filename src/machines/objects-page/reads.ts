// The folder listing read, shared by the objects route's loader and the page's list machine: when both ask for the
// same page at once (a refresh), it is requested once. Kept apart from the machine so the loader (which ships with
// the route tree, in the entry chunk) does not bring the machine along.
import { listObjects } from '../../api/object-listing';
import type { ObjectStats, Page } from '../../api/types';
import { sharedRead } from '../../lib/shared-read';
import type { PageRequest } from '../paged-list/machine';

/** One page of a folder's entries ('/' as the delimiter), shared with any caller asking the same at once. */
export function listObjectsPage(repoId: string, ref: string, request: PageRequest, signal?: AbortSignal): Promise<Page<ObjectStats>> {
  const { prefix, after, amount } = request;
  const key = ['objects', repoId, ref, prefix, after ?? '', amount].join('\u0000');
  return sharedRead(key, (shared) => listObjects(repoId, ref, { prefix, after, amount, delimiter: '/' }, shared), signal);
}
