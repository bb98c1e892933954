/** Public shapes of the versioned store. Times are unix seconds, like the lakeFS API. */
import type { Conflict } from '../errors';

/** What a path points to. Identity (what decides "changed") is size, checksum, content type and metadata. */
export interface ObjectEntry {
  /** Relative to the repository's storage namespace (`data/...`), or a full URI when `addressType` is 'full'. */
  address: string;
  addressType: 'relative' | 'full';
  size: number;
  /**
   * Hex MD5 for uploads; for an S3 multipart upload, the MD5 of its parts' MD5s (as lakeFS stores it, without S3's
   * `-<parts>`); the client's ETag for linked objects.
   */
  checksum: string;
  /** The part count of the S3 multipart upload that wrote the object (its S3 ETag is `<checksum>-<parts>`). */
  parts?: number;
  /** Unix seconds. */
  mtime: number;
  contentType: string;
  metadata: Record<string, string>;
}

/** Where an entry's data lives: all that garbage collection needs of it. */
export type DataAddress = Pick<ObjectEntry, 'address' | 'addressType'>;

export interface Repository {
  id: string;
  storageNamespace: string;
  defaultBranch: string;
  /** Unix seconds. */
  creationDate: number;
  readOnly: boolean;
  state: 'active' | 'in_deletion';
}

export interface Commit {
  id: string;
  parents: string[];
  committer: string;
  message: string;
  /** Unix seconds. */
  creationDate: number;
  /** Empty for the first commit of a repository. */
  metaRangeId: string;
  metadata: Record<string, string>;
  generation: number;
  version: number;
}

/** A branch or tag as the API shows it. */
export interface Ref {
  id: string;
  commitId: string;
}

export interface Branch extends Ref {
  hidden: boolean;
}

/**
 * A branch beside the repository's default branch: where its head is, and how far the two have moved apart (commits
 * counted up to a cap; a capped count means at least that many).
 */
export interface BranchSummary extends Ref {
  /** The head commit's creation time, unix seconds. */
  commitCreationDate: number;
  /** Commits of the branch the default branch lacks. */
  ahead: number;
  /** Commits of the default branch the branch lacks. */
  behind: number;
  aheadCapped: boolean;
  behindCapped: boolean;
  /** Every commit of the branch is on the default branch (ahead is 0); never the default branch itself. */
  merged: boolean;
}

export interface BranchSummaries {
  /** The default branch the counts are taken against. */
  defaultBranch: string;
  page: Page<BranchSummary>;
}

export interface Page<T> {
  results: T[];
  hasMore: boolean;
  /** The sort key of the last result; empty when there is nothing more. */
  nextOffset: string;
}

export interface PageOptions {
  prefix?: string;
  /** Exclusive. */
  after?: string;
  /** Clamped to 1..1000; values <= 0 mean 100. */
  amount?: number;
}

export interface ListOptions extends PageOptions {
  delimiter?: string;
}

/** Objects and the bytes of their data. */
export interface UsageCount {
  objects: number;
  bytes: number;
}

/** A child of a prefix: a common prefix one level down with everything under it, or an object directly there. */
export interface UsageChild extends UsageCount {
  path: string;
  type: 'common_prefix' | 'object';
}

/** A branch's uncommitted changes under a prefix, against its head. */
export interface StagedUsage extends UsageCount {
  /** Paths added, changed and removed; `objects` and `bytes` are their net effect. */
  added: number;
  changed: number;
  removed: number;
  /** Bytes of the data written by the added and changed paths. */
  bytesWritten: number;
}

/** What a ref holds under a prefix (staged changes included on a branch), by child. */
export interface Usage {
  prefix: string;
  delimiter: string;
  totals: UsageCount;
  /** The largest children, largest first. */
  children: UsageChild[];
  /** The children not answered, and what they hold. */
  others: UsageCount & { children: number };
  /** On a branch: its uncommitted changes under the prefix, counted in the totals above. */
  staged?: StagedUsage;
}

export interface UsageOptions {
  prefix?: string;
  /** Default '/'; empty: no children, only the prefix's totals. */
  delimiter?: string;
  /** Children answered, largest first (1..1000; values <= 0 mean 100). */
  amount?: number;
}

export type ListItem =
  | { pathType: 'object'; path: string; entry: ObjectEntry }
  | { pathType: 'common_prefix'; path: string };

export type DiffType = 'added' | 'removed' | 'changed' | 'conflict' | 'prefix_changed';

export interface DiffItem {
  type: DiffType;
  path: string;
  pathType: 'object' | 'common_prefix';
  /** The value on the left/base side, when there is one. */
  left?: ObjectEntry;
  /** The value on the right side, when there is one (absent for removals and common prefixes). */
  right?: ObjectEntry;
}

export type RefType = 'branch' | 'tag' | 'commit';

export interface ResolvedRef {
  type: RefType;
  /** Set when the expression named a branch (with or without `@`/`$`). */
  branchId?: string;
  commitId: string;
  /** Reads include the branch's staging area (a plain branch name, or `branch$`). */
  includeStaging: boolean;
  /** The expression ended with `$`: usable for reads and diffs, refused where a commit is required. */
  stagingMarker: boolean;
}

