import { api, repoPath, seg } from './client';
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
  return api.get(`${repoPath(repo)}/refs/${seg(ref)}/commits`, { searchParams, signal }).json();
}

export function getCommit(repo: string, id: string, signal?: AbortSignal): Promise<Commit> {
  return api.get(`${repoPath(repo)}/commits/${seg(id)}`, { signal }).json();
}

export function commit(
  repo: string,
  branch: string,
  creation: { message: string; metadata?: Record<string, string> },
): Promise<Commit> {
  return api.post(`${repoPath(repo)}/branches/${seg(branch)}/commits`, { json: creation }).json();
}
