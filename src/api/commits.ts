import { api, failsAs, repoPath, seg } from './client';
import { ApiError, NotFoundError } from './errors';
import type { Commit, Page } from './types';

export interface LogParams {
  after?: string;
  amount?: number;
  /** Only commits touching these object paths (blame). */
  objects?: string[];
  /** Only commits touching these prefixes. */
  prefixes?: string[];
}

export function logCommits(repo: string, ref: string, params: LogParams = {}, signal?: AbortSignal): Promise<Page<Commit>> {
  const searchParams = new URLSearchParams();
  if (params.after !== undefined) searchParams.set('after', params.after);
  if (params.amount !== undefined) searchParams.set('amount', String(params.amount));
  for (const path of params.objects ?? []) searchParams.append('objects', path);
  for (const prefix of params.prefixes ?? []) searchParams.append('prefixes', prefix);
  return api.get(`${repoPath(repo)}/refs/${seg(ref)}/commits`, { searchParams, signal, ...failsAs('list commits') }).json();
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
