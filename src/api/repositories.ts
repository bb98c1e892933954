import { api, query, repoPath } from './client';
import type { Page, PageParams, Repository, RepositoryCreation } from './types';

export function listRepositories(params: PageParams = {}, signal?: AbortSignal): Promise<Page<Repository>> {
  return api.get('repositories', { searchParams: query({ ...params }), signal }).json();
}

export function getRepository(id: string, signal?: AbortSignal): Promise<Repository> {
  return api.get(repoPath(id), { signal }).json();
}

export function createRepository(creation: RepositoryCreation): Promise<Repository> {
  return api.post('repositories', { json: creation }).json();
}

export async function deleteRepository(id: string): Promise<void> {
  await api.delete(repoPath(id));
}
