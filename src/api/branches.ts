import { api, failsAs, query, repoPath, seg } from './client';
import type { Page, PageParams, Ref, ResetType } from './types';

const branchPath = (repo: string, branch: string) => `${repoPath(repo)}/branches/${seg(branch)}`;

export function listBranches(repo: string, params: PageParams = {}, signal?: AbortSignal): Promise<Page<Ref>> {
  return api.get(`${repoPath(repo)}/branches`, { searchParams: query({ ...params }), signal, ...failsAs('list branches') }).json();
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
