// The rules between HTTP and the versioned store: object data goes to the block store under the repository's
// namespace at a fresh key (never derived from the user's path), and its entry to the branch's staging. Calls whose
// rules are the store's own pass straight through, so the HTTP layer needs nothing but the catalog.
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { BlockStore, ByteRange, Presigner, PutBody } from '../blockstore';
import {
  AlreadyExistsError,
  BlockNotFoundError,
  ForbiddenError,
  NotFoundError,
  NotImplementedError,
  PreconditionFailedError,
  ReadOnlyRepositoryError,
  ValidationError,
} from '../errors';
import { validateBranchId, validateTagId } from '../graveler';
import type {
  Branch,
  BranchProtection,
  CherryPickOptions,
  Commit,
  CommitOptions,
  DiffItem,
  DiffOptions,
  FindOptions,
  ForceOption,
  GcRules,
  Graveler,
  ImportOptions,
  ListOptions,
  LogOptions,
  MergeBase,
  MergeOptions,
  ObjectEntry,
  ObjectRecord,
  Page,
  PageOptions,
  Ref,
  RefsDump,
  Repository,
  RepositoryMetadata,
  RevertOptions,
  TaskStatus,
} from '../graveler';
import { prepareGcCommits, prepareGcUncommitted, type CommitsPrepared, type UncommittedPrepared } from '../gc';
import { commitGraph, type CommitGraphOptions, type CommitGraphPage } from './commit-graph';
import { noHooks, type HookEvent, type HookOperation, type Hooks } from './hooks';
import { Importer, noImports, type ImportInput, type ImportSettings, type ImportStatus } from './importer';
import { MultipartUploads, type MultipartChecksum, type ObjectAttributes } from './multipart-uploads';
import { PullRequests } from './pull-requests';
import { SYMLINKS_ROOT, writeSymlinkManifests } from './symlinks';
import { signStagingAddress, verifyStagingAddress } from './staging-address';

/** The id of Tarn's one block store, as lakeFS names its default (and, outside its Enterprise edition, only) store. */
export const defaultStorageId = '';

export interface CreateRepositoryInput {
  id: string;
  /** The block store to keep it in, by id; Tarn has one, lakeFS's default, whose id is empty. */
  storageId?: string;
  storageNamespace: string;
  defaultBranch: string;
  readOnly: boolean;
  /** Files committed on the default branch right after it is made (the sample data, say), with that commit's message. */
  initialFiles?: InitialFiles;
  /** Only the repository record: no first commit and no branch (for restores); its namespace may be in use. */
  bare?: boolean;
  /** Once the initial files are committed, protect the default branch (lakeFS does this for the sample). */
  protectDefaultBranch?: boolean;
  committer: string;
}

export interface InitialFiles {
  files: InitialFile[];
  message: string;
}

export interface InitialFile {
  path: string;
  contentType: string;
  bytes: Buffer;
}

/** The conditions of a write to a path of a branch. */
export interface StageConditions {
  /** `If-None-Match: *`. */
  ifAbsent?: boolean;
  /** `If-Match: <etag>`. */
  ifMatchChecksum?: string;
  force?: boolean;
}

export interface UploadInput extends StageConditions {
  contentType: string;
  metadata: Record<string, string>;
  /** The body joins the parts of an S3 multipart upload: its checksum is theirs, not the MD5 of its bytes. */
  multipart?: MultipartChecksum;
}

/** An object's entry with the full URI of its data, or a presigned address of it with that address's expiry. */
export interface ObjectStats {
  entry: ObjectEntry;
  physicalAddress: string;
  /** Unix seconds; only for a presigned address. */
  physicalAddressExpiry?: number;
}

/** How a read reports where the data is. */
export interface ReadOptions {
  /** A presigned address instead of the store's URI, when the store offers them. */
  presign?: boolean;
}

/** Where a client uploads an object itself (presigned transfers). */
export interface StagingLocation {
  /** Signed: it is linked only as given, to this repository, within a day. */
  physicalAddress: string;
  presignedUrl?: string;
  /** Unix seconds. */
  presignedUrlExpiry?: number;
}

/** An object a client uploaded to a staging location, to be linked to a path. */
export interface LinkInput extends StageConditions {
  /** The signed physical address of the staging location. */
  physicalAddress: string;
  /** The store's ETag of the upload; quotes and spaces are dropped. */
  checksum: string;
  sizeBytes: number;
  contentType: string;
  metadata: Record<string, string>;
  /** Unix seconds; now when absent. */
  mtime?: number;
}

/** A multipart upload whose parts the client PUTs to presigned addresses. */
export interface PresignedMultipartUpload {
  uploadId: string;
  physicalAddress: string;
  presignedUrls: string[];
}

export interface CompleteMultipartInput extends StageConditions {
  physicalAddress: string;
  parts: { partNumber: number; etag: string }[];
  contentType: string;
  metadata: Record<string, string>;
}

/** S3's limit on the parts of one upload. */
export const maxUploadParts = 10_000;

/** An object found at a ref, ready to be read. */
export interface StoredObject extends ObjectStats {
  /** Its bytes (or a range of them) as a stream. BlockNotFoundError when its data is gone. */
  stream(range?: ByteRange): Promise<Readable>;
  /** The same, in memory: for small objects, where a stream costs more than the bytes. */
  bytes(range?: ByteRange): Promise<Buffer>;
}

export type ObjectListItem =
  | ({ pathType: 'object'; path: string } & ObjectStats)
  | { pathType: 'common_prefix'; path: string };

