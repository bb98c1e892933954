import type { BlockStore } from '../blockstore/index';
import type { KvStore } from '../kv/index';
import { writeTree } from './apply';
import {
  commitOnHead,
  commitStaging,
  dropTokens,
  replaceStaging,
} from './commit-manager';
import type { Ctx } from './context';
import {
  diffAgainstStaging,
  diffCommitted,
  diffStaging,
  diffThreeDot,
  type DiffIterator,
  type DiffRec,
} from './diff';
import {
  AlreadyExistsError,
  BlockNotFoundError,
  DirtyBranchError,
  ForbiddenError,
  InvalidRefError,
  NotFoundError,
  ReadOnlyRepositoryError,
  ValidationError,
} from '../errors';
import { deadlineIn, findObjects, findScope, type FindOptions } from './find';
import { TreeIterator, type Rec } from './iterators';
import {
  cherryPickCommit,
  importCommit,
  mergeCommit,
  metaRangeCommit,
  parentTree,
  revertCommit,
  type ImportOptions,
} from './history';
import { LaterQueue } from './later';
import {
  createPullRequestRecord,
  pullRequestIdGenerator,
  readPullRequestRecord,
  updatePullRequestRecord,
  type PullRequestRecord,
  type PullRequestStatus,
} from './pull-requests';
import { logCommits } from './log';
import { aheadBehind, BRANCH_SUMMARY_LIMITS, type AheadBehind } from './ahead-behind';
import { findMergeBase } from './merge-base';
import { dryRunMerge } from './merge';
import { normalizeAmount, paginate } from './paginate';
import { decodeJson, encodeBranch, encodeJson, keys, newStagingToken, type BranchRecord } from './records';
import { Refs, STAGING_REF_NOT_COMMIT } from './refs';
import { stagedEntries, treeAddresses } from './data-references';
import { createRepository, deleteRepository, type PopulateRepository } from './repositories';
import {
  addProtectionRule,
  blockedAction,
  checkProtection,
  deleteGcRules,
  deleteProtectionRule,
  getBranchProtection,
  getGcRules,
  setBranchProtection,
  setGcRules,
  setReadOnly,
} from './settings';
import {
  branchRecords,
  isEffectiveChange,
  readBranchObject,
  readStable,
  stagedChanges,
  sweepOrphanTokens,
  writeStaged,
} from './staging';
import { lookupInTree } from './tree-lookup';
import { createCommitRecord } from './commit-record';
import { dumpRefs, requireBare, restoreRefs, type RefsDump } from './refs-dump';
import { readRepositoryMetadata, updateRepositoryMetadata, type RepositoryMetadata } from './repository-metadata';
import { createImportRecord, readImportRecord, updateImportRecord, type ImportRecord } from './import-records';
import { TaskRunner, type TaskKind, type TaskStatus } from './tasks';
import { treeFileKey, TreeStore, type TreeWriteStats } from './tree-store';
import { countUsage, UsageTotals } from './usage';
import type {
  Branch,
  BranchProtection,
  BranchSummaries,
  BranchSummary,
  CherryPickOptions,
  Commit,
  CommitOptions,
  CreateRepositoryOptions,
  DataAddress,
  DiffItem,
  DiffOptions,
  GcRules,
  ListItem,
  ListOptions,
  LogOptions,
  MergeBase,
  MergeOptions,
  MergePreview,
  ObjectEntry,
  ObjectRecord,
  Page,
  PageOptions,
  ProtectedAction,
  PutObjectOptions,
  Ref,
  Repository,
  ResolvedRef,
  RevertOptions,
  Usage,
  UsageOptions,
} from './types';
import { validateBranchId, validateMergeStrategy, validatePath, validateTagId } from './validate';

export interface GravelerOptions {
  kv: KvStore;
  blockstore: BlockStore;
  /** Memory for decoded ranges and metaranges (default 256 MiB). */
  cacheBytes?: number;
  /** Average number of entries per range (default 2048). */
  rangeRaggedness?: number;
  /** The clock, unix seconds (tests). */
  now?: () => number;
  /** How long retired staging tokens stay readable before they are deleted (default 10 s). */
  stagingGraceMs?: number;
  /** The clock of short-lived caches, milliseconds (tests; default Date.now). */
  cacheClockMs?: () => number;
  /** How long the file finder walks paths before it answers a partial page (default 200 ms). */
  findBudgetMs?: number;
  /** Told of every change made through this store, once it is made (the live event streams). */
  observer?: ChangeObserver;
}

/** What moved a branch: the operation that wrote its new head. */
export type BranchChangeCause = 'create' | 'delete' | 'commit' | 'merge' | 'revert' | 'cherry-pick' | 'import' | 'reset';

/** Told of changes as they are made; it must return at once and never throw (it is not the writer's business). */
export interface ChangeObserver {
  branchChanged(repo: string, branch: string, cause: BranchChangeCause, commitId?: string): void;
  /** An uncommitted write (upload, deletion, reset of staged changes) on a branch. */
  staged(repo: string, branch: string): void;
  importChanged(repo: string, record: ImportRecord): void;
}

export interface ForceOption {
  /** Bypasses the read-only repository check. */
  force?: boolean;
}

const DEFAULT_CACHE_BYTES = 256 * 1024 * 1024;
const DEFAULT_RAGGEDNESS = 2048;
const DEFAULT_STAGING_GRACE_MS = 10_000;
const DEFAULT_FIND_BUDGET_MS = 200;
/** lakeFS's repository metadata key for the time (unix seconds) of the last import. */
const LAST_IMPORT_KEY = '.lakefs.last.import.timestamp';

