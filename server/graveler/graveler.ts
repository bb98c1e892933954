import type { BlockStore } from '../blockstore/index';
import type { KvStore } from '../kv/index';
import type {
  Branch,
  CherryPickOptions,
  Commit,
  CommitOptions,
  CreateRepositoryOptions,
  DiffItem,
  DiffOptions,
  ListItem,
  ListOptions,
  LogOptions,
  MergeBase,
  MergeOptions,
  ObjectEntry,
  ObjectRecord,
  Page,
  PageOptions,
  PutObjectOptions,
  Ref,
  Repository,
  ResolvedRef,
  RevertOptions,
} from './types';

export interface GravelerOptions {
  kv: KvStore;
  blockstore: BlockStore;
  /** Memory for decoded ranges and metaranges (default 256 MiB). */
  cacheBytes?: number;
  /** Average number of entries per range (default 2048). */
  rangeRaggedness?: number;
  /** The clock, unix seconds (tests). */
  now?: () => number;
}

export interface ForceOption {
  /** Bypasses the read-only repository check. */
  force?: boolean;
}

function notImplemented(): never {
  throw new Error('not implemented');
}

/** The versioned store: repositories, refs, staging, commits, diff and merge. */
export class Graveler {
  constructor(readonly options: GravelerOptions) {}

  // Repositories
  async createRepository(_o: CreateRepositoryOptions): Promise<Repository> {
    return notImplemented();
  }
  /** Throws NotFound('repository'), or RepositoryInDeletion (410) for a repository being deleted. */
  async getRepository(_id: string): Promise<Repository> {
    return notImplemented();
  }
  async listRepositories(_o: PageOptions & { search?: string }): Promise<Page<Repository>> {
    return notImplemented();
  }
  /** Works on a repository in deletion too (the retry path). */
  async deleteRepository(_id: string, _o?: ForceOption): Promise<void> {
    return notImplemented();
  }

  // Refs
  async resolveRef(_repo: string, _ref: string): Promise<ResolvedRef> {
    return notImplemented();
  }

  // Branches
  async createBranch(_repo: string, _branch: string, _source: string, _o?: ForceOption & { hidden?: boolean }): Promise<Branch> {
    return notImplemented();
  }
  async getBranch(_repo: string, _branch: string): Promise<Branch> {
    return notImplemented();
  }
  async listBranches(_repo: string, _o: PageOptions & { showHidden?: boolean }): Promise<Page<Branch>> {
    return notImplemented();
  }
  async deleteBranch(_repo: string, _branch: string, _o?: ForceOption): Promise<void> {
    return notImplemented();
  }
  /** Discards every uncommitted change (`type: reset`). */
  async resetBranch(_repo: string, _branch: string, _o?: ForceOption): Promise<void> {
    return notImplemented();
  }
  /** Undoes the uncommitted change of one path (`type: object`). */
  async resetObject(_repo: string, _branch: string, _path: string, _o?: ForceOption): Promise<void> {
    return notImplemented();
  }
  /** Undoes every uncommitted change under a prefix (`type: common_prefix`). */
  async resetPrefix(_repo: string, _branch: string, _prefix: string, _o?: ForceOption): Promise<void> {
    return notImplemented();
  }
  /** Points the branch at the commit `ref` resolves to and discards its staging. */
  async hardReset(_repo: string, _branch: string, _ref: string, _o?: ForceOption): Promise<void> {
    return notImplemented();
  }

  // Tags
  async createTag(_repo: string, _tag: string, _ref: string, _o?: ForceOption): Promise<Ref> {
    return notImplemented();
  }
  async getTag(_repo: string, _tag: string): Promise<Ref> {
    return notImplemented();
  }
  async listTags(_repo: string, _o: PageOptions): Promise<Page<Ref>> {
    return notImplemented();
  }
  async deleteTag(_repo: string, _tag: string, _o?: ForceOption): Promise<void> {
    return notImplemented();
  }

  // Commits
  /** Any ref expression that names a commit; `$` refs are refused. */
  async getCommit(_repo: string, _ref: string): Promise<Commit> {
    return notImplemented();
  }
  async log(_repo: string, _ref: string, _o: LogOptions): Promise<Page<Commit>> {
    return notImplemented();
  }
  async commit(_repo: string, _branch: string, _o: CommitOptions): Promise<Commit> {
    return notImplemented();
  }
  /** Commits a metarange as-is (`source_metarange`); the branch must be clean. */
  async commitMetaRange(_repo: string, _branch: string, _metaRangeId: string, _o: CommitOptions): Promise<Commit> {
    return notImplemented();
  }

  // Objects
  /** Throws NotFound('object'). On a branch, staged values and tombstones win over committed data. */
  async getObject(_repo: string, _ref: string, _path: string): Promise<ObjectEntry> {
    return notImplemented();
  }
  async putObject(_repo: string, _branch: string, _path: string, _entry: ObjectEntry, _o?: PutObjectOptions): Promise<void> {
    return notImplemented();
  }
  /** Deleting a path that does not exist is not an error. */
  async deleteObject(_repo: string, _branch: string, _path: string, _o?: ForceOption): Promise<void> {
    return notImplemented();
  }
  async listObjects(_repo: string, _ref: string, _o: ListOptions): Promise<Page<ListItem>> {
    return notImplemented();
  }

  // Diff
  /** Staging against the branch's head commit. */
  async diffUncommitted(_repo: string, _branch: string, _o: ListOptions): Promise<Page<DiffItem>> {
    return notImplemented();
  }
  async hasUncommittedChanges(_repo: string, _branch: string): Promise<boolean> {
    return notImplemented();
  }
  /** `three_dot` (default): changes on right since the merge base; `two_dot`: left against right as they are. */
  async diff(_repo: string, _left: string, _right: string, _o: DiffOptions): Promise<Page<DiffItem>> {
    return notImplemented();
  }

  // Merge
  async findMergeBase(_repo: string, _source: string, _destination: string): Promise<MergeBase> {
    return notImplemented();
  }
  async merge(_repo: string, _source: string, _destinationBranch: string, _o: MergeOptions): Promise<Commit> {
    return notImplemented();
  }
  async revert(_repo: string, _branch: string, _ref: string, _o: RevertOptions): Promise<Commit> {
    return notImplemented();
  }
  async cherryPick(_repo: string, _branch: string, _ref: string, _o: CherryPickOptions): Promise<Commit> {
    return notImplemented();
  }

  // Bulk
  /** Writes committed data directly from records in ascending path order; returns the metarange id. */
  async writeMetaRange(_repo: string, _records: Iterable<ObjectRecord> | AsyncIterable<ObjectRecord>): Promise<string> {
    return notImplemented();
  }

  /** Releases caches; the kv store and blockstore belong to the caller. */
  async close(): Promise<void> {}
}

export function createGraveler(options: GravelerOptions): Graveler {
  return new Graveler(options);
}