export interface CopyInput {
  srcPath: string;
  /** The ref to copy from; the destination branch when absent. */
  srcRef?: string;
  /** Share the source's data instead of copying it, when it lives in the repository's namespace. */
  shallow?: boolean;
  /** The copy's content type and user metadata instead of the source's (S3's `x-amz-metadata-directive: REPLACE`). */
  replace?: ObjectAttributes;
  force?: boolean;
}

/** Data already in the repository's namespace, to be linked to a path (lakeFS's deprecated stageObject). */
export interface StageInput {
  /** A full address inside the repository's storage namespace. */
  physicalAddress: string;
  checksum: string;
  size: number;
  /** Unix seconds; now when absent. */
  mtime?: number;
  metadata: Record<string, string>;
  contentType: string;
  force?: boolean;
}

/** Where Tarn's own files live in a namespace (trees and refs dumps; action logs and GC lists, as lakeFS keeps them): never linked as an object's data. */
const OWN_FILES = ['_tarn/', '_lakefs/'];

/** Why one path of a bulk delete was not deleted. */
export interface DeleteFailure {
  path: string;
  error: unknown;
}

/** A hook event with the fields an operation does not set left empty. */
function hookEvent(operation: HookOperation, repositoryId: string, fields: Partial<HookEvent>): HookEvent {
  return { operation, repositoryId, branchId: '', sourceRef: '', commitId: '', commitMessage: '', committer: '', commitMetadata: {}, ...fields };
}

const commitFields = (c: Commit) => ({ commitMessage: c.message, committer: c.committer, commitMetadata: c.metadata });

type BeforeBranchMove = (commit: Commit) => Promise<void>;

export class Catalog {
  /** S3's multipart uploads (the gateway's); a completed one becomes an ordinary upload. */
  readonly multipartUploads: MultipartUploads<ObjectStats>;
  readonly pullRequests: PullRequests;
  private readonly importer: Importer;

  constructor(
    private readonly store: Graveler,
    private readonly blocks: BlockStore,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
    private readonly hooks: Hooks = noHooks,
    /**
     * Signs staging addresses. Servers sharing one database need the same key so that any of them links what another
     * handed out; a catalog without one can link only the addresses it gave out itself.
     */
    private readonly stagingKey: Buffer = randomBytes(32),
    /** What may be imported: without settings, nothing (a catalog that only reads). */
    imports: ImportSettings = noImports,
  ) {
    this.importer = new Importer(store, blocks, (repo, branch, metaRangeId, o) => this.importMetaRange(repo, branch, metaRangeId, o), imports);
    this.multipartUploads = new MultipartUploads(blocks, {
      repository: (id) => store.getRepository(id),
      writableBranch: async (repo, branch) => {
        const repository = await this.writableRepository(repo, branch, {});
        await store.getBranch(repo, branch);
        return repository;
      },
      upload: (repo, branch, path, body, input) => this.upload(repo, branch, path, body, input),
      now,
    });
    this.pullRequests = new PullRequests(store, (repo, source, destination, o) => this.merge(repo, source, destination, o), now);
  }

  /** The repository's hooks: none on a read-only repository, as in lakeFS (even when a write is forced). */
  private async hooksOf(repo: string): Promise<{ repository: Repository; hooks: Hooks | undefined }> {
    const repository = await this.store.getRepository(repo);
    return { repository, hooks: repository.readOnly ? undefined : this.hooks };
  }

  /**
   * An operation that moves `branch` to a commit it makes: pre-hooks run once the commit exists and before the
   * branch moves (their failure leaves the branch as it was), post-hooks once it has moved. Their action files are
   * those of the branch, or for a merge those of the source commit, as in lakeFS.
   */
  private async committing(
    operation: HookOperation,
    repo: string,
    branch: string,
    perform: (hook: { beforeBranchMove?: BeforeBranchMove }) => Promise<Commit>,
    mergeSource?: string,
  ): Promise<Commit> {
    const { hooks } = await this.hooksOf(repo);
    if (!hooks) return perform({});
    const merging = mergeSource === undefined ? {} : { mergeSource };
    const commit = await perform({
      beforeBranchMove: async (made) => {
        const sourceRef = mergeSource === undefined ? branch : (await this.store.getCommit(repo, mergeSource)).id;
        await hooks.runPre(hookEvent(operation, repo, { branchId: branch, sourceRef, ...commitFields(made), ...merging }));
      },
    });
    hooks.runPost(hookEvent(operation, repo, { branchId: branch, sourceRef: commit.id, commitId: commit.id, ...commitFields(commit), ...merging }));
    return commit;
  }

  // Repositories

  /** All or nothing: when a step fails, sample data included, nothing of the repository remains. */
  async createRepository(input: CreateRepositoryInput): Promise<Repository> {
    const { initialFiles } = input;
    if (input.storageId !== undefined && input.storageId !== defaultStorageId) throw new ValidationError('storage id: invalid value');
    return this.store.createRepository(
      {
        id: input.id,
        storageNamespace: input.storageNamespace,
        defaultBranch: input.defaultBranch,
        readOnly: input.readOnly,
        // As in lakeFS, a bare repository (the target of a refs restore) may take a namespace that is already used.
        ...(input.bare ? { bare: true, allowExistingNamespace: true } : {}),
      },
      initialFiles || input.protectDefaultBranch
        ? async (repository) => {
            if (initialFiles) await this.addInitialFiles(repository, initialFiles, input.committer);
            if (input.protectDefaultBranch) await this.store.setBranchProtection(repository.id, [repository.defaultBranch], '');
          }
        : undefined,
    );
  }

