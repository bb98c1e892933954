// Garbage collection of a repository's object data, by its GC rules: data that no kept commit, branch head, tag or
// staging area refers to is deleted. Beyond lakeFS, whose collector is a separate Spark job.
//
// Kept: for each branch, the head commit, and every commit reachable from it created within the branch's retention
// (its own rule, else the default); every tagged commit; every entry staged on a branch (current and sealed tokens).
// An object is kept when any kept commit's tree or any staged entry refers to it.
//
// Only the repository's own data area is touched: keys `data/<partition>/<id>` inside its namespace, as the block
// store makes them. Committed tree files (`_tarn/`), full addresses outside the namespace, and data written within
// the grace period (an upload stores its bytes before it stages their entry) are never deleted.
import type { BlockStore, ListedObject } from '../blockstore';
import { NotFoundError, RepositoryInDeletionError, SettingNotFoundError } from '../errors';
import type { Graveler, GcRules, ObjectEntry, Repository } from '../graveler';

const DAY_SECONDS = 86_400;

/** What `newDataKey` makes: any other file in the data area (another namespace nested inside it) is not ours. */
const DATA_KEY = /^data\/[0-9a-z]+\/[0-9a-z]+$/;

/** How often the branches may move under a run before it gives up rather than chase them. */
const MAX_ROUNDS = 10;

export interface CollectOptions {
  repository: string;
  /** Report what would be deleted, delete nothing. */
  dryRun: boolean;
  /** Object data younger than this is left alone. */
  gracePeriodSeconds: number;
  /** Unix seconds (tests). */
  now?: number;
}

export interface RemovedObject {
  /** The full URI of the data. */
  address: string;
  size: number;
}

export interface CollectReport {
  repository: string;
  dryRun: boolean;
  /** Removed, or with `dryRun` what would be. */
  removed: RemovedObject[];
  bytesFreed: number;
  /** Data objects in the repository's data area old enough to be collected. */
  examined: number;
  /** Data objects left alone because they are younger than the grace period. */
  young: number;
  keptCommits: number;
}

/** A run that cannot go ahead: no GC rules, or a repository that would not hold still. */
export class GcRefusedError extends Error {}

/** The oldest creation date (unix seconds) a commit reachable from the branch may have and still be kept. */
function cutoffOf(rules: GcRules, now: number): (branch: string) => number {
  const days = new Map(rules.branches.map((b) => [b.branchId, b.retentionDays]));
  return (branch) => now - (days.get(branch) ?? rules.defaultRetentionDays) * DAY_SECONDS;
}

const keepEverything = () => Number.NEGATIVE_INFINITY;

const sameNamespace = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

async function listAll<T extends { id: string }>(page: (after: string) => Promise<{ results: T[]; hasMore: boolean; nextOffset: string }>): Promise<T[]> {
  const all: T[] = [];
  for (let after = ''; ; ) {
    const p = await page(after);
    all.push(...p.results);
    if (!p.hasMore) return all;
    after = p.nextOffset;
  }
}

/** The data keys (relative to the namespace) that commits and staging areas of repositories in it refer to. */
class References {
  readonly keys = new Set<string>();
  readonly keptCommits = new Set<string>();
  /** Ranges already read: trees of related commits share most of them, so each is read once. */
  private readonly ranges = new Set<string>();
  /** Commit → the lowest cutoff it was walked with; walking again with a higher one would keep nothing new. */
  private readonly walked = new Map<string, number>();
  private readonly base: string;

  constructor(
    private readonly graveler: Graveler,
    blocks: BlockStore,
    namespace: string,
  ) {
    this.base = blocks.fullAddress(namespace, '');
  }

  private add(entry: ObjectEntry): void {
    if (entry.addressType === 'relative') this.keys.add(entry.address);
    // A full address inside the namespace refers to our data too; one outside it is never ours to delete.
    else if (entry.address.startsWith(this.base)) this.keys.add(entry.address.slice(this.base.length));
  }

  private async keepCommit(repo: string, id: string): Promise<void> {
    const key = `${repo}\0${id}`;
    if (this.keptCommits.has(key)) return;
    this.keptCommits.add(key);
    const commit = await this.graveler.getCommit(repo, id);
    for await (const entry of this.graveler.treeEntries(repo, commit.metaRangeId, this.ranges)) this.add(entry);
  }