function toDiffItem(r: DiffRec): DiffItem {
  return {
    type: r.type,
    path: r.key,
    pathType: 'object',
    ...(r.left ? { left: r.left } : {}),
    ...(r.right ? { right: r.right } : {}),
  };
}

const prefixDiffItem = (path: string): DiffItem => ({ type: 'prefix_changed', path, pathType: 'common_prefix' });

/** The versioned store: repositories, refs, staging, commits, diff and merge. */
export class Graveler {
  private readonly ctx: Ctx;
  private readonly cleanup = new LaterQueue();
  private readonly tasks: TaskRunner;
  private readonly pullRequestId = pullRequestIdGenerator();
  private readonly usageTotals = new UsageTotals();

  constructor(readonly options: GravelerOptions) {
    const trees = new TreeStore(options.blockstore, options.cacheBytes ?? DEFAULT_CACHE_BYTES);
    this.ctx = {
      kv: options.kv,
      blockstore: options.blockstore,
      refs: new Refs(options.kv, options.cacheClockMs),
      trees,
      raggedness: options.rangeRaggedness ?? DEFAULT_RAGGEDNESS,
      now: options.now ?? (() => Math.floor(Date.now() / 1000)),
      graceMs: options.stagingGraceMs ?? DEFAULT_STAGING_GRACE_MS,
      later: (task, delayMs) => this.cleanup.schedule(task, delayMs),
    };
    this.tasks = new TaskRunner(this.ctx);
  }

  /** The change is made whatever the observer does: a failure to tell of it is not the writer's. */
  private tell(change: (observer: ChangeObserver) => void): void {
    const { observer } = this.options;
    if (!observer) return;
    try {
      change(observer);
    } catch {
      // The live streams miss one event; the next one, or a reload, sets them right.
    }
  }

  /** Tells of a branch's new head once the operation that wrote it has succeeded. */
  private async moved(repo: string, branch: string, cause: BranchChangeCause, operation: Promise<Commit>): Promise<Commit> {
    const commit = await operation;
    this.tell((o) => o.branchChanged(repo, branch, cause, commit.id));
    return commit;
  }

  private get refs(): Refs {
    return this.ctx.refs;
  }

  private async writable(repo: string, force: boolean | undefined): Promise<Repository> {
    const r = await this.refs.repository(repo);
    if (r.readOnly && !force) throw new ReadOnlyRepositoryError();
    return r;
  }

  /** As `writable`, and the branch's protection must not block the actions (`force` does not bypass it). */
  private async writableBranch(repo: string, branch: string, force: boolean | undefined, actions: ProtectedAction[]): Promise<Repository> {
    const r = await this.writable(repo, force);
    await checkProtection(this.ctx, repo, branch, actions);
    return r;
  }

  // Repositories

  /**
   * All or nothing: if any step fails, `populate` (run once the repository exists) included, nothing of the
   * repository remains and its id and namespace can be used again.
   */
  async createRepository(o: CreateRepositoryOptions, populate?: PopulateRepository): Promise<Repository> {
    return createRepository(this.ctx, o, populate);
  }

  /** Throws NotFound('repository'), or RepositoryInDeletion (410) for a repository being deleted. */
  async getRepository(id: string): Promise<Repository> {
    return this.refs.repository(id);
  }

  async listRepositories(o: PageOptions & { search?: string }): Promise<Page<Repository>> {
    return this.listRecords(keys.repositories, o, (_id, raw) => {
      const r = decodeJson<Repository>(raw);
      return o.search && !r.id.includes(o.search) ? undefined : r;
    });
  }

  /** Works on a repository in deletion too (the retry path). Object data is never deleted. */
  async deleteRepository(id: string, o: ForceOption = {}): Promise<void> {
    return deleteRepository(this.ctx, id, o.force ?? false);
  }

  // Refs

  async resolveRef(repo: string, ref: string): Promise<ResolvedRef> {
    await this.refs.repository(repo);
    return this.refs.resolve(repo, ref);
  }

  // Branches

  async createBranch(repo: string, branch: string, source: string, o: ForceOption & { hidden?: boolean } = {}): Promise<Branch> {
    validateBranchId(branch);
    await this.writable(repo, o.force);
    const commit = await this.refs.resolveCommit(repo, source);
    const record: BranchRecord = { commitId: commit.id, stagingToken: newStagingToken(), sealedTokens: [], hidden: o.hidden ?? false };
    if (!(await this.options.kv.setIf(keys.branch(repo, branch), encodeBranch(record), 'absent'))) {
      throw new AlreadyExistsError('branch');
    }
    this.tell((o) => o.branchChanged(repo, branch, 'create', commit.id));
    return { id: branch, commitId: commit.id, hidden: record.hidden };
  }

  async getBranch(repo: string, branch: string): Promise<Branch> {
    await this.refs.repository(repo);
    const b = await this.refs.branch(repo, branch);
    return { id: branch, commitId: b.value.commitId, hidden: b.value.hidden };
  }

  async listBranches(repo: string, o: PageOptions & { showHidden?: boolean }): Promise<Page<Branch>> {
    await this.refs.repository(repo);
    return this.listRecords(keys.branches(repo), o, (id, raw) => {
      const b = decodeJson<BranchRecord>(raw);
      return b.hidden && !o.showHidden ? undefined : { id, commitId: b.commitId, hidden: b.hidden };
    });
  }

