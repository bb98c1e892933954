// Garbage collection of a repository's object data, by its GC rules: data that no kept commit, branch head, tag or
// staging area refers to is deleted. Beyond lakeFS, whose collector is a separate Spark job.
//
// Kept: the commits the rules keep (retention.ts); every entry staged on a branch (current and sealed tokens). An
// object is kept when any kept commit's tree or any staged entry refers to it.
//
// Only the repository's own data area is touched: keys `data/<partition>/<id>` inside its namespace, as the block
// store makes them. Committed tree files (`_tarn/`), full addresses outside the namespace, and data written within
// the grace period (an upload stores its bytes before it stages their entry) are never deleted.
import { agesOf, type BlockStore } from '../blockstore';
import { NotFoundError, RepositoryInDeletionError, SettingNotFoundError } from '../errors';
import { listAll, type Branch, type Commit, type Graveler, type DataAddress, type GcRules, type Repository } from '../graveler';
import { namespaceKeyOf } from './namespace-key';
import { cutoffOf, GcRefusedError, keepEverything, RetentionWalk, type RetentionVisitor } from './retention';

/** What `newDataKey` makes: any other file in the data area (another namespace nested inside it) is not ours. */
const DATA_KEY = /^data\/[0-9a-z]+\/[0-9a-z]+$/;

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

const sameNamespace = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** The data keys (relative to the namespace) that kept commits and staging areas of repositories in it refer to. */
class References implements RetentionVisitor {
  readonly keys = new Set<string>();
  readonly walk: RetentionWalk;
  /** Ranges already read: trees of related commits share most of them, so each is read once. */
  private readonly ranges = new Set<string>();
  private readonly keyOf: (entry: DataAddress) => string | undefined;

  constructor(
    private readonly graveler: Graveler,
    blocks: BlockStore,
    namespace: string,
  ) {
    this.keyOf = namespaceKeyOf(blocks, namespace);
    this.walk = new RetentionWalk(graveler, this);
  }

  private add(entry: DataAddress): void {
    const key = this.keyOf(entry);
    if (key !== undefined) this.keys.add(key);
  }

  async keep(repo: string, commit: Commit): Promise<void> {
    for await (const batch of this.graveler.treeAddresses(repo, commit.metaRangeId, this.ranges)) for (const entry of batch) this.add(entry);
  }

  async branch(repo: string, branch: Branch): Promise<void> {
    try {
      for await (const entry of this.graveler.stagedEntries(repo, branch.id)) this.add(entry);
    } catch (err) {
      // Deleted since it was listed: its staging went with it.
      if (!(err instanceof NotFoundError)) throw err;
    }
  }
}

/** Candidates are listed before anything is marked, so data written during the run is never one of them. */
async function listCandidates(blocks: BlockStore, namespace: string, notAfterMs: number): Promise<{ old: string[]; young: number }> {
  const old: string[] = [];
  let young = 0;
  for await (const batch of agesOf(blocks, namespace, 'data/', notAfterMs)) {
    for (const o of batch) {
      if (!DATA_KEY.test(o.key)) continue;
      if (o.young) young++;
      else old.push(o.key);
    }
  }
  return { old, young };
}

/** Deletions and size lookups run this many at a time: each is a wait on the file system or a round trip to S3. */
const CONCURRENT_REMOVALS = 32;

/** Removes (or, in a dry run, only measures) the unreferenced keys; one already gone is not reported. */
async function removeAll(blocks: BlockStore, namespace: string, keys: readonly string[], dryRun: boolean): Promise<RemovedObject[]> {
  const removed: RemovedObject[] = [];
  for (let i = 0; i < keys.length; i += CONCURRENT_REMOVALS) {
    const batch = await Promise.all(
      keys.slice(i, i + CONCURRENT_REMOVALS).map(async (key) => {
        const stat = await blocks.stat(namespace, key);
        if (!stat) return undefined;
        if (!dryRun) await blocks.delete(namespace, key);
        return { address: blocks.fullAddress(namespace, key), size: stat.size };
      }),
    );
    for (const r of batch) if (r) removed.push(r);
  }
  return removed;
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
  await references.walk.walkRepository(repository.id, cutoffOf(rules, now));
  // A repository made over the same namespace (a read-only one may be) refers to data here too: keep all of it.
  const others = await listAll((after) => graveler.listRepositories({ after, amount: 1000 }));
  for (const other of others) {
    if (other.id === repository.id || !sameNamespace(other.storageNamespace, namespace)) continue;
    try {
      await references.walk.walkRepository(other.id, keepEverything);
    } catch (err) {
      // One being deleted keeps nothing: its records are going, and object data is left for collection.
      if (!(err instanceof RepositoryInDeletionError)) throw err;
    }
  }

  const unreferenced = candidates.old.filter((key) => !references.keys.has(key));
  const removed = await removeAll(blocks, namespace, unreferenced, o.dryRun);
  return {
    repository: repository.id,
    dryRun: o.dryRun,
    removed,
    bytesFreed: removed.reduce((sum, r) => sum + r.size, 0),
    examined: candidates.old.length,
    young: candidates.young,
    keptCommits: references.walk.kept.size,
  };
}
