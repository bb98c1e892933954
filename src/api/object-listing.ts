// Listing a folder's objects: a module of its own because the objects route's loader, which ships in the entry
// chunk with the route tree, needs only this of the objects API.
import { api, failsAs, query, repoPath, seg } from './client';
import type { ObjectStats, Page } from './types';

export interface ListObjectsParams {
  prefix?: string;
  after?: string;
  amount?: number;
  delimiter?: string;
}

export const refObjects = (repo: string, ref: string) => `${repoPath(repo)}/refs/${seg(ref)}/objects`;

export function listObjects(
  repo: string,
  ref: string,
  params: ListObjectsParams = {},
  signal?: AbortSignal,
): Promise<Page<ObjectStats>> {
  return api.get(`${refObjects(repo, ref)}/ls`, { searchParams: query({ ...params }), signal, ...failsAs('list objects') }).json();
}
