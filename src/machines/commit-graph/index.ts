// The commit graph's commits (every branch and tag, children before parents): the paged list over Tarn's graph call,
// whose cursor is opaque. The lanes are drawn from the rows it holds (src/lib/commit-graph.ts).
import { commitGraph } from '../../api/commits';
import type { Commit } from '../../api/types';
import { pagedListOf } from '../paged-list';

export function liveCommitGraph(repoId: string) {
  return pagedListOf<Commit>(({ after, amount }, signal) => commitGraph(repoId, { after, amount }, signal));
}
