// The commit graph's commits (every branch and tag, children before parents): the paged list over Tarn's graph call,
// whose cursor is opaque. The lanes are drawn from the rows it holds (src/lib/commit-graph.ts).
import { commitGraph } from '../../api/commits';
import type { Commit, Page } from '../../api/types';
import { pagedListOf } from '../paged-list';

/** One page of the graph from a cursor (none: from the heads). */
export type FetchGraphPage = (params: { after?: string; amount?: number }, signal: AbortSignal) => Promise<Page<Commit>>;

export function commitGraphMachine(fetchPage: FetchGraphPage) {
  return pagedListOf<Commit>(({ after, amount }, signal) => fetchPage({ after, amount }, signal));
}

export function liveCommitGraph(repoId: string) {
  return commitGraphMachine((params, signal) => commitGraph(repoId, params, signal));
}
