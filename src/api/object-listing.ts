// Listing a folder's objects: a module of its own because the objects route's loader, which ships in the entry
// chunk with the route tree, needs only this of the objects API.
import { sharedRead } from '../lib/shared-read';
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

export interface FolderPageRequest {
  prefix: string;
  after: string | undefined;
  amount: number;
}

/**
 * One page of a folder's entries ('/' as the delimiter), shared by the objects route's loader and the page's list:
 * when both ask for the same page at once (a refresh), it is requested once.
 */
export function listFolderPage(repoId: string, ref: string, request: FolderPageRequest, signal?: AbortSignal): Promise<Page<ObjectStats>> {
  const { prefix, after, amount } = request;
  const key = ['objects', repoId, ref, prefix, after ?? '', amount].join('\u0000');
  return sharedRead(key, (shared) => listObjects(repoId, ref, { prefix, after, amount, delimiter: '/' }, shared), signal);
}
