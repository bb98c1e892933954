// The history of every visible branch and every tag at once, for the console's commit graph: each reachable commit
// once, children before parents, newest first. A commit's generation is above each of its parents' (the store
// refuses any record that breaks this), so popping a max-heap ordered by (generation, date, id) from all the heads
// emits every child before its parents, and a parent can only be pushed again while it still waits in the heap:
// the ids in the heap are the whole state of the walk. A page ends by handing that frontier back, so the next one
// resumes from it at a cost of O(amount × log frontier), however deep in the history it starts.
import { NotFoundError, ValidationError } from '../errors';
import { listAll, type Commit, type Graveler } from '../graveler';
// The store's own newest-first heap (generation, date, id), so the graph and the log agree on the order of ties.
import { CommitQueue } from '../graveler/commit-queue';

export interface CommitGraphOptions {
  /** The frontier a previous page ended with; none starts at the heads. */
  frontier?: string[];
  amount: number;
}

export interface CommitGraphPage {
  results: Commit[];
  /** The commits waiting in the walk when the page ended: where the next page starts. Empty at the end. */
  frontier: string[];
}

type Store = Pick<Graveler, 'getRepository' | 'getCommit' | 'listBranches' | 'listTags'>;

/** A frontier commit by its full id; a frontier naming no commit of the repository is a bad cursor, not a 404. */
async function frontierCommit(store: Store, repo: string, id: string): Promise<Commit> {
  try {
    const commit = await store.getCommit(repo, id);
    // A branch or tag may be named like a commit id; the frontier holds commit ids only.
    if (commit.id === id) return commit;
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
  }
  throw new ValidationError(`after: commit ${id} is not in the repository`);
}

export async function commitGraph(store: Store, repo: string, o: CommitGraphOptions): Promise<CommitGraphPage> {
  await store.getRepository(repo);
  const queue = new CommitQueue();
  const queued = new Set<string>();
  const enqueue = (c: Commit) => {
    queued.add(c.id);
    queue.push(c);
  };
  // Hidden branches stay out, as in the branch listing.
  const starts = o.frontier ?? [
    ...(await listAll((after) => store.listBranches(repo, { after, amount: 1000 }))).map((branch) => branch.commitId),
    ...(await listAll((after) => store.listTags(repo, { after, amount: 1000 }))).map((tag) => tag.commitId),
  ];
  for (const id of new Set(starts)) {
    enqueue(o.frontier ? await frontierCommit(store, repo, id) : await store.getCommit(repo, id));
  }

  const results: Commit[] = [];
  while (results.length < o.amount) {
    const c = queue.pop();
    if (!c) break;
    queued.delete(c.id);
    results.push(c);
    for (const parent of c.parents) {
      if (!queued.has(parent)) enqueue(await store.getCommit(repo, parent));
    }
  }
  return { results, frontier: [...queued] };
}