  /**
   * A page of branches (as listBranches, hidden ones left out), each with its head's date and how far it and the
   * default branch have moved apart, counted in one walk of the commit graph for the whole page (ahead-behind.ts).
   */
  async summarizeBranches(repo: string, o: PageOptions): Promise<BranchSummaries> {
    const r = await this.refs.repository(repo);
    const page = await this.listBranches(repo, o);
    const base = (await this.refs.branch(repo, r.defaultBranch)).value.commitId;
    const heads = page.results.map((b) => b.commitId);
    const [counts, commits] = await Promise.all([
      aheadBehind((id) => this.refs.commit(repo, id), base, heads, BRANCH_SUMMARY_LIMITS),
      Promise.all(heads.map((id) => this.refs.commit(repo, id))),
    ]);
    const results = page.results.map((b, i): BranchSummary => {
      const { ahead, behind, aheadCapped, behindCapped } = counts[i] as AheadBehind;
      return {
        id: b.id,
        commitId: b.commitId,
        commitCreationDate: (commits[i] as Commit).creationDate,
        ahead,
        behind,
        aheadCapped,
        behindCapped,
        merged: b.id !== r.defaultBranch && ahead === 0 && !aheadCapped,
      };
    });
    return { defaultBranch: r.defaultBranch, page: { ...page, results } };
  }

  private async listRecords<T extends { id: string }>(
    base: string,
    o: PageOptions,
    map: (id: string, raw: Uint8Array) => T | undefined,
  ): Promise<Page<T>> {
    const amount = normalizeAmount(o.amount);
    const results: T[] = [];
    let after = o.after ? base + o.after : undefined;
    for (;;) {
      const page = await this.options.kv.scan({ prefix: base + (o.prefix ?? ''), after, limit: 1000 });
      for (const e of page) {
        const item = map(e.key.slice(base.length), e.value);
        if (item) results.push(item);
      }
      const last = page[page.length - 1];
      if (page.length < 1000 || !last || results.length > amount) break;
      after = last.key;
    }
    const hasMore = results.length > amount;
    const out = results.slice(0, amount);
    return { results: out, hasMore, nextOffset: hasMore ? (out[out.length - 1] as T).id : '' };
  }

  async deleteBranch(repo: string, branch: string, o: ForceOption = {}): Promise<void> {
    const r = await this.writable(repo, o.force);
    if (branch === r.defaultBranch) throw new ForbiddenError('cannot delete repository default branch');
    const b = await this.refs.branch(repo, branch);
    if (!(await this.options.kv.deleteIf(keys.branch(repo, branch), b.raw))) return this.deleteBranch(repo, branch, o);
    dropTokens(this.ctx, repo, [b.value.stagingToken, ...b.value.sealedTokens]);
    this.tell((o) => o.branchChanged(repo, branch, 'delete'));
  }

  /** Discards every uncommitted change (`type: reset`). */
  async resetBranch(repo: string, branch: string, o: ForceOption = {}): Promise<void> {
    await this.writableBranch(repo, branch, o.force, ['staging_write']);
    await replaceStaging(this.ctx, repo, branch);
    this.tell((o) => o.staged(repo, branch));
  }

  /** Undoes the uncommitted change of one path (`type: object`): the committed value, or a tombstone, is staged. */
  async resetObject(repo: string, branch: string, path: string, o: ForceOption = {}): Promise<void> {
    validatePath(path);
    const r = await this.writableBranch(repo, branch, o.force, ['staging_write']);
    const b = await this.refs.branch(repo, branch);
    const head = await this.refs.commit(repo, b.value.commitId);
    const committed = await lookupInTree(this.ctx, r.storageNamespace, head.metaRangeId, path);
    await writeStaged(this.ctx, repo, r.storageNamespace, branch, path, committed ?? null);
    this.tell((o) => o.staged(repo, branch));
  }

  /** Undoes every uncommitted change under a prefix (`type: common_prefix`). */
  async resetPrefix(repo: string, branch: string, prefix: string, o: ForceOption = {}): Promise<void> {
    const r = await this.writableBranch(repo, branch, o.force, ['staging_write']);
    const b = await this.refs.branch(repo, branch);
    const head = await this.refs.commit(repo, b.value.commitId);
    const staged = stagedChanges(this.ctx, repo, b.value, prefix);
    const resets: { key: string; value: ObjectEntry | null }[] = [];
    for (let s = await staged.next(); s && s.key.startsWith(prefix); s = await staged.next()) {
      const committed = await lookupInTree(this.ctx, r.storageNamespace, head.metaRangeId, s.key);
      if (isEffectiveChange(s.value, committed)) resets.push({ key: s.key, value: committed ?? null });
    }
    for (const x of resets) await writeStaged(this.ctx, repo, r.storageNamespace, branch, x.key, x.value);
    if (resets.length > 0) this.tell((o) => o.staged(repo, branch));
  }

  /** Points the branch at the commit `ref` resolves to and discards its staging. */
  async hardReset(repo: string, branch: string, ref: string, o: ForceOption = {}): Promise<void> {
    await this.writableBranch(repo, branch, o.force, ['staging_write', 'commit']);
    await this.refs.branch(repo, branch);
    const commit = await this.refs.resolveCommit(repo, ref);
    await replaceStaging(this.ctx, repo, branch, commit.id);
    this.tell((o) => o.branchChanged(repo, branch, 'reset', commit.id));
  }

  // Tags

  async createTag(repo: string, tag: string, ref: string, o: ForceOption = {}): Promise<Ref> {
    validateTagId(tag);
    await this.writable(repo, o.force);
    const commit = await this.refs.resolveCommit(repo, ref);
    if (!(await this.options.kv.setIf(keys.tag(repo, tag), encodeJson({ commitId: commit.id }), 'absent'))) {
      throw new AlreadyExistsError('tag');
    }
    return { id: tag, commitId: commit.id };
  }