  /** Uploads and commits the first files; if that fails, their data is deleted (the store removes the rest). */
  private async addInitialFiles(repository: Repository, initial: InitialFiles, committer: string): Promise<void> {
    const uploaded: ObjectEntry[] = [];
    try {
      for (const file of initial.files) {
        const { entry } = await this.upload(repository.id, repository.defaultBranch, file.path, file.bytes, {
          contentType: file.contentType,
          metadata: {},
          force: true,
        });
        uploaded.push(entry);
      }
      await this.store.commit(repository.id, repository.defaultBranch, { committer, message: initial.message, force: true });
    } catch (err) {
      for (const entry of uploaded) await this.blocks.delete(repository.storageNamespace, entry.address);
      throw err;
    }
  }

  getRepository(id: string): Promise<Repository> {
    return this.store.getRepository(id);
  }

  listRepositories(o: PageOptions & { search?: string }): Promise<Page<Repository>> {
    return this.store.listRepositories(o);
  }

  async deleteRepository(id: string, o: ForceOption): Promise<void> {
    await this.store.deleteRepository(id, o);
    await this.hooks.forgetRepository(id);
  }

  // Branches and tags

  async createBranch(repo: string, branch: string, source: string, o: ForceOption & { hidden?: boolean }): Promise<Branch> {
    const { hooks } = await this.hooksOf(repo);
    if (!hooks) return this.store.createBranch(repo, branch, source, o);
    // The checks the store makes, made before the pre-hooks so that hooks never run for a call bound to fail.
    validateBranchId(branch);
    const from = await this.store.getCommit(repo, source);
    if (await this.found(() => this.store.getBranch(repo, branch))) throw new AlreadyExistsError('branch');
    const event = hookEvent('create-branch', repo, { branchId: branch, sourceRef: source, commitId: from.id });
    await hooks.runPre(event);
    const created = await this.store.createBranch(repo, branch, source, o);
    hooks.runPost({ ...event, commitId: created.commitId });
    return created;
  }

  getBranch(repo: string, branch: string): Promise<Branch> {
    return this.store.getBranch(repo, branch);
  }

  listBranches(repo: string, o: PageOptions & { showHidden?: boolean }): Promise<Page<Branch>> {
    return this.store.listBranches(repo, o);
  }

  async deleteBranch(repo: string, branch: string, o: ForceOption): Promise<void> {
    const { repository, hooks } = await this.hooksOf(repo);
    // The default branch is never deleted: the store refuses it, and no hook hears of it.
    if (!hooks || branch === repository.defaultBranch) return this.store.deleteBranch(repo, branch, o);
    const { commitId } = await this.store.getBranch(repo, branch);
    const event = hookEvent('delete-branch', repo, { branchId: branch, sourceRef: branch, commitId });
    await hooks.runPre(event);
    await this.store.deleteBranch(repo, branch, o);
    // The branch is gone: its last commit holds the action files.
    hooks.runPost({ ...event, sourceRef: commitId });
  }

  /** Discards every uncommitted change of the branch. */
  resetBranch(repo: string, branch: string, o: ForceOption): Promise<void> {
    return this.store.resetBranch(repo, branch, o);
  }

  /** Discards the uncommitted change of one path. */
  resetObject(repo: string, branch: string, path: string, o: ForceOption): Promise<void> {
    return this.store.resetObject(repo, branch, path, o);
  }

  /** Discards the uncommitted changes under a prefix. */
  resetPrefix(repo: string, branch: string, prefix: string, o: ForceOption): Promise<void> {
    return this.store.resetPrefix(repo, branch, prefix, o);
  }

  /** Points the branch at the commit `ref` names and discards its uncommitted changes. */
  hardReset(repo: string, branch: string, ref: string, o: ForceOption): Promise<void> {
    return this.store.hardReset(repo, branch, ref, o);
  }

  async createTag(repo: string, tag: string, ref: string, o: ForceOption): Promise<Ref> {
    const { hooks } = await this.hooksOf(repo);
    if (!hooks) return this.store.createTag(repo, tag, ref, o);
    validateTagId(tag);
    const target = await this.store.getCommit(repo, ref);
    if (await this.found(() => this.store.getTag(repo, tag))) throw new AlreadyExistsError('tag');
    const event = hookEvent('create-tag', repo, { tagId: tag, sourceRef: target.id, commitId: target.id });
    await hooks.runPre(event);
    const created = await this.store.createTag(repo, tag, ref, o);
    hooks.runPost(event);
    return created;
  }

  getTag(repo: string, tag: string): Promise<Ref> {
    return this.store.getTag(repo, tag);
  }

  listTags(repo: string, o: PageOptions): Promise<Page<Ref>> {
    return this.store.listTags(repo, o);
  }

  async deleteTag(repo: string, tag: string, o: ForceOption): Promise<void> {
    const { hooks } = await this.hooksOf(repo);
    if (!hooks) return this.store.deleteTag(repo, tag, o);
    const { commitId } = await this.store.getTag(repo, tag);
    const event = hookEvent('delete-tag', repo, { tagId: tag, sourceRef: commitId, commitId });
    await hooks.runPre(event);
    await this.store.deleteTag(repo, tag, o);
    hooks.runPost(event);
  }

  // Commits, diff and merge

  commit(repo: string, branch: string, o: CommitOptions): Promise<Commit> {
    return this.committing('commit', repo, branch, (hook) => this.store.commit(repo, branch, { ...o, ...hook }));
  }

