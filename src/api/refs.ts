import { api, query, repoPath, seg } from './client';
import type { DiffParams } from './diff';
import { getBranch } from './branches';
import { getCommit } from './commits';
import { ApiError, ConflictError, MergeConflictError, NotFoundError } from './errors';
import { getTag } from './tags';
import type { Diff, MergeResult, MergeStrategy, Page, ResolvedRef } from './types';

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

export interface RefDiffParams extends DiffParams {
  type?: 'two_dot' | 'three_dot';
}

export function diffRefs(
  repo: string,
  left: string,
  right: string,
  params: RefDiffParams = {},
  signal?: AbortSignal,
): Promise<Page<Diff>> {
  return api
    .get(`${repoPath(repo)}/refs/${seg(left)}/diff/${seg(right)}`, { searchParams: query({ ...params }), signal })
    .json();
}

export interface MergeOptions {
  /** '' (or undefined) is the default strategy: a conflict fails the merge. */
  strategy?: MergeStrategy;
  message?: string;
  metadata?: Record<string, string>;
}

/** Merges `source` into the branch `dest`; a 409 always comes back as MergeConflictError. */
export async function merge(repo: string, source: string, dest: string, options: MergeOptions = {}): Promise<MergeResult> {
  try {
    return await api
      .post(`${repoPath(repo)}/refs/${seg(source)}/merge/${seg(dest)}`, {
        json: { strategy: options.strategy ?? '', message: options.message ?? '', metadata: options.metadata ?? {} },
      })
      .json<MergeResult>();
  } catch (e) {
    if (e instanceof ConflictError && !(e instanceof MergeConflictError)) {
      throw new MergeConflictError(e.message === '' ? 'conflict found' : e.message, [], e.body);
    }
    throw e;
  }
}