  async getTag(repo: string, tag: string): Promise<Ref> {
    await this.refs.repository(repo);
    const commitId = await this.refs.tag(repo, tag);
    if (commitId === undefined) throw new NotFoundError('tag');
    return { id: tag, commitId };
  }

  async listTags(repo: string, o: PageOptions): Promise<Page<Ref>> {
    await this.refs.repository(repo);
    return this.listRecords(keys.tags(repo), o, (id, raw) => ({ id, commitId: decodeJson<{ commitId: string }>(raw).commitId }));
  }

  async deleteTag(repo: string, tag: string, o: ForceOption = {}): Promise<void> {
    await this.writable(repo, o.force);
    const raw = await this.options.kv.get(keys.tag(repo, tag));
    if (raw === undefined) throw new NotFoundError('tag');
    await this.options.kv.delete(keys.tag(repo, tag));
  }

  // Commits

  /** Any ref expression that names a commit; `$` refs are refused. */
  async getCommit(repo: string, ref: string): Promise<Commit> {
    await this.refs.repository(repo);
    return this.refs.resolveCommit(repo, ref);
  }

  async log(repo: string, ref: string, o: LogOptions): Promise<Page<Commit>> {
    const r = await this.refs.repository(repo);
    const start = await this.refs.resolveCommit(repo, ref);
    const stopAt = o.stopAt ? (await this.refs.resolveCommit(repo, o.stopAt)).id : undefined;
    return logCommits(this.ctx, repo, r.storageNamespace, start, o, stopAt);
  }

  async commit(repo: string, branch: string, o: CommitOptions): Promise<Commit> {
    const r = await this.writableBranch(repo, branch, o.force, ['commit']);
    await this.refs.branch(repo, branch);
    return this.moved(repo, branch, 'commit', commitStaging(this.ctx, repo, r.storageNamespace, branch, o));
  }

  /** Stores a commit record as given (its id must be the id of its content); no branch moves. */
  async createCommitRecord(repo: string, commit: Commit, o: ForceOption = {}): Promise<void> {
    const r = await this.writable(repo, o.force);
    await createCommitRecord(this.ctx, repo, r.storageNamespace, commit);
  }

  /** Commits a metarange as-is (`source_metarange`); the branch must be clean. */
  async commitMetaRange(repo: string, branch: string, metaRangeId: string, o: CommitOptions): Promise<Commit> {
    const r = await this.writableBranch(repo, branch, o.force, ['commit']);
    if (await this.hasUncommittedChanges(repo, branch)) {
      throw new DirtyBranchError('cannot use source MetaRange on a branch with uncommitted changes');
    }
    if (!(await this.ctx.trees.hasMetaRange(r.storageNamespace, metaRangeId))) throw new ValidationError('metarange not found');
    return this.moved(repo, branch, 'commit', commitOnHead(this.ctx, repo, r.storageNamespace, branch, metaRangeCommit(this.ctx, metaRangeId, o), o.beforeBranchMove));
  }

  // Objects

  /** Throws NotFound('object'). On a branch, staged values and tombstones win over committed data. */
  async getObject(repo: string, ref: string, path: string): Promise<ObjectEntry> {
    return (await this.readObject(repo, ref, path)).entry;
  }

  /** As getObject, with the repository record it read: a caller that needs both reads the record once. */
  async readObject(repo: string, ref: string, path: string): Promise<{ repository: Repository; entry: ObjectEntry }> {
    validatePath(path);
    const r = await this.refs.repositoryForRead(repo);
    const { resolved, branch } = await this.refs.resolveReading(repo, ref);
    const entry =
      resolved.includeStaging && resolved.branchId !== undefined
        ? await readBranchObject(this.ctx, repo, r.storageNamespace, resolved.branchId, path, branch)
        : await lookupInTree(this.ctx, r.storageNamespace, (await this.refs.commit(repo, resolved.commitId)).metaRangeId, path);
    if (!entry) throw new NotFoundError('object');
    return { repository: r, entry };
  }

  async putObject(repo: string, branch: string, path: string, entry: ObjectEntry, o: PutObjectOptions = {}): Promise<void> {
    validatePath(path);
    const r = o.checked ?? (await this.writableBranch(repo, branch, o.force, ['staging_write']));
    await writeStaged(this.ctx, repo, r.storageNamespace, branch, path, entry, o);
    this.tell((ob) => ob.staged(repo, branch));
  }

  /** Deleting a path that does not exist is not an error. */
  async deleteObject(repo: string, branch: string, path: string, o: ForceOption = {}): Promise<void> {
    validatePath(path);
    const r = await this.writableBranch(repo, branch, o.force, ['staging_write']);
    const current = await readBranchObject(this.ctx, repo, r.storageNamespace, branch, path);
    if (current === undefined) return;
    await writeStaged(this.ctx, repo, r.storageNamespace, branch, path, null);
    this.tell((o) => o.staged(repo, branch));
  }

  async listObjects(repo: string, ref: string, o: ListOptions): Promise<Page<ListItem>> {
    const r = await this.refs.repositoryForRead(repo);
    const { resolved, branch: first } = await this.refs.resolveReading(repo, ref);
    const ns = r.storageNamespace;
    const toItem = (rec: Rec): ListItem => ({ pathType: 'object', path: rec.key, entry: rec.value as ObjectEntry });
    const toPrefix = (path: string): ListItem => ({ pathType: 'common_prefix', path });
    if (resolved.includeStaging && resolved.branchId !== undefined) {
      return readStable(
        this.ctx,
        repo,
        resolved.branchId,
        async (branch) => ({
          value: await paginate(
            (from) => branchRecords(this.ctx, repo, ns, branch, from, { prefix: o.prefix ?? '', delimiter: o.delimiter ?? '' }),
            o,
            toItem,
            toPrefix,
          ),
          needsCheck: true,
        }),
        first,
      );
    }
    const commit = await this.refs.commit(repo, resolved.commitId);
    const tree = await this.ctx.trees.readTree(ns, commit.metaRangeId);
    return paginate(async (from) => new TreeIterator(this.ctx.trees, ns, tree, from), o, toItem, toPrefix);
  }