  /** Commits an existing metarange as-is (`source_metarange`) on a clean branch. */
  commitMetaRange(repo: string, branch: string, metaRangeId: string, o: CommitOptions): Promise<Commit> {
    return this.committing('commit', repo, branch, (hook) => this.store.commitMetaRange(repo, branch, metaRangeId, { ...o, ...hook }));
  }

  /** Commits an imported tree over the branch's head, with a commit's hooks (its own `beforeBranchMove` after theirs). */
  private importMetaRange(repo: string, branch: string, metaRangeId: string, o: ImportOptions): Promise<Commit> {
    return this.committing('commit', repo, branch, (hook) =>
      this.store.importMetaRange(repo, branch, metaRangeId, {
        ...o,
        beforeBranchMove: async (commit) => {
          await hook.beforeBranchMove?.(commit);
          await o.beforeBranchMove?.(commit);
        },
      }),
    );
  }

  // Imports

  /** Starts importing the locations into the branch as one commit (in the background); answers the import's id. */
  startImport(repo: string, branch: string, input: ImportInput): Promise<string> {
    return this.importer.start(repo, branch, input);
  }

  importStatus(repo: string, branch: string, id: string): Promise<ImportStatus> {
    return this.importer.status(repo, branch, id);
  }

  /** 409 once the import's commit is made. */
  cancelImport(repo: string, branch: string, id: string): Promise<void> {
    return this.importer.cancel(repo, branch, id);
  }

  /** Stops the imports this process runs (each reported interrupted); resolves once they have stopped. */
  close(): Promise<void> {
    return this.importer.close();
  }

  /** Any ref expression that names a commit. */
  getCommit(repo: string, ref: string): Promise<Commit> {
    return this.store.getCommit(repo, ref);
  }

  log(repo: string, ref: string, o: LogOptions): Promise<Page<Commit>> {
    return this.store.log(repo, ref, o);
  }

  /** A page of the history of every visible branch and tag, children before parents (commit-graph.ts). */
  commitGraph(repo: string, o: CommitGraphOptions): Promise<CommitGraphPage> {
    return commitGraph(this.store, repo, o);
  }

  revert(repo: string, branch: string, ref: string, o: RevertOptions): Promise<Commit> {
    return this.committing('revert', repo, branch, (hook) => this.store.revert(repo, branch, ref, { ...o, ...hook }));
  }

  cherryPick(repo: string, branch: string, ref: string, o: CherryPickOptions): Promise<Commit> {
    return this.committing('cherry-pick', repo, branch, (hook) => this.store.cherryPick(repo, branch, ref, { ...o, ...hook }));
  }

  diffUncommitted(repo: string, branch: string, o: ListOptions): Promise<Page<DiffItem>> {
    return this.store.diffUncommitted(repo, branch, o);
  }

  diff(repo: string, left: string, right: string, o: DiffOptions): Promise<Page<DiffItem>> {
    return this.store.diff(repo, left, right, o);
  }

  merge(repo: string, source: string, destinationBranch: string, o: MergeOptions): Promise<Commit> {
    return this.committing('merge', repo, destinationBranch, (hook) => this.store.merge(repo, source, destinationBranch, { ...o, ...hook }), source);
  }

  findMergeBase(repo: string, source: string, destination: string): Promise<MergeBase> {
    return this.store.findMergeBase(repo, source, destination);
  }

  // Objects

  /** Streams `body` to the block store, then stages its entry. Nothing is staged if the body fails midway. */
  async upload(repo: string, branch: string, path: string, body: PutBody, input: UploadInput): Promise<ObjectStats> {
    const repository = await this.writableRepository(repo, branch, input);
    // A missing branch is reported by putObject below (and the written data removed): not checked up front, as
    // that would cost every upload a read for the sake of a rare mistake.
    if (input.ifAbsent && (await this.exists(repo, branch, path))) throw new PreconditionFailedError('path already exists');
    const address = this.blocks.newDataKey();
    const written = await this.blocks.put(repository.storageNamespace, address, body);
    const entry: ObjectEntry = {
      address,
      addressType: 'relative',
      size: written.size,
      checksum: input.multipart?.checksum ?? written.checksum,
      mtime: this.now(),
      contentType: input.contentType,
      metadata: input.metadata,
      ...(input.multipart ? { parts: input.multipart.parts } : {}),
    };
    try {
      // A body received whole was stored in moments, so the checks made before storing it hold for staging it; a
      // streamed one may have taken minutes, and the repository and the branch's protection are checked again.
      await this.stage(repo, branch, path, entry, input, body instanceof Uint8Array ? repository : undefined);
    } catch (err) {
      await this.blocks.delete(repository.storageNamespace, address);
      throw err;
    }
    return { entry, physicalAddress: this.physicalAddress(repository, entry) };
  }

  /**
   * The repository, once a write to the branch may start: refused on a read-only repository (unless forced) and
   * on a protected branch before any byte is stored. putObject checks protection again, as for every staging write.
   */
  private async writableRepository(repo: string, branch: string, o: { force?: boolean }): Promise<Repository> {
    const repository = await this.store.getRepository(repo);
    if (repository.readOnly && !o.force) throw new ReadOnlyRepositoryError();
    await this.store.checkBranchProtection(repo, branch, ['staging_write']);
    return repository;
  }

  private stage(repo: string, branch: string, path: string, entry: ObjectEntry, c: StageConditions, checked?: Repository): Promise<void> {
    return this.store.putObject(repo, branch, path, entry, {
      ...(c.ifAbsent ? { ifAbsent: true } : {}),
      ...(c.ifMatchChecksum !== undefined ? { ifMatchChecksum: c.ifMatchChecksum } : {}),
      ...(c.force ? { force: true } : {}),
      ...(checked ? { checked } : {}),
    });
  }