export interface CommitOptions {
  committer: string;
  message: string;
  metadata?: Record<string, string>;
  /** Overrides the creation date (unix seconds). */
  date?: number;
  allowEmpty?: boolean;
  /** Bypasses the read-only check. */
  force?: boolean;
  /**
   * Runs after the commit record exists and before the branch moves (pre-commit / pre-merge hooks). Throwing
   * aborts: the branch is not moved and the error propagates.
   */
  beforeBranchMove?: (commit: Commit) => Promise<void>;
}

export type MergeStrategy = '' | 'dest-wins' | 'source-wins';

/** Per conflicting path, the side whose version the merge keeps. */
export type ConflictResolutions = Record<string, 'source' | 'dest'>;

export interface MergeOptions {
  committer: string;
  message?: string;
  metadata?: Record<string, string>;
  strategy?: MergeStrategy;
  /** Settles these conflicting paths (before the strategy); a path that does not conflict is refused. */
  resolutions?: ConflictResolutions;
  allowEmpty?: boolean;
  force?: boolean;
  squashMerge?: boolean;
  beforeBranchMove?: (commit: Commit) => Promise<void>;
}

export interface CommitOverrides {
  message?: string;
  metadata?: Record<string, string>;
}

export interface RevertOptions {
  committer: string;
  /** 1-based; required when reverting a merge commit. */
  parentNumber?: number;
  overrides?: CommitOverrides;
  allowEmpty?: boolean;
  force?: boolean;
  beforeBranchMove?: (commit: Commit) => Promise<void>;
}

export interface CherryPickOptions {
  committer: string;
  /** 1-based; required when cherry-picking a merge commit. */
  parentNumber?: number;
  overrides?: CommitOverrides;
  force?: boolean;
  beforeBranchMove?: (commit: Commit) => Promise<void>;
}

export interface LogOptions {
  /** A commit id to resume after (exclusive). */
  after?: string;
  amount?: number;
  firstParent?: boolean;
  /** Keep only non-merge commits that changed one of these paths relative to their first parent. */
  objects?: string[];
  /** Keep only non-merge commits that changed something under one of these prefixes. */
  prefixes?: string[];
  /** Stop after `amount` matches, reporting no more pages. */
  limit?: boolean;
  /** Only commits created at or after this unix time (seconds). */
  since?: number;
  /** A ref at which the walk stops (that commit is included). */
  stopAt?: string;
}

export type DiffKind = 'two_dot' | 'three_dot';

export interface DiffOptions extends ListOptions {
  type?: DiffKind;
}

export interface PutObjectOptions {
  /** `If-None-Match: *`: fail with PreconditionFailed when the path exists. */
  ifAbsent?: boolean;
  /** `If-Match`: fail with PreconditionFailed unless the current checksum equals this. */
  ifMatchChecksum?: string;
  force?: boolean;
  /**
   * The repository as the caller found it moments ago, writable (or forced) with the branch's protection allowing
   * staging writes: not read and checked again.
   */
  checked?: Repository;
}

export interface CreateRepositoryOptions {
  id: string;
  storageNamespace: string;
  defaultBranch?: string;
  readOnly?: boolean;
  /** Only the repository record: no first commit, no branch. */
  bare?: boolean;
  /** Skip the "namespace already in use" check (restores). */
  allowExistingNamespace?: boolean;
}

export interface MergeBase {
  sourceCommitId: string;
  destinationCommitId: string;
  baseCommitId: string;
}

/** A merge's dry run under the default strategy: what it would do and what would refuse it; nothing is written. */
export interface MergePreview extends MergeBase {
  /** Keys the merge would change on the destination, conflicting ones aside. */
  changes: number;
  /** The destination's tree is the base's: the merge takes the source's tree as it is. */
  fastForward: boolean;
  /** The source's tree is the base's: the merge would refuse with "no changes" (unless forced or allowed empty). */
  nothingToMerge: boolean;
  /** As the merge's ConflictError lists them: the first 1000, in path order. */
  conflicts: Conflict[];
  conflictsTruncated: boolean;
  /** Uncommitted changes on the destination: the merge would refuse (dirty branch). */
  destinationDirty: boolean;
  /** The destination's protection refuses direct commits (merges are still taken, as in lakeFS). */
  destinationProtected: boolean;
  /** The repository is read-only: the merge would refuse unless forced. */
  readOnly: boolean;
}

/** One record for a bulk write of committed data (imports, benchmarks), given in ascending key order. */
export interface ObjectRecord {
  path: string;
  entry: ObjectEntry;
}

/** What a branch protection rule can block: writes to the branch's staging area, and commits. */
export type ProtectedAction = 'staging_write' | 'commit';

export interface BranchProtection {
  /** fnmatch patterns (`*`, `?`) of the protected branches, in the order they were given. */
  patterns: string[];
  /** Hex SHA-256 of the stored setting, for `If-Match`; empty when there is none. */
  checksum: string;
}

/** How long data only reachable from older commits is kept (whole days), by default and per branch. */
export interface GcRules {
  defaultRetentionDays: number;
  branches: { branchId: string; retentionDays: number }[];
}