  /** Objects and bytes under each child of a prefix (usage.ts); on a branch, its staged changes counted in. */
  async usage(repo: string, ref: string, o: UsageOptions): Promise<Usage> {
    const r = await this.refs.repositoryForRead(repo);
    const { resolved, branch: first } = await this.refs.resolveReading(repo, ref);
    const ns = r.storageNamespace;
    const options = { prefix: o.prefix ?? '', delimiter: o.delimiter ?? '/', amount: normalizeAmount(o.amount) };
    if (resolved.includeStaging && resolved.branchId !== undefined) {
      return readStable(
        this.ctx,
        repo,
        resolved.branchId,
        async (record) => {
          const head = await this.refs.commit(repo, record.commitId);
          return { value: await countUsage(this.ctx, this.usageTotals, { ns, metaRangeId: head.metaRangeId, branch: { repo, record } }, options), needsCheck: true };
        },
        first,
      );
    }
    const commit = await this.refs.commit(repo, resolved.commitId);
    return countUsage(this.ctx, this.usageTotals, { ns, metaRangeId: commit.metaRangeId }, options);
  }

  /** Paths of the ref that hold the letters of `query` in order, in any case, each page best first (find.ts); staging included on a branch. */
  async findObjects(repo: string, ref: string, o: FindOptions): Promise<Page<ObjectRecord>> {
    const deadline = deadlineIn(this.options.findBudgetMs ?? DEFAULT_FIND_BUDGET_MS);
    const r = await this.refs.repositoryForRead(repo);
    const { resolved, branch: first } = await this.refs.resolveReading(repo, ref);
    if (resolved.includeStaging && resolved.branchId !== undefined) {
      return readStable(
        this.ctx,
        repo,
        resolved.branchId,
        async (b) => {
          const scope = await findScope(this.ctx, repo, r.storageNamespace, b.commitId, [b.stagingToken, ...b.sealedTokens]);
          return { value: await findObjects(scope, o, deadline), needsCheck: true };
        },
        first,
      );
    }
    return findObjects(await findScope(this.ctx, repo, r.storageNamespace, resolved.commitId, []), o, deadline);
  }

  // Pull requests (their rules are the catalog's)

  /** Stores a new pull request under a fresh, time-ordered id; answers the id. */
  async createPullRequest(repo: string, record: Omit<PullRequestRecord, 'id' | 'creationDate'>): Promise<string> {
    await this.refs.repository(repo);
    const id = this.pullRequestId();
    await createPullRequestRecord(this.ctx, repo, { ...record, id, creationDate: this.ctx.now() });
    return id;
  }

  async getPullRequest(repo: string, id: string): Promise<PullRequestRecord> {
    await this.refs.repository(repo);
    return readPullRequestRecord(this.ctx, repo, id);
  }

  /** In creation order; `statuses` keeps only those (all when absent). */
  async listPullRequests(repo: string, o: PageOptions & { statuses?: readonly PullRequestStatus[] }): Promise<Page<PullRequestRecord>> {
    await this.refs.repository(repo);
    return this.listRecords(keys.pullRequests(repo), o, (_id, raw) => {
      const pr = decodeJson<PullRequestRecord>(raw);
      return !o.statuses || o.statuses.includes(pr.status) ? pr : undefined;
    });
  }

  /** A compare-and-set change of the record: `change` sees the current one and may throw to refuse. */
  async updatePullRequest(repo: string, id: string, change: (current: PullRequestRecord) => PullRequestRecord): Promise<PullRequestRecord> {
    await this.refs.repository(repo);
    return updatePullRequestRecord(this.ctx, repo, id, change);
  }

  // Diff

  /** Staging against the branch's head commit. */
  async diffUncommitted(repo: string, branch: string, o: ListOptions): Promise<Page<DiffItem>> {
    const r = await this.refs.repository(repo);
    return readStable(this.ctx, repo, branch, async (b) => {
      const head = await this.refs.commit(repo, b.commitId);
      const page = await paginate(
        (from) => diffStaging(this.ctx, repo, r.storageNamespace, b, head.metaRangeId, from),
        o,
        toDiffItem,
        prefixDiffItem,
      );
      return { value: page, needsCheck: true };
    });
  }

  async hasUncommittedChanges(repo: string, branch: string): Promise<boolean> {
    const r = await this.refs.repository(repo);
    return readStable(this.ctx, repo, branch, async (b) => {
      const head = await this.refs.commit(repo, b.commitId);
      const it = await diffStaging(this.ctx, repo, r.storageNamespace, b, head.metaRangeId, '');
      return { value: (await it.next()) !== undefined, needsCheck: true };
    });
  }

