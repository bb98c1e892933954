// The commit graph's commits (every branch and tag, children before parents): the paged list over Tarn's graph call,
// whose cursor is opaque. The lanes are drawn from the rows it holds (src/lib/commit-graph.ts).
import { commitGraph } from '../../api/commits';
import type { Commit, Page } from '../../api/types';
import { pagedListOver } from '../paged-list';

/** One page of a repository's graph from a cursor (none: from the heads). */
export type FetchGraphPage = (repoId: string, params: { after?: string; amount?: number }, signal: AbortSignal) => Promise<Page<Commit>>;

/** The graph of the repository its input names as the list's source. */
export function commitGraphMachine(fetchPage: FetchGraphPage) {
  return pagedListOver<Commit, string>((repoId, { after, amount }, signal) => fetchPage(repoId, { after, amount }, signal));
}

export const liveCommitGraph = commitGraphMachine(commitGraph);