  // Presigned transfers: the client moves the bytes to and from the store, the server hands out addresses and links

  /** The presigned transfers of the repository's store; NotImplementedError when it offers none (a local folder). */
  private presignerOf(repository: Repository): Presigner {
    const presigner = this.blocks.presigner?.(repository.storageNamespace);
    if (!presigner) throw new NotImplementedError('presigned transfers need a block store clients can reach, such as S3');
    return presigner;
  }

  /**
   * A fresh address in the repository's namespace for one object, with a presigned PUT when asked. Any store gives
   * one, as lakeFS does: in the local folder, only a process that can write that folder can put the data there.
   */
  async getStagingLocation(repo: string, branch: string, o: ReadOptions = {}): Promise<StagingLocation> {
    const repository = await this.writableRepository(repo, branch, {});
    await this.store.getBranch(repo, branch);
    const presigner = o.presign ? this.presignerOf(repository) : undefined;
    const key = this.blocks.newDataKey();
    const physicalAddress = signStagingAddress(this.stagingKey, repo, this.blocks.fullAddress(repository.storageNamespace, key), this.now());
    if (!presigner) return { physicalAddress };
    const { url, expiry } = await presigner.presignPut(repository.storageNamespace, key);
    return { physicalAddress, presignedUrl: url, presignedUrlExpiry: expiry };
  }

