import { api, failsAs, query, repoPath, seg } from './client';
import { ConflictError, MergeConflictError } from './errors';
import type { ConflictSide, Diff, Merge, MergePreview, MergeResult, MergeStrategy, Page } from './types';

export { resolveRef } from './resolve-ref';

/** A page of a diff: where it starts, how long, which folder, and whether folders are collapsed. */
export interface DiffParams {
  after?: string;
  amount?: number;
  prefix?: string;
  delimiter?: string;
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
    .get(`${repoPath(repo)}/refs/${seg(left)}/diff/${seg(right)}`, { searchParams: query({ ...params }), signal, ...failsAs('diff refs') })
    .json();
}

export interface MergeOptions {
  /** '' (or undefined) is the default strategy: a conflict fails the merge. */
  strategy?: MergeStrategy;
  message?: string;
  metadata?: Record<string, string>;
  /** Tarn's per-path choices for paths a previous attempt reported as conflicting; sent only when there are some. */
  conflictResolutions?: Record<string, ConflictSide>;
}

/** The merge call's body: the default strategy is sent as '', resolutions only when there are some. */
export function mergeBody(options: MergeOptions = {}): Merge {
  const json: Merge = { strategy: options.strategy ?? '', message: options.message ?? '', metadata: options.metadata ?? {} };
  const resolutions = options.conflictResolutions ?? {};
  if (Object.keys(resolutions).length > 0) json.conflict_resolutions = resolutions;
  return json;
}

/** Runs a merge call; its 409 always comes back as MergeConflictError (lakeFS's own body lists no paths). */
export async function mergeCall(send: () => Promise<MergeResult>): Promise<MergeResult> {
  try {
    return await send();
  } catch (e) {
    if (e instanceof ConflictError && !(e instanceof MergeConflictError)) {
      throw new MergeConflictError(e.message === '' ? 'conflict found' : e.message, [], e.body);
    }
    throw e;
  }
}

/** Merges `source` into the branch `dest`; a 409 always comes back as MergeConflictError. */
export function merge(repo: string, source: string, dest: string, options: MergeOptions = {}): Promise<MergeResult> {
  const path = `${repoPath(repo)}/refs/${seg(source)}/merge/${seg(dest)}`;
  return mergeCall(() => api.post(path, { json: mergeBody(options), ...failsAs('merge') }).json<MergeResult>());
}

/**
 * The merge's dry run (Tarn's own call): whether merging `source` into the branch `dest` would be clean, which paths
 * would conflict, and what would refuse it. Nothing is written, and reading it needs no write permission.
 */
export function previewMerge(repo: string, source: string, dest: string, signal?: AbortSignal): Promise<MergePreview> {
  return api.get(`${repoPath(repo)}/refs/${seg(source)}/merge/${seg(dest)}/preview`, { signal, ...failsAs('preview merge') }).json();
}