  /** `three_dot` (default): changes on right since the merge base; `two_dot`: left against right as they are. */
  async diff(repo: string, left: string, right: string, o: DiffOptions): Promise<Page<DiffItem>> {
    const r = await this.refs.repository(repo);
    const ns = r.storageNamespace;
    const leftCommit = await this.refs.resolveCommit(repo, left);
    const rightRef = await this.refs.resolve(repo, right);
    let open: (from: string) => Promise<DiffIterator>;
    if ((o.type ?? 'three_dot') === 'two_dot') {
      if (rightRef.stagingMarker && rightRef.branchId !== undefined) {
        const branchId = rightRef.branchId;
        return readStable(this.ctx, repo, branchId, async (b) => ({
          value: await paginate(
            (from) => diffAgainstStaging(this.ctx, repo, ns, leftCommit.metaRangeId, b, from),
            o,
            toDiffItem,
            prefixDiffItem,
          ),
          needsCheck: true,
        }));
      }
      const rightCommit = await this.refs.commit(repo, rightRef.commitId);
      open = (from) => diffCommitted(this.ctx, ns, leftCommit.metaRangeId, rightCommit.metaRangeId, from);
    } else {
      if (rightRef.stagingMarker) throw new InvalidRefError(STAGING_REF_NOT_COMMIT);
      const rightCommit = await this.refs.commit(repo, rightRef.commitId);
      const baseId = await findMergeBase(this.refs, repo, rightCommit.id, leftCommit.id);
      if (baseId === undefined) throw new NotFoundError('merge base');
      const base = await this.refs.commit(repo, baseId);
      open = (from) => diffThreeDot(this.ctx, ns, base.metaRangeId, leftCommit.metaRangeId, rightCommit.metaRangeId, from);
    }
    return paginate(open, o, toDiffItem, prefixDiffItem);
  }

  // Merge

  async findMergeBase(repo: string, source: string, destination: string): Promise<MergeBase> {
    await this.refs.repository(repo);
    const s = await this.refs.resolveCommit(repo, source);
    const d = await this.refs.resolveCommit(repo, destination);
    const base = await findMergeBase(this.refs, repo, s.id, d.id);
    if (base === undefined) throw new NotFoundError('merge base');
    return { sourceCommitId: s.id, destinationCommitId: d.id, baseCommitId: base };
  }

  /**
   * A merge's dry run under the default strategy: the merge's own walk, counted instead of applied, so it costs a
   * diff of the changes and writes nothing. It reports what would refuse the merge (read-only, dirty destination)
   * instead of refusing; hooks are not run, so a pre-merge hook may still refuse what looks clean here.
   */
  async previewMerge(repo: string, source: string, destinationBranch: string): Promise<MergePreview> {
    const r = await this.refs.repository(repo);
    const dest = await this.refs.branch(repo, destinationBranch);
    const sourceCommit = await this.refs.resolveCommit(repo, source);
    const [head, destinationDirty, blocked] = await Promise.all([
      this.refs.commit(repo, dest.value.commitId),
      this.hasUncommittedChanges(repo, destinationBranch),
      blockedAction(this.ctx, repo, destinationBranch, ['commit']),
    ]);
    const baseId = await findMergeBase(this.refs, repo, sourceCommit.id, head.id);
    if (baseId === undefined) throw new NotFoundError('merge base');
    const base = await this.refs.commit(repo, baseId);
    const run = await dryRunMerge(this.ctx, r.storageNamespace, base.metaRangeId, sourceCommit.metaRangeId, head.metaRangeId);
    return {
      sourceCommitId: sourceCommit.id,
      destinationCommitId: head.id,
      baseCommitId: baseId,
      ...run,
      fastForward: head.metaRangeId === base.metaRangeId,
      nothingToMerge: sourceCommit.metaRangeId === base.metaRangeId,
      destinationDirty,
      destinationProtected: blocked !== undefined,
      readOnly: r.readOnly,
    };
  }

  private async requireClean(repo: string, branch: string): Promise<void> {
    if (await this.hasUncommittedChanges(repo, branch)) throw new DirtyBranchError();
  }

  /**
   * A three-way merge as one commit with two parents. Conflicts the strategy leaves open are settled by
   * `o.resolutions`; any left unsettled fail the whole merge (ConflictError listing them) and nothing is written.
   */
  async merge(repo: string, source: string, destinationBranch: string, o: MergeOptions): Promise<Commit> {
    validateMergeStrategy(o.strategy ?? '');
    for (const path of Object.keys(o.resolutions ?? {})) validatePath(path);
    const r = await this.writable(repo, o.force);
    await this.refs.branch(repo, destinationBranch);
    const sourceCommit = await this.refs.resolveCommit(repo, source);
    await this.requireClean(repo, destinationBranch);
    const build = mergeCommit(this.ctx, repo, r.storageNamespace, sourceCommit, { source, destination: destinationBranch }, o);
    return this.moved(repo, destinationBranch, 'merge', commitOnHead(this.ctx, repo, r.storageNamespace, destinationBranch, build, o.beforeBranchMove));
  }

  /** Applies the inverse of a commit on top of the branch as a new commit. */
  async revert(repo: string, branch: string, ref: string, o: RevertOptions): Promise<Commit> {
    const r = await this.writable(repo, o.force);
    await this.refs.branch(repo, branch);
    const target = await this.refs.resolveCommit(repo, ref);
    const parent = await parentTree(this.ctx, repo, target, o.parentNumber, 'conflict');
    await this.requireClean(repo, branch);
    return this.moved(repo, branch, 'revert', commitOnHead(this.ctx, repo, r.storageNamespace, branch, revertCommit(this.ctx, r.storageNamespace, target, parent, ref, o), o.beforeBranchMove));
  }

  /** Applies a commit's changes (relative to one parent) on top of the branch as a new commit. */
  async cherryPick(repo: string, branch: string, ref: string, o: CherryPickOptions): Promise<Commit> {
    const r = await this.writable(repo, o.force);
    await this.refs.branch(repo, branch);
    const picked = await this.refs.resolveCommit(repo, ref);
    const parent = await parentTree(this.ctx, repo, picked, o.parentNumber, 'bad_request');
    await this.requireClean(repo, branch);
    return this.moved(repo, branch, 'cherry-pick', commitOnHead(this.ctx, repo, r.storageNamespace, branch, cherryPickCommit(this.ctx, r.storageNamespace, picked, parent, o), o.beforeBranchMove));
  }