  /**
   * Links an object the client wrote to a staging location to `path`. The address must be one this server signed
   * for the repository, and the object must be there with the size the client reports.
   */
  async linkPhysicalAddress(repo: string, branch: string, path: string, input: LinkInput): Promise<ObjectStats> {
    const repository = await this.writableRepository(repo, branch, input);
    const key = this.stagedKey(repository, input.physicalAddress);
    const found = await this.blocks.stat(repository.storageNamespace, key);
    if (!found) {
      // A client away from this machine can write to the local folder only through the API.
      const reachable = this.blocks.presigner?.(repository.storageNamespace) !== undefined;
      throw new ValidationError(
        reachable
          ? 'nothing was uploaded to the physical address'
          : 'nothing was written to the physical address: in the local data folder, only a process that can write that folder can put data there; upload through the API instead',
      );
    }
    if (found.size !== input.sizeBytes) throw new ValidationError(`size_bytes is ${input.sizeBytes}, but the uploaded object has ${found.size} bytes`);
    const checksum = input.checksum.replace(/["\s]/g, '');
    if (checksum === '') throw new ValidationError('checksum is required');
    return this.linkStaged(repository, branch, path, { key, size: found.size, checksum, mtime: input.mtime ?? this.now() }, input);
  }

  /** Starts a multipart upload to a fresh address of the namespace, with a presigned PUT for each of `parts` parts. */
  async createPresignedMultipartUpload(repo: string, branch: string, parts: number): Promise<PresignedMultipartUpload> {
    if (!Number.isInteger(parts) || parts < 0 || parts > maxUploadParts) throw new ValidationError(`parts must be from 0 to ${maxUploadParts}`);
    const repository = await this.writableRepository(repo, branch, {});
    await this.store.getBranch(repo, branch);
    const presigner = this.presignerOf(repository);
    const namespace = repository.storageNamespace;
    const key = this.blocks.newDataKey();
    const uploadId = await presigner.createMultipartUpload(namespace, key);
    const urls = await Promise.all(Array.from({ length: parts }, (_, i) => presigner.presignUploadPart(namespace, key, uploadId, i + 1)));
    return {
      uploadId,
      physicalAddress: signStagingAddress(this.stagingKey, repo, this.blocks.fullAddress(namespace, key), this.now()),
      presignedUrls: urls.map((u) => u.url),
    };
  }

  /** Joins the uploaded parts into the object and links it to `path`; its checksum is the store's ETag. */
  async completePresignedMultipartUpload(
    repo: string,
    branch: string,
    path: string,
    uploadId: string,
    input: CompleteMultipartInput,
  ): Promise<ObjectStats> {
    if (input.parts.length === 0) throw new ValidationError('parts must not be empty');
    const repository = await this.writableRepository(repo, branch, input);
    const presigner = this.presignerOf(repository);
    const key = this.stagedKey(repository, input.physicalAddress);
    const parts = [...input.parts].sort((a, b) => a.partNumber - b.partNumber);
    const etag = await presigner.completeMultipartUpload(repository.storageNamespace, key, uploadId, parts);
    const found = await this.blocks.stat(repository.storageNamespace, key);
    if (!found) throw new ValidationError('the multipart upload left no object');
    return this.linkStaged(repository, branch, path, { key, size: found.size, checksum: etag, mtime: this.now() }, input);
  }

  /** A presigned PUT address for one part of a multipart upload this server started (lakeFS's uploadPart). */
  async presignUploadPart(repo: string, branch: string, uploadId: string, partNumber: number, physicalAddress: string): Promise<string> {
    const repository = await this.writableRepository(repo, branch, {});
    await this.store.getBranch(repo, branch);
    const presigner = this.presignerOf(repository);
    const key = this.stagedKey(repository, physicalAddress);
    return (await presigner.presignUploadPart(repository.storageNamespace, key, uploadId, partNumber)).url;
  }

  /**
   * Writes one part of a multipart upload this server started from an object at a ref, or a byte range of it
   * (lakeFS's uploadPartCopy); answers the part's ETag for the completion. The bytes pass through this server, so
   * the source may be in any store. `rangeOf` picks the range once the source's size is known.
   */
  async copyUploadPart(
    repo: string,
    branch: string,
    part: { uploadId: string; partNumber: number; physicalAddress: string },
    source: { repository: string; ref: string; path: string },
    rangeOf: (size: number) => ByteRange | undefined,
  ): Promise<string> {
    const repository = await this.writableRepository(repo, branch, {});
    await this.store.getBranch(repo, branch);
    const presigner = this.presignerOf(repository);
    const key = this.stagedKey(repository, part.physicalAddress);
    const object = await this.getObject(source.repository, source.ref, source.path);
    const size = object.entry.size;
    const range = rangeOf(size);
    const length = range ? (range.end ?? size - 1) - range.start + 1 : size;
    const body = await object.stream(range);
    return presigner.uploadPart(repository.storageNamespace, key, part.uploadId, part.partNumber, body, length);
  }

  async abortPresignedMultipartUpload(repo: string, branch: string, uploadId: string, physicalAddress: string): Promise<void> {
    const repository = await this.store.getRepository(repo);
    await this.store.getBranch(repo, branch);
    const presigner = this.presignerOf(repository);
    const key = this.stagedKey(repository, physicalAddress);
    await presigner.abortMultipartUpload(repository.storageNamespace, key, uploadId);
  }

  /** The key of a signed staging address: one this server gave out for the repository, inside its namespace. */
  private stagedKey(repository: Repository, signedAddress: string): string {
    const address = verifyStagingAddress(this.stagingKey, repository.id, signedAddress, this.now());
    const base = this.blocks.fullAddress(repository.storageNamespace, '');
    const key = address.startsWith(base) ? address.slice(base.length) : '';
    // Signed addresses always pass this; it guards against a leaked key, not against clients.
    if (!key.startsWith('data/')) throw new ValidationError('physical address is outside the repository’s storage namespace');
    return key;
  }

  private async linkStaged(
    repository: Repository,
    branch: string,
    path: string,
    data: { key: string; size: number; checksum: string; mtime: number },
    input: StageConditions & { contentType: string; metadata: Record<string, string> },
  ): Promise<ObjectStats> {
    if (input.ifAbsent && (await this.exists(repository.id, branch, path))) throw new PreconditionFailedError('path already exists');
    const entry: ObjectEntry = {
      address: data.key,
      addressType: 'relative',
      size: data.size,
      checksum: data.checksum,
      mtime: data.mtime,
      contentType: input.contentType || 'application/octet-stream',
      metadata: input.metadata,
    };
    // Data the link does not take stays for the client to link again; garbage collection removes it otherwise.
    await this.stage(repository.id, branch, path, entry, input);
    return { entry, physicalAddress: this.physicalAddress(repository, entry) };
  }

  private exists(repo: string, ref: string, path: string): Promise<boolean> {
    return this.found(() => this.store.getObject(repo, ref, path));
  }

  /** Whether a read finds its subject (false on NotFoundError). */
  private async found(read: () => Promise<unknown>): Promise<boolean> {
    try {
      await read();
      return true;
    } catch (err) {
      if (err instanceof NotFoundError) return false;
      throw err;
    }
  }

  /** The object at `path` on `ref`; NotFoundError('object') when there is none. */
  async getObject(repo: string, ref: string, path: string, o: ReadOptions = {}): Promise<StoredObject> {
    const { repository, entry } = await this.store.readObject(repo, ref, path);
    const { namespace, key } = this.location(repository, entry);
    return {
      ...(await this.stats(repository, entry, o)),
      stream: (range) => this.blocks.get(namespace, key, range),
      bytes: (range) => this.blocks.getBytes(namespace, key, range),
    };
  }

  async listObjects(repo: string, ref: string, o: ListOptions, read: ReadOptions = {}): Promise<Page<ObjectListItem>> {
    const repository = await this.store.getRepository(repo);
    const page = await this.store.listObjects(repo, ref, o);
    return {
      ...page,
      results: await Promise.all(
        page.results.map(async (item) =>
          item.pathType === 'common_prefix' ? item : { ...item, ...(await this.stats(repository, item.entry, read)) },
        ),
      ),
    };
  }

  /** The file finder: paths of the ref containing the query, in any case; a page may stop early on time. */
  findObjects(repo: string, ref: string, o: FindOptions): Promise<Page<ObjectRecord>> {
    return this.store.findObjects(repo, ref, o);
  }

  /** The entry with where its data is: presigned when asked and the store offers it, else the store's URI. */
  private async stats(repository: Repository, entry: ObjectEntry, o: ReadOptions): Promise<ObjectStats> {
    const { namespace, key } = this.location(repository, entry);
    const presigner = o.presign ? this.blocks.presigner?.(namespace) : undefined;
    if (!presigner) return { entry, physicalAddress: this.physicalAddress(repository, entry) };
    const { url, expiry } = await presigner.presignGet(namespace, key);
    return { entry, physicalAddress: url, physicalAddressExpiry: expiry };
  }

  /** Deleting a path that does not exist is not an error. */
  deleteObject(repo: string, branch: string, path: string, o: ForceOption): Promise<void> {
    return this.store.deleteObject(repo, branch, path, o);
  }

  /** Deletes each path on its own; the failures of single paths are returned, not thrown. */
  async deleteObjects(repo: string, branch: string, paths: string[], o: ForceOption): Promise<DeleteFailure[]> {
    const repository = await this.store.getRepository(repo);
    if (repository.readOnly && !o.force) throw new ReadOnlyRepositoryError();
    // A protected branch refuses the whole call, as lakeFS does, rather than each path.
    await this.store.checkBranchProtection(repo, branch, ['staging_write']);
    await this.store.getBranch(repo, branch);
    const failures: DeleteFailure[] = [];
    for (const path of paths) {
      try {
        await this.store.deleteObject(repo, branch, path, o);
      } catch (error) {
        failures.push({ path, error });
      }
    }
    return failures;
  }

  /** Throws unless the branch exists in a writable repository. */
  async stageAllowed(repo: string, branch: string): Promise<void> {
    const repository = await this.store.getRepository(repo);
    if (repository.readOnly) throw new ReadOnlyRepositoryError();
    await this.store.getBranch(repo, branch);
  }

  /**
   * Copies an object (from any ref) to a path of a branch. Its data is streamed to a fresh key of the namespace, or
   * shared when `shallow` and it already lives in the namespace; the copy keeps the checksum, type and metadata.
   */
  async copyObject(repo: string, branch: string, destPath: string, input: CopyInput): Promise<ObjectStats> {
    const repository = await this.store.getRepository(repo);
    if (repository.readOnly && !input.force) throw new ReadOnlyRepositoryError();
    const source = await this.store.getObject(repo, input.srcRef ?? branch, input.srcPath);
    const shared = input.shallow === true && source.addressType === 'relative';
    let address = source.address;
    let size = source.size;
    if (!shared) {
      address = this.blocks.newDataKey();
      const { namespace, key } = this.location(repository, source);
      size = (await this.blocks.put(repository.storageNamespace, address, await this.blocks.get(namespace, key))).size;
    }
    const entry: ObjectEntry = { ...source, ...input.replace, address, addressType: 'relative', size, mtime: this.now() };
    try {
      await this.store.putObject(repo, branch, destPath, entry, input.force ? { force: true } : {});
    } catch (err) {
      if (!shared) await this.blocks.delete(repository.storageNamespace, address);
      throw err;
    }
    return { entry, physicalAddress: this.physicalAddress(repository, entry) };
  }

  /**
   * Stages an entry for data already written to the repository's namespace. The address must name a key inside the
   * namespace (the block store refuses keys that would leave it), outside Tarn's own files, holding exactly
   * `size` bytes: an address anywhere else could expose data the caller may not read.
   */
  async stageObject(repo: string, branch: string, path: string, input: StageInput): Promise<ObjectStats> {
    const repository = await this.store.getRepository(repo);
    if (repository.readOnly && !input.force) throw new ReadOnlyRepositoryError();
    const key = this.keyInNamespace(repository, input.physicalAddress);
    const stat = await this.blocks.stat(repository.storageNamespace, key);
    if (!stat) throw new ValidationError(`no data at physical address ${input.physicalAddress}`);
    if (stat.size !== input.size) {
      throw new ValidationError(`size_bytes is ${input.size}, but the data at the physical address has ${stat.size} bytes`);
    }
    const entry: ObjectEntry = {
      address: key,
      addressType: 'relative',
      size: input.size,
      checksum: input.checksum,
      mtime: input.mtime ?? this.now(),
      contentType: input.contentType,
      metadata: input.metadata,
    };
    await this.store.putObject(repo, branch, path, entry, input.force ? { force: true } : {});
    return { entry, physicalAddress: this.physicalAddress(repository, entry) };
  }

  /** The key a full address names inside the repository's namespace; 403 for any address outside it. */
  private keyInNamespace(repository: Repository, address: string): string {
    const root = `${repository.storageNamespace.replace(/\/+$/, '')}/`;
    if (!address.startsWith(root) || address.length === root.length) {
      throw new ForbiddenError(`physical address must be inside the repository's storage namespace ${root}`);
    }
    const key = address.slice(root.length);
    if (OWN_FILES.some((own) => key.startsWith(own))) throw new ForbiddenError("physical address must not point at the repository's own metadata");
    return key;
  }

  /** How the block store keeps an object's data: its storage class, null where the store has none. */
  async underlyingProperties(repo: string, ref: string, path: string): Promise<{ storageClass: string | null }> {
    const { repository, entry } = await this.store.readObject(repo, ref, path);
    const { namespace, key } = this.location(repository, entry);
    const stat = await this.blocks.stat(namespace, key);
    if (!stat) throw new BlockNotFoundError(namespace, key);
    return { storageClass: stat.storageClass ?? null };
  }

  /**
   * Writes Hive symlink manifests of the branch's objects (staged ones included) under `location` (a path prefix)
   * to the namespace, and returns the folder under which they are kept by repository and branch.
   */
  async createSymlinks(repo: string, branch: string, location: string): Promise<string> {
    const repository = await this.store.getRepository(repo);
    // A branch id is one safe path segment of the manifests' keys.
    await this.store.getBranch(repo, branch);
    await writeSymlinkManifests(
      this.blocks,
      repository.storageNamespace,
      `${SYMLINKS_ROOT}/${repo}/${branch}`,
      (o) => this.listObjects(repo, branch, o),
      location,
    );
    return this.blocks.fullAddress(repository.storageNamespace, SYMLINKS_ROOT);
  }

  /** Replaces the user metadata of an object on a branch (staging the changed entry); its data stays where it is. */
  async updateObjectUserMetadata(repo: string, branch: string, path: string, metadata: Record<string, string>): Promise<void> {
    const repository = await this.store.getRepository(repo);
    if (repository.readOnly) throw new ReadOnlyRepositoryError();
    await this.store.getBranch(repo, branch);
    const entry = await this.store.getObject(repo, branch, path);
    await this.store.putObject(repo, branch, path, { ...entry, metadata });
  }

  // Repository administration

  getRepositoryMetadata(repo: string): Promise<RepositoryMetadata> {
    return this.store.getRepositoryMetadata(repo);
  }

  setRepositoryMetadata(repo: string, metadata: RepositoryMetadata): Promise<void> {
    return this.store.setRepositoryMetadata(repo, metadata);
  }

  deleteRepositoryMetadata(repo: string, keys: string[]): Promise<void> {
    return this.store.deleteRepositoryMetadata(repo, keys);
  }

  dumpRefs(repo: string): Promise<RefsDump> {
    return this.store.dumpRefs(repo);
  }

  restoreRefs(repo: string, dump: RefsDump, o: ForceOption): Promise<void> {
    return this.store.restoreRefs(repo, dump, o);
  }

  submitDump(repo: string): Promise<string> {
    return this.store.submitDump(repo);
  }

  submitRestore(repo: string, dump: RefsDump, o: ForceOption): Promise<string> {
    return this.store.submitRestore(repo, dump, o);
  }

  dumpStatus(repo: string, taskId: string): Promise<TaskStatus<RefsDump>> {
    return this.store.dumpStatus(repo, taskId);
  }

  restoreStatus(repo: string, taskId: string): Promise<TaskStatus<void>> {
    return this.store.restoreStatus(repo, taskId);
  }

  /** Where a metarange or range file of the repository is stored (its full URI). */
  treeFileAddress(repo: string, kind: 'range' | 'metarange', id: string): Promise<string> {
    return this.store.treeFileAddress(repo, kind, id);
  }

  // Settings

  setReadOnly(repo: string, readOnly: boolean): Promise<Repository> {
    return this.store.setReadOnly(repo, readOnly);
  }

  getBranchProtection(repo: string): Promise<BranchProtection> {
    return this.store.getBranchProtection(repo);
  }

  /** `ifMatch`: absent writes unconditionally, `''` only if no rules exist yet, else the current checksum. */
  setBranchProtection(repo: string, patterns: string[], ifMatch?: string): Promise<void> {
    return this.store.setBranchProtection(repo, patterns, ifMatch);
  }

  addBranchProtectionRule(repo: string, pattern: string): Promise<void> {
    return this.store.addBranchProtectionRule(repo, pattern);
  }

  deleteBranchProtectionRule(repo: string, pattern: string): Promise<void> {
    return this.store.deleteBranchProtectionRule(repo, pattern);
  }

  /** SettingNotFoundError when there are none. */
  getGcRules(repo: string): Promise<GcRules> {
    return this.store.getGcRules(repo);
  }

  setGcRules(repo: string, rules: GcRules): Promise<void> {
    return this.store.setGcRules(repo, rules);
  }

  deleteGcRules(repo: string): Promise<void> {
    return this.store.deleteGcRules(repo);
  }

  // Preparing lakeFS's garbage-collection job: what the rules Tarn's own collector applies keep, written for it

  /** commits.csv of a new run; SettingNotFoundError (404) without GC rules. */
  prepareGcCommits(repo: string): Promise<CommitsPrepared> {
    return prepareGcCommits(this.store, this.blocks, repo, this.now());
  }

  /** The same in the background. The rules are checked first, so a call that cannot succeed is refused, not queued. */
  async submitPrepareGcCommits(repo: string): Promise<string> {
    await this.store.getGcRules(repo);
    return this.store.submitTask(repo, 'gc_prepare_commits', () => this.prepareGcCommits(repo));
  }

  prepareGcCommitsStatus(repo: string, taskId: string): Promise<TaskStatus<CommitsPrepared>> {
    return this.store.taskStatus<CommitsPrepared>(repo, 'gc_prepare_commits', taskId);
  }

  /** The next part of the staged data's listing: a new run without a token. */
  prepareGcUncommitted(repo: string, continuationToken?: string): Promise<UncommittedPrepared> {
    return prepareGcUncommitted(this.store, this.blocks, repo, continuationToken === undefined ? {} : { continuationToken });
  }

  /** The bytes of a metarange or range file of the repository. */
  readTreeFile(repo: string, kind: 'range' | 'metarange', id: string): Promise<Buffer> {
    return this.store.readTreeFile(repo, kind, id);
  }

  /** Stores a commit record as given, when its id is the id of its content; no branch moves. */
  createCommitRecord(repo: string, commit: Commit, o: ForceOption): Promise<void> {
    return this.store.createCommitRecord(repo, commit, o);
  }

  private physicalAddress(repository: Repository, entry: ObjectEntry): string {
    return entry.addressType === 'full' ? entry.address : this.blocks.fullAddress(repository.storageNamespace, entry.address);
  }

  /**
   * Where an entry's bytes live: its repository's namespace, or the namespace named by a full address (its first
   * segment, as a bucket; or, for an absolute path of the import root, `local:///srv/import/a.csv`, its folder).
   */
  private location(repository: Repository, entry: ObjectEntry): { namespace: string; key: string } {
    if (entry.addressType === 'relative') return { namespace: repository.storageNamespace, key: entry.address };
    const prefix = /^[a-z][a-z0-9+.-]*:\/\//.exec(entry.address)?.[0] ?? this.blocks.namespacePrefix;
    const rest = entry.address.startsWith(prefix) ? entry.address.slice(prefix.length) : entry.address;
    const slash = rest.startsWith('/') ? rest.lastIndexOf('/') : rest.indexOf('/');
    return slash < 0
      ? { namespace: prefix + rest, key: '' }
      : { namespace: prefix + rest.slice(0, slash), key: rest.slice(slash + 1) };
  }
}
