// What the commit graph reads when it opens: its first page, and the branches and tags whose names label their head
// commits (one page of each: a repository with more shows the first ones' labels and says so).
import { commitGraph } from '../api/commits';
import { listBranches } from '../api/branches';
import { listTags } from '../api/tags';
import type { Commit, Page, Ref } from '../api/types';
import { GRAPH_PAGE_SIZE, LIST_ALL_PAGE_SIZE } from '../lib/page-sizes';

export interface CommitGraphData {
  firstPage: Page<Commit>;
  branches: Page<Ref>;
  tags: Page<Ref>;
}

export async function loadCommitGraph(repoId: string, signal: AbortSignal): Promise<CommitGraphData> {
  const [firstPage, branches, tags] = await Promise.all([
    commitGraph(repoId, { amount: GRAPH_PAGE_SIZE }, signal),
    listBranches(repoId, { amount: LIST_ALL_PAGE_SIZE }, signal),
    listTags(repoId, { amount: LIST_ALL_PAGE_SIZE }, signal),
  ]);
  return { firstPage, branches, tags };
}
