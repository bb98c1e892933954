import { api, failsAs, query, repoPath, seg } from './client';
import { diffRefs, type DiffParams } from './refs';
import type { Diff, Page } from './types';

export type { DiffParams };

/** Uncommitted changes of a branch. */
export function diffBranch(repo: string, branch: string, params: DiffParams = {}, signal?: AbortSignal): Promise<Page<Diff>> {
  return api.get(`${repoPath(repo)}/branches/${seg(branch)}/diff`, { searchParams: query({ ...params }), signal, ...failsAs('list uncommitted changes') }).json();
}

/**
 * What a diff listing compares: a branch's uncommitted changes, or the changes from one ref to another; `flat` lists
 * every changed object at once rather than a folder level at a time.
 */
export type DiffSource = { repoId: string; branch: string } | { repoId: string; left: string; right: string; flat?: boolean };

/** One page of a diff listing, whichever its source. */
export function listDiff(source: DiffSource, params: DiffParams = {}, signal?: AbortSignal): Promise<Page<Diff>> {
  return 'branch' in source
    ? diffBranch(source.repoId, source.branch, params, signal)
    : diffRefs(source.repoId, source.left, source.right, params, signal);
}

/** Diff trees list one folder level at a time. */
export const DIFF_DELIMITER = '/';

/**
 * One page of the changes directly under `prefix` (files and folders), as a diff tree shows them; of a flat source,
 * a page of every changed object under it.
 */
export function listDiffLevel(
  source: DiffSource,
  params: { prefix: string; after?: string; amount: number },
  signal?: AbortSignal,
): Promise<Page<Diff>> {
  const flat = 'flat' in source && source.flat === true;
  return listDiff(source, flat ? params : { ...params, delimiter: DIFF_DELIMITER }, signal);
}