  // Settings

  /** Compare-and-set on the repository record; changing the flag is allowed on a read-only repository. */
  async setReadOnly(repo: string, readOnly: boolean): Promise<Repository> {
    return setReadOnly(this.ctx, repo, readOnly);
  }

  /** Throws ProtectedBranchError when the branch's protection blocks one of the actions (a preflight). */
  async checkBranchProtection(repo: string, branch: string, actions: ProtectedAction[]): Promise<void> {
    await this.refs.repository(repo);
    await checkProtection(this.ctx, repo, branch, actions);
  }

  async getBranchProtection(repo: string): Promise<BranchProtection> {
    await this.refs.repository(repo);
    return getBranchProtection(this.ctx, repo);
  }

  /** Replaces the rules. `ifMatch`: absent writes unconditionally, `''` only if none exist, else the checksum. */
  async setBranchProtection(repo: string, patterns: string[], ifMatch?: string): Promise<void> {
    await this.refs.repository(repo);
    await setBranchProtection(this.ctx, repo, patterns, ifMatch);
  }

  async addBranchProtectionRule(repo: string, pattern: string): Promise<void> {
    await this.refs.repository(repo);
    await addProtectionRule(this.ctx, repo, pattern);
  }

  async deleteBranchProtectionRule(repo: string, pattern: string): Promise<void> {
    await this.refs.repository(repo);
    await deleteProtectionRule(this.ctx, repo, pattern);
  }

  /** SettingNotFoundError when there are none. */
  async getGcRules(repo: string): Promise<GcRules> {
    await this.refs.repository(repo);
    return getGcRules(this.ctx, repo);
  }

  async setGcRules(repo: string, rules: GcRules): Promise<void> {
    await this.refs.repository(repo);
    await setGcRules(this.ctx, repo, rules);
  }

  async deleteGcRules(repo: string): Promise<void> {
    await this.refs.repository(repo);
    await deleteGcRules(this.ctx, repo);
  }

  // What refers to object data (garbage collection)

  /** Entries of the branch's current and sealed staging tokens, shadowed ones included; no tombstones. */
  async *stagedEntries(repo: string, branch: string): AsyncGenerator<ObjectEntry> {
    await this.refs.repository(repo);
    yield* stagedEntries(this.ctx, repo, branch);
  }

  /** Every commit record of the repository, reachable or not, in id order. */
  async listCommits(repo: string, o: PageOptions): Promise<Page<Commit>> {
    await this.refs.repository(repo);
    return this.listRecords(keys.commits(repo), o, (_id, raw) => decodeJson<Commit>(raw));
  }

  /** Data addresses of a commit's tree, a range's at a time, skipping the metarange rows in `seenRanges` and adding those it reads. */
  async *treeAddresses(repo: string, metaRangeId: string, seenRanges: Set<string>): AsyncGenerator<DataAddress[]> {
    const r = await this.refs.repository(repo);
    yield* treeAddresses(this.ctx, r.storageNamespace, metaRangeId, seenRanges);
  }

  // Bulk

  /** Writes committed data directly from records in ascending path order; returns the metarange id. */
  async writeMetaRange(repo: string, records: Iterable<ObjectRecord> | AsyncIterable<ObjectRecord>): Promise<string> {
    const r = await this.refs.repository(repo);
    const rows = await writeTree(this.ctx.trees, r.storageNamespace, records, this.ctx.raggedness);
    return this.ctx.trees.writeMetaRange(r.storageNamespace, rows);
  }

  /**
   * Commits an imported tree (written by `writeMetaRange`) on a clean branch, as a commit does: refused on a
   * read-only repository (unless forced) and on a branch whose protection blocks commits. Every imported record is
   * written, and every other committed key under `replacePrefixes` (the import's destinations) is removed. The
   * repository's metadata records when it last imported, as lakeFS's does.
   */
  async importMetaRange(repo: string, branch: string, metaRangeId: string, o: ImportOptions): Promise<Commit> {
    const r = await this.writableBranch(repo, branch, o.force, ['commit']);
    await this.refs.branch(repo, branch);
    await this.requireClean(repo, branch);
    const build = importCommit(this.ctx, r.storageNamespace, metaRangeId, o);
    const commit = await this.moved(repo, branch, 'import', commitOnHead(this.ctx, repo, r.storageNamespace, branch, build, o.beforeBranchMove));
    // A note beside the commit, as lakeFS keeps it (and only logs a failure to): the import stands without it.
    await updateRepositoryMetadata(this.ctx, repo, (current) => ({ ...current, [LAST_IMPORT_KEY]: String(commit.creationDate) })).catch(() => undefined);
    return commit;
  }

  /** Records the status of a new import. */
  async createImport(repo: string, record: ImportRecord): Promise<void> {
    await this.refs.repository(repo);
    await createImportRecord(this.ctx, repo, record);
    this.tell((o) => o.importChanged(repo, record));
  }

  /** NotFound('import') when the repository has no import of that id. */
  async getImport(repo: string, id: string): Promise<ImportRecord> {
    await this.refs.repository(repo);
    return readImportRecord(this.ctx, repo, id);
  }

