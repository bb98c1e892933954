import { api, failsAs, query, repoPath } from './client';
import type { Page, PageParams, Repository, RepositoryCreation } from './types';

export function listRepositories(params: PageParams = {}, signal?: AbortSignal): Promise<Page<Repository>> {
  return api.get('repositories', { searchParams: query({ ...params }), signal, ...failsAs('list repositories') }).json();
}

/** A repository; its 404 'could not find repository {id}' and its 410 'Repository in deletion'. */
export function getRepository(id: string, signal?: AbortSignal): Promise<Repository> {
  const wording = failsAs('get repository', { 404: `could not find repository ${id}`, 410: 'Repository in deletion' });
  return api.get(repoPath(id), { signal, ...wording }).json();
}

export function createRepository(creation: RepositoryCreation): Promise<Repository> {
  return api.post('repositories', { json: creation, ...failsAs('create repository') }).json();
}

export async function deleteRepository(id: string): Promise<void> {
  await api.delete(repoPath(id), failsAs('delete repository'));
}
