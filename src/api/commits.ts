import { api, failsAs, repoPath, seg } from './client';
import { ApiError, NotFoundError } from './errors';
import type { Commit, FindMergeBaseResult, Page } from './types';

export interface LogParams {
  after?: string | undefined;
  amount?: number | undefined;
  /** Only commits touching these object paths (blame). */
  objects?: string[];
  /** Only commits touching these prefixes. */
  prefixes?: string[];
  /** The walk ends at this commit (which is listed). */
  stopAt?: string;
}

export function logCommits(repo: string, ref: string, params: LogParams = {}, signal?: AbortSignal): Promise<Page<Commit>> {
  const searchParams = new URLSearchParams();
  if (params.after !== undefined) searchParams.set('after', params.after);
  if (params.amount !== undefined) searchParams.set('amount', String(params.amount));
  for (const path of params.objects ?? []) searchParams.append('objects', path);
  for (const prefix of params.prefixes ?? []) searchParams.append('prefixes', prefix);
  if (params.stopAt !== undefined) searchParams.set('stop_at', params.stopAt);
  return api.get(`${repoPath(repo)}/refs/${seg(ref)}/commits`, { searchParams, signal, ...failsAs('list commits') }).json();
}

/** The commit two refs last shared: lakeFS's merge base of a source ref and a destination. */
export async function findMergeBase(repo: string, source: string, dest: string, signal?: AbortSignal): Promise<string> {
  const found = await api
    .get(`${repoPath(repo)}/refs/${seg(source)}/merge/${seg(dest)}`, { signal, ...failsAs('find merge base') })
    .json<FindMergeBaseResult>();
  return found.base_commit_id;
}

/**
 * A page of the commits of `compare` since it split from `base` (what a merge of it into `base` brings), newest
 * first: its log down to the merge base, the base itself left out. `after` is the previous page's last commit.
 */
export async function commitsBetween(
  repo: string,
  base: string,
  compare: string,
  params: { after?: string | undefined; amount?: number | undefined },
  signal?: AbortSignal,
): Promise<Page<Commit>> {
  const stopAt = await findMergeBase(repo, compare, base, signal);
  const page = await logCommits(repo, compare, { ...params, stopAt }, signal);
  const results = page.results.filter((c) => c.id !== stopAt);
  const reachedBase = results.length < page.results.length;
  return {
    results,
    pagination: reachedBase ? { ...page.pagination, has_more: false, next_offset: '', results: results.length } : page.pagination,
  };
}

/**
 * A page of the history of every branch and tag at once, children before parents (Tarn's own call, for the commit
 * graph). `after` is the previous page's `next_offset`, an opaque cursor.
 */
export function commitGraph(repo: string, params: { after?: string; amount?: number } = {}, signal?: AbortSignal): Promise<Page<Commit>> {
  const searchParams = new URLSearchParams();
  if (params.after !== undefined) searchParams.set('after', params.after);
  if (params.amount !== undefined) searchParams.set('amount', String(params.amount));
  return api.get(`${repoPath(repo)}/graph`, { searchParams, signal, ...failsAs('get commit graph') }).json();
}

/** A commit; its 404 'could not find commit'. */
export function getCommit(repo: string, id: string, signal?: AbortSignal): Promise<Commit> {
  return api.get(`${repoPath(repo)}/commits/${seg(id)}`, { signal, ...failsAs('get commit', { 404: 'could not find commit' }) }).json();
}

/**
 * The commit whose id starts with `prefix`, or null when no single commit does. The server resolves the address as
 * any ref, so an answer for a branch or tag of that name is no match.
 */
export async function findCommitByIdPrefix(repo: string, prefix: string, signal?: AbortSignal): Promise<Commit | null> {
  try {
    const found = await getCommit(repo, prefix, signal);
    return found.id.startsWith(prefix.toLowerCase()) ? found : null;
  } catch (e) {
    if (e instanceof NotFoundError || (e instanceof ApiError && e.status === 400)) return null;
    throw e;
  }
}

export function commit(
  repo: string,
  branch: string,
  creation: { message: string; metadata?: Record<string, string> },
): Promise<Commit> {
  return api.post(`${repoPath(repo)}/branches/${seg(branch)}/commits`, { json: creation, ...failsAs('commit') }).json();
}
