import { api, query, repoPath, seg } from './client';
import type { Diff, Page } from './types';

export interface DiffParams {
  after?: string;
  amount?: number;
  prefix?: string;
  delimiter?: string;
}

/** Uncommitted changes of a branch. */
export function diffBranch(repo: string, branch: string, params: DiffParams = {}, signal?: AbortSignal): Promise<Page<Diff>> {
  return api.get(`${repoPath(repo)}/branches/${seg(branch)}/diff`, { searchParams: query({ ...params }), signal }).json();
}