  /** Changes an import's status by compare-and-set (see updateImportRecord); answers it as it stands. */
  async updateImport(repo: string, id: string, change: (current: ImportRecord) => ImportRecord | undefined): Promise<ImportRecord> {
    const record = await updateImportRecord(this.ctx, repo, id, change);
    this.tell((o) => o.importChanged(repo, record));
    return record;
  }

  /**
   * Deletes staged data no branch refers to: tokens left behind when a process stopped before dropping them after a
   * commit, reset or branch deletion. Safe while the repository is in use: a token is referenced by its branch
   * before anything is written to it and never again once retired, so listing tokens before reading the branches
   * cannot delete live data.
   */
  async sweepStaging(repo: string): Promise<number> {
    await this.refs.repository(repo);
    return sweepOrphanTokens(this.ctx, repo);
  }

  // Repository administration: its metadata map, refs dump and restore, where committed tree files live

  async getRepositoryMetadata(repo: string): Promise<RepositoryMetadata> {
    await this.refs.repository(repo);
    return readRepositoryMetadata(this.ctx, repo);
  }

  /** Sets the given keys, keeping the others. */
  async setRepositoryMetadata(repo: string, metadata: RepositoryMetadata): Promise<void> {
    await this.refs.repository(repo);
    await updateRepositoryMetadata(this.ctx, repo, (current) => ({ ...current, ...metadata }));
  }

  /** Removes the given keys; absent ones are not an error. */
  async deleteRepositoryMetadata(repo: string, remove: string[]): Promise<void> {
    await this.refs.repository(repo);
    const gone = new Set(remove);
    await updateRepositoryMetadata(this.ctx, repo, (current) => Object.fromEntries(Object.entries(current).filter(([k]) => !gone.has(k))));
  }

  /** Writes the repository's commits, tags and branches to its namespace; returns the ids that restore them. */
  async dumpRefs(repo: string): Promise<RefsDump> {
    const r = await this.refs.repository(repo);
    return dumpRefs(this.ctx, repo, r.storageNamespace);
  }

  /** Restores a dump found in the repository's namespace into the repository, which must be bare. */
  async restoreRefs(repo: string, dump: RefsDump, o: ForceOption = {}): Promise<void> {
    const r = await this.writable(repo, o.force);
    await restoreRefs(this.ctx, repo, r.storageNamespace, dump);
  }

  /** Starts a dump in the background; its status says when it is done and gives the ids. */
  async submitDump(repo: string): Promise<string> {
    await this.refs.repository(repo);
    return this.tasks.start(repo, 'dump', () => this.dumpRefs(repo));
  }

  /** Starts a restore in the background once the repository is known to take it (writable, bare). */
  async submitRestore(repo: string, dump: RefsDump, o: ForceOption = {}): Promise<string> {
    await this.writable(repo, o.force);
    await requireBare(this.ctx, repo);
    return this.tasks.start(repo, 'restore', () => this.restoreRefs(repo, dump, o));
  }

  async dumpStatus(repo: string, taskId: string): Promise<TaskStatus<RefsDump>> {
    await this.refs.repository(repo);
    return this.tasks.status<RefsDump>(repo, 'dump', taskId);
  }

  async restoreStatus(repo: string, taskId: string): Promise<TaskStatus<void>> {
    await this.refs.repository(repo);
    return this.tasks.status<void>(repo, 'restore', taskId);
  }

  /**
   * Runs work of a layer above the store in the background (garbage-collection preparation), recorded like a dump:
   * its status outlives the process that ran it.
   */
  async submitTask<T>(repo: string, kind: TaskKind, work: () => Promise<T>): Promise<string> {
    await this.refs.repository(repo);
    return this.tasks.start(repo, kind, work);
  }

  async taskStatus<T>(repo: string, kind: TaskKind, taskId: string): Promise<TaskStatus<T>> {
    await this.refs.repository(repo);
    return this.tasks.status<T>(repo, kind, taskId);
  }

  /** The full address of a committed tree file of the repository; NotFound when there is none by that id. */
  async treeFileAddress(repo: string, kind: 'range' | 'metarange', id: string): Promise<string> {
    const { namespace, key } = await this.treeFile(repo, kind, id);
    if (!(await this.options.blockstore.exists(namespace, key))) throw new NotFoundError(kind);
    return this.options.blockstore.fullAddress(namespace, key);
  }

  /** The bytes of a committed tree file of the repository; NotFound when there is none by that id. */
  async readTreeFile(repo: string, kind: 'range' | 'metarange', id: string): Promise<Buffer> {
    const { namespace, key } = await this.treeFile(repo, kind, id);
    try {
      return await this.options.blockstore.getBytes(namespace, key);
    } catch (err) {
      if (err instanceof BlockNotFoundError) throw new NotFoundError(kind);
      throw err;
    }
  }

  /** Only a content id names a tree file, so no id can reach another key of the namespace. */
  private async treeFile(repo: string, kind: 'range' | 'metarange', id: string): Promise<{ namespace: string; key: string }> {
    const r = await this.refs.repository(repo);
    const key = treeFileKey(kind, id);
    if (key === undefined) throw new NotFoundError(kind);
    return { namespace: r.storageNamespace, key };
  }

  /** Totals of the tree files this graveler has encoded (benchmarks: records re-encoded and bytes per commit). */
  treeWriteStats(): TreeWriteStats {
    return { ...this.ctx.trees.written };
  }

  /** Waits for background tasks and runs pending cleanup now, then releases caches; the kv store and blockstore belong to the caller. */
  async close(): Promise<void> {
    await this.tasks.drain();
    await this.cleanup.flush();
    this.ctx.trees.clear();
    this.usageTotals.clear();
  }
}

export function createGraveler(options: GravelerOptions): Graveler {
  return new Graveler(options);
}
