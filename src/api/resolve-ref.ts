// Resolving a ref name: a module of its own because the repository route's loader, which ships in the entry chunk
// with the route tree, needs only this of the refs API.
import { getBranch } from './branches';
import { getCommit } from './commits';
import { ApiError, NotFoundError } from './errors';
import { getTag } from './tags';
import type { ResolvedRef } from './types';

/** A miss on one kind of ref: try the next kind. A bad name for that kind (400) is a miss too. */
function isMiss(e: unknown): boolean {
  return e instanceof NotFoundError || (e instanceof ApiError && e.status === 400);
}

/** Resolves a ref name the way the server does: branch, then tag, then commit. */
export async function resolveRef(repo: string, ref: string, signal?: AbortSignal): Promise<ResolvedRef> {
  try {
    const branch = await getBranch(repo, ref, signal);
    return { kind: 'branch', id: branch.id, commitId: branch.commit_id };
  } catch (e) {
    if (!isMiss(e)) throw e;
  }
  try {
    const tag = await getTag(repo, ref, signal);
    return { kind: 'tag', id: tag.id, commitId: tag.commit_id };
  } catch (e) {
    if (!isMiss(e)) throw e;
  }
  try {
    const found = await getCommit(repo, ref, signal);
    return { kind: 'commit', id: ref, commitId: found.id };
  } catch (e) {
    if (!isMiss(e)) throw e;
  }
  throw new NotFoundError(404, 'ref not found');
}
