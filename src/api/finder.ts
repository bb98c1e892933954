// Tarn's file finder: object paths of a whole ref that contain a text. A module of its own so the finder's code,
// loaded when it is first opened, carries only this of the objects API.
import { api, failsAs, query } from './client';
import { refObjects } from './object-listing';
import type { FoundObjectList } from './types';

export interface FindObjectsParams {
  /** The text searched for, case-insensitively, anywhere in the path. */
  q: string;
  /** The page's `next_offset` to continue from. */
  after?: string;
  amount?: number;
}

/**
 * One page of the objects of `ref` whose path contains `q`, in path order. A page may be short while `has_more` is
 * true (the server's time budget ran out): continue from its `next_offset`.
 */
export function findObjects(repo: string, ref: string, params: FindObjectsParams, signal?: AbortSignal): Promise<FoundObjectList> {
  return api.get(`${refObjects(repo, ref)}/find`, { searchParams: query({ ...params }), signal, ...failsAs('find objects') }).json();
}
