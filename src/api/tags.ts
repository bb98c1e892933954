import { api, failsAs, query, repoPath, seg } from './client';
import type { Page, PageParams, Ref } from './types';

const tagPath = (repo: string, tag: string) => `${repoPath(repo)}/tags/${seg(tag)}`;

export function listTags(repo: string, params: PageParams = {}, signal?: AbortSignal): Promise<Page<Ref>> {
  return api.get(`${repoPath(repo)}/tags`, { searchParams: query({ ...params }), signal, ...failsAs('list tags') }).json();
}

/** A tag; its 404 'could not find tag'. */
export function getTag(repo: string, tag: string, signal?: AbortSignal): Promise<Ref> {
  return api.get(tagPath(repo, tag), { signal, ...failsAs('get tag', { 404: 'could not find tag' }) }).json();
}

export function createTag(repo: string, creation: { id: string; ref: string }): Promise<Ref> {
  return api.post(`${repoPath(repo)}/tags`, { json: creation, ...failsAs('create tag') }).json();
}

export async function deleteTag(repo: string, tag: string): Promise<void> {
  await api.delete(tagPath(repo, tag), failsAs('delete tag'));
}
