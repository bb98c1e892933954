// Pull requests (lakeFS's pulls API): list by status, create, read, update (title, description, close and reopen)
// and merge. The merge takes the branch merge's options and answers a conflict exactly as the branch merge does.
import { api, failsAs, query, repoPath, seg } from './client';
import { mergeBody, mergeCall, type MergeOptions } from './refs';
import type {
  MergeResult,
  Page,
  PullRequest,
  PullRequestBasic,
  PullRequestCreation,
  PullRequestCreationResponse,
  PullRequestStatusFilter,
} from './types';

export interface PullRequestsQuery {
  status?: PullRequestStatusFilter;
  prefix?: string;
  after?: string;
  amount?: number;
}

const pullsPath = (repo: string) => `${repoPath(repo)}/pulls`;
const pullPath = (repo: string, id: string) => `${pullsPath(repo)}/${seg(id)}`;

export function listPullRequests(repo: string, params: PullRequestsQuery = {}, signal?: AbortSignal): Promise<Page<PullRequest>> {
  return api.get(pullsPath(repo), { searchParams: query({ ...params }), signal, ...failsAs('list pull requests') }).json();
}

export function getPullRequest(repo: string, id: string, signal?: AbortSignal): Promise<PullRequest> {
  return api.get(pullPath(repo, id), { signal, ...failsAs('get pull request') }).json();
}

/** Opens a pull request; answers its id. */
export async function createPullRequest(repo: string, creation: PullRequestCreation): Promise<string> {
  const created = await api.post(pullsPath(repo), { json: creation, ...failsAs('create pull request') }).json<PullRequestCreationResponse>();
  return created.id;
}

/** Changes the title or description, or closes (status 'closed') or reopens (status 'open') the pull request. */
export async function updatePullRequest(repo: string, id: string, update: PullRequestBasic): Promise<void> {
  await api.patch(pullPath(repo, id), { json: update, ...failsAs('update pull request') });
}

/** Merges the pull request's source into its destination; a 409 always comes back as MergeConflictError. */
export function mergePullRequest(repo: string, id: string, options: MergeOptions = {}): Promise<MergeResult> {
  return mergeCall(() => api.put(`${pullPath(repo, id)}/merge`, { json: mergeBody(options), ...failsAs('merge pull request') }).json<MergeResult>());
}
