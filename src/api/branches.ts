import { api, failsAs, query, repoPath, seg } from './client';
import type { BranchSummaryList, Page, PageParams, Ref, ResetType } from './types';

const branchPath = (repo: string, branch: string) => `${repoPath(repo)}/branches/${seg(branch)}`;

export function listBranches(repo: string, params: PageParams = {}, signal?: AbortSignal): Promise<Page<Ref>> {
  return api.get(`${repoPath(repo)}/branches`, { searchParams: query({ ...params }), signal, ...failsAs('list branches') }).json();
}

/**
 * Tarn's own: the branches of a page as listBranches pages them, each with its head's date, its commits ahead of and
 * behind the default branch, and whether it is merged.
 */
export function listBranchSummaries(repo: string, params: PageParams = {}, signal?: AbortSignal): Promise<BranchSummaryList> {
  return api
    .get(`${repoPath(repo)}/branches_summary`, { searchParams: query({ ...params }), signal, ...failsAs('compare branches with the default branch') })
    .json();
}

/** A branch; its 404 'could not find branch {name}' and its 400 'invalid get branch request'. */
export function getBranch(repo: string, branch: string, signal?: AbortSignal): Promise<Ref> {
  const wording = failsAs('get branch', { 404: `could not find branch ${branch}`, 400: 'invalid get branch request' });
  return api.get(branchPath(repo, branch), { signal, ...wording }).json();
}

/** Creates a branch; the server answers with the source commit id as plain text. */
export async function createBranch(repo: string, creation: { name: string; source: string }): Promise<string> {
  const response = await api.post(`${repoPath(repo)}/branches`, { json: creation, ...failsAs('create branch') });
  return (await response.text()).trim();
}

export async function deleteBranch(repo: string, branch: string): Promise<void> {
  await api.delete(branchPath(repo, branch), failsAs('delete branch'));
}

export async function resetBranch(
  repo: string,
  branch: string,
  reset: { type: ResetType; path?: string },
): Promise<void> {
  await api.put(branchPath(repo, branch), { json: reset, ...failsAs('reset branch') });
}