  /** The head, and every commit reachable from it created at or after `cutoff`. */
  private async walkBranch(repo: string, head: string, cutoff: number): Promise<void> {
    await this.keepCommit(repo, head);
    const pending = [head];
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      const key = `${repo}\0${id}`;
      const before = this.walked.get(key);
      if (before !== undefined && before <= cutoff) continue;
      this.walked.set(key, cutoff);
      const commit = await this.graveler.getCommit(repo, id);
      if (commit.creationDate >= cutoff) await this.keepCommit(repo, id);
      pending.push(...commit.parents);
    }
  }

  private async markStaging(repo: string, branch: string): Promise<void> {
    try {
      for await (const entry of this.graveler.stagedEntries(repo, branch)) this.add(entry);
    } catch (err) {
      // Deleted since it was listed: its staging went with it.
      if (!(err instanceof NotFoundError)) throw err;
    }
  }

  /**
   * Marks what the repository's branches, tags and staging areas keep, then reads the branches and tags again and
   * marks what moved, until a round finds nothing new: a commit that landed meanwhile (its staged entries may be
   * gone already) is then marked as a head.
   */
  async markRepository(repo: string, cutoff: (branch: string) => number): Promise<void> {
    const seen = new Map<string, string>();
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const branches = await listAll((after) => this.graveler.listBranches(repo, { showHidden: true, after, amount: 1000 }));
      const tags = await listAll((after) => this.graveler.listTags(repo, { after, amount: 1000 }));
      // Longest retention first, so a commit is walked once with the lowest cutoff that reaches it.
      const moved = branches.filter((b) => seen.get(`branch ${b.id}`) !== b.commitId).sort((x, y) => cutoff(x.id) - cutoff(y.id));
      const newTags = tags.filter((t) => seen.get(`tag ${t.id}`) !== t.commitId);
      if (moved.length === 0 && newTags.length === 0) return;
      for (const b of moved) {
        seen.set(`branch ${b.id}`, b.commitId);
        await this.markStaging(repo, b.id);
        await this.walkBranch(repo, b.commitId, cutoff(b.id));
      }
      for (const t of newTags) {
        seen.set(`tag ${t.id}`, t.commitId);
        await this.keepCommit(repo, t.commitId);
      }
    }
    throw new GcRefusedError(`the branches of ${repo} kept moving while garbage collection read them; run it again when it is quieter`);
  }
}

/** Candidates are listed before anything is marked, so data written during the run is never one of them. */
async function listCandidates(blocks: BlockStore, namespace: string, notAfterMs: number): Promise<{ old: ListedObject[]; young: number }> {
  const old: ListedObject[] = [];
  let young = 0;
  for await (const o of blocks.list(namespace, 'data/')) {
    if (!DATA_KEY.test(o.key)) continue;
    if (o.mtime > notAfterMs) young++;
    else old.push(o);
  }
  return { old, young };
}

async function rulesOf(graveler: Graveler, repository: Repository): Promise<GcRules> {
  try {
    return await graveler.getGcRules(repository.id);
  } catch (err) {
    if (!(err instanceof SettingNotFoundError)) throw err;
    throw new GcRefusedError(
      `repository ${repository.id} has no garbage-collection rules, so nothing says how long its history is kept: ` +
        `set them first (Settings → Garbage Collection, or PUT /api/v1/repositories/${repository.id}/settings/gc_rules)`,
    );
  }
}

export async function collectGarbage(graveler: Graveler, blocks: BlockStore, o: CollectOptions): Promise<CollectReport> {
  const repository = await graveler.getRepository(o.repository);
  const rules = await rulesOf(graveler, repository);
  const now = o.now ?? Date.now() / 1000;
  const namespace = repository.storageNamespace;
  const candidates = await listCandidates(blocks, namespace, (now - o.gracePeriodSeconds) * 1000);

  const references = new References(graveler, blocks, namespace);
  await references.markRepository(repository.id, cutoffOf(rules, now));
  // A repository made over the same namespace (a read-only one may be) refers to data here too: keep all of it.
  const others = await listAll((after) => graveler.listRepositories({ after, amount: 1000 }));
  for (const other of others) {
    if (other.id === repository.id || !sameNamespace(other.storageNamespace, namespace)) continue;
    try {
      await references.markRepository(other.id, keepEverything);
    } catch (err) {
      // One being deleted keeps nothing: its records are going, and object data is left for collection.
      if (!(err instanceof RepositoryInDeletionError)) throw err;
    }
  }

  const removed: RemovedObject[] = [];
  for (const candidate of candidates.old) {
    if (references.keys.has(candidate.key)) continue;
    if (!o.dryRun) await blocks.delete(namespace, candidate.key);
    removed.push({ address: blocks.fullAddress(namespace, candidate.key), size: candidate.size });
  }
  return {
    repository: repository.id,
    dryRun: o.dryRun,
    removed,
    bytesFreed: removed.reduce((sum, r) => sum + r.size, 0),
    examined: candidates.old.length,
    young: candidates.young,
    keptCommits: references.keptCommits.size,
  };
}
