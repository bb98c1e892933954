// A repository's live stream (Tarn's own call): server-sent events of what changes in it. The browser's EventSource
// sends the session cookie, as every same-origin read does, so the stream is authorised as the page is.
import { logCommits } from './commits';
import { apiBaseUrl, repoPath } from './client';
import type { RepositoryEvent } from './types';

export type { RepositoryEvent };

/** Where the stream of `repo` is read; `lastEventId` resumes after the last event seen. */
export function repositoryEventsUrl(repo: string, lastEventId?: string): string {
  const url = new URL(`${repoPath(repo)}/events`, apiBaseUrl.endsWith('/') ? apiBaseUrl : `${apiBaseUrl}/`);
  if (lastEventId !== undefined) url.searchParams.set('last_event_id', lastEventId);
  return url.href;
}

/** The most commits counted between two heads; past it, "more than". */
export const NEW_COMMITS_COUNTED = 100;

/** How many commits `to` has that `from` (an ancestor, as an earlier head of the same branch) has not; capped. */
export async function countNewCommits(repo: string, from: string, to: string, signal?: AbortSignal): Promise<{ count: number; capped: boolean }> {
  const page = await logCommits(repo, to, { stopAt: from, amount: NEW_COMMITS_COUNTED }, signal);
  const count = page.results.filter((c) => c.id !== from).length;
  const reached = page.results.some((c) => c.id === from);
  return { count, capped: !reached && page.pagination.has_more };
}
