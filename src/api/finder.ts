// Tarn's file finder: object paths of a whole ref that hold a text's letters in order, and the top-level files it
// suggests before anything is typed. A module of its own so the finder's code, loaded when it is first opened, carries
// only this of the objects API.
import { api, failsAs, query } from './client';
import { listObjects, refObjects } from './object-listing';
import type { FoundObjectList } from './types';

export interface FindObjectsParams {
  /** The letters searched for, in order and any case, anywhere in the path; spaces are ignored. */
  q: string;
  /** The page's `next_offset` to continue from. */
  after?: string;
  amount?: number;
}

/**
 * One page of the objects of `ref` whose path holds the letters of `q` in order: the next matches in path order, best
 * first. A page may be short while `has_more` is true (the server's time budget ran out): continue from its
 * `next_offset`.
 */
export function findObjects(repo: string, ref: string, params: FindObjectsParams, signal?: AbortSignal): Promise<FoundObjectList> {
  return api.get(`${refObjects(repo, ref)}/find`, { searchParams: query({ ...params }), signal, ...failsAs('find objects') }).json();
}

/** The root's entries read in one page while looking for its files. */
const TOP_LEVEL_PAGE = 100;
/** Entries read at most: a root of many folders is not listed to its end for a few suggestions. */
const TOP_LEVEL_READ = 1000;

/** The paths of the first `count` files (not folders) at the top of `ref`, among its first TOP_LEVEL_READ entries. */
export async function listTopLevelFiles(repo: string, ref: string, count: number, signal?: AbortSignal): Promise<string[]> {
  const files: string[] = [];
  for (let after: string | undefined, read = 0; read < TOP_LEVEL_READ; ) {
    const page = await listObjects(repo, ref, { delimiter: '/', amount: TOP_LEVEL_PAGE, ...(after ? { after } : {}) }, signal);
    for (const entry of page.results) if (entry.path_type === 'object') files.push(entry.path);
    if (files.length >= count || !page.pagination.has_more || page.results.length === 0) break;
    read += page.results.length;
    after = page.pagination.next_offset;
  }
  return files.slice(0, count);
}
