// The rules the catalog adds over the versioned store: hooks around the operations that fire events (branches, tags,
// commits, merges, reverts, cherry-picks), object data in the block store under the repository's namespace at a
// fresh key (never derived from the user's path) with its entry staged on the branch, the read-only flag and branch
// protection checked before any byte is stored, presigned transfers through signed staging addresses, addresses
// confined to the repository's storage, the storage ids a repository may name, and lakeFS's GC preparation. The
// store's plain operations, to which none of this applies, are reached through `catalog.store` (versioned-store.ts).
import { randomBytes } from 'node:crypto';
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
  CherryPickOptions,
  Commit,
  CommitOptions,
  ForceOption,
  Graveler,
  ImportOptions,
  ListOptions,
  MergeOptions,
  ObjectEntry,
  Page,
  Ref,
  Repository,
  RevertOptions,
  TaskStatus,
} from '../graveler';
import { prepareGcCommits, prepareGcUncommitted, type CommitsPrepared, type UncommittedPrepared } from '../gc';
import { commitGraph, type CommitGraphOptions, type CommitGraphPage } from './commit-graph';
import { noHooks, type HookEvent, type HookOperation, type Hooks } from './hooks';
import { Importer, noImports, type ImportSettings } from './importer';
import { MultipartUploads } from './multipart-uploads';
import { PullRequests } from './pull-requests';
import type {
  CompleteMultipartInput,
  CopyInput,
  CreateRepositoryInput,
  DeleteFailure,
  InitialFiles,
  LinkInput,
  ObjectListItem,
  ObjectStats,
  PresignedMultipartUpload,
  ReadOptions,
  StageConditions,
  StageInput,
  StagingLocation,
  StoredObject,
  UploadInput,
} from './shapes';
import { SYMLINKS_ROOT, writeSymlinkManifests } from './symlinks';
import { signStagingAddress, verifyStagingAddress } from './staging-address';
import type { VersionedStore } from './versioned-store';

/** The id of Tarn's one block store, as lakeFS names its default (and, outside its Enterprise edition, only) store. */
export const defaultStorageId = '';

/** S3's limit on the parts of one upload. */
export const maxUploadParts = 10_000;

/** Where Tarn's own files live in a namespace (trees and refs dumps; action logs and GC lists, as lakeFS keeps them): never linked as an object's data. */
const OWN_FILES = ['_tarn/', '_lakefs/'];

/** A hook event with the fields an operation does not set left empty. */
function hookEvent(operation: HookOperation, repositoryId: string, fields: Partial<HookEvent>): HookEvent {
  return { operation, repositoryId, branchId: '', sourceRef: '', commitId: '', commitMessage: '', committer: '', commitMetadata: {}, ...fields };
}

const commitFields = (c: Commit) => ({ commitMessage: c.message, committer: c.committer, commitMetadata: c.metadata });

type BeforeBranchMove = (commit: Commit) => Promise<void>;

export class Catalog {
  /** The versioned store's plain operations, to which the catalog adds no rule (versioned-store.ts). */
  readonly store: VersionedStore;
  /** S3's multipart uploads (the gateway's); a completed one becomes an ordinary upload. */
  readonly multipartUploads: MultipartUploads<ObjectStats>;
  readonly pullRequests: PullRequests;
  /** Imports from storage, run in the background: start, status, cancel (importer.ts). */
  readonly imports: Importer;

  constructor(
    private readonly graveler: Graveler,
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
    this.store = graveler;
    this.imports = new Importer(graveler, blocks, (repo, branch, metaRangeId, o) => this.importMetaRange(repo, branch, metaRangeId, o), imports);
    this.multipartUploads = new MultipartUploads(blocks, {
      repository: (id) => graveler.getRepository(id),
      writableBranch: async (repo, branch) => {
        const repository = await this.writableRepository(repo, branch, {});
        await graveler.getBranch(repo, branch);
        return repository;
      },
      upload: (repo, branch, path, body, input) => this.upload(repo, branch, path, body, input),
      now,
    });
    this.pullRequests = new PullRequests(graveler, (repo, source, destination, o) => this.merge(repo, source, destination, o), now);
  }

  /** Stops the imports this process runs (each reported interrupted); resolves once they have stopped. */
  close(): Promise<void> {
    return this.imports.close();
  }

  /** The repository's hooks: none on a read-only repository, as in lakeFS (even when a write is forced). */
  private async hooksOf(repo: string): Promise<{ repository: Repository; hooks: Hooks | undefined }> {
    const repository = await this.graveler.getRepository(repo);
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
        const sourceRef = mergeSource === undefined ? branch : (await this.graveler.getCommit(repo, mergeSource)).id;
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
    return this.graveler.createRepository(
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
            if (input.protectDefaultBranch) await this.graveler.setBranchProtection(repository.id, [repository.defaultBranch], '');
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
      await this.graveler.commit(repository.id, repository.defaultBranch, { committer, message: initial.message, force: true });
    } catch (err) {
      for (const entry of uploaded) await this.blocks.delete(repository.storageNamespace, entry.address);
      throw err;
    }
  }

  async deleteRepository(id: string, o: ForceOption): Promise<void> {
    await this.graveler.deleteRepository(id, o);
    await this.hooks.forgetRepository(id);
  }

  // Branches and tags

  async createBranch(repo: string, branch: string, source: string, o: ForceOption & { hidden?: boolean }): Promise<Branch> {
    const { hooks } = await this.hooksOf(repo);
    if (!hooks) return this.graveler.createBranch(repo, branch, source, o);
    // The checks the store makes, made before the pre-hooks so that hooks never run for a call bound to fail.
    validateBranchId(branch);
    const from = await this.graveler.getCommit(repo, source);
    if (await this.found(() => this.graveler.getBranch(repo, branch))) throw new AlreadyExistsError('branch');
    const event = hookEvent('create-branch', repo, { branchId: branch, sourceRef: source, commitId: from.id });
    await hooks.runPre(event);
    const created = await this.graveler.createBranch(repo, branch, source, o);
    hooks.runPost({ ...event, commitId: created.commitId });
    return created;
  }

  async deleteBranch(repo: string, branch: string, o: ForceOption): Promise<void> {
    const { repository, hooks } = await this.hooksOf(repo);
    // The default branch is never deleted: the store refuses it, and no hook hears of it.
    if (!hooks || branch === repository.defaultBranch) return this.graveler.deleteBranch(repo, branch, o);
    const { commitId } = await this.graveler.getBranch(repo, branch);
    const event = hookEvent('delete-branch', repo, { branchId: branch, sourceRef: branch, commitId });
    await hooks.runPre(event);
    await this.graveler.deleteBranch(repo, branch, o);
    // The branch is gone: its last commit holds the action files.
    hooks.runPost({ ...event, sourceRef: commitId });
  }

  async createTag(repo: string, tag: string, ref: string, o: ForceOption): Promise<Ref> {
    const { hooks } = await this.hooksOf(repo);
    if (!hooks) return this.graveler.createTag(repo, tag, ref, o);
    validateTagId(tag);
    const target = await this.graveler.getCommit(repo, ref);
    if (await this.found(() => this.graveler.getTag(repo, tag))) throw new AlreadyExistsError('tag');
    const event = hookEvent('create-tag', repo, { tagId: tag, sourceRef: target.id, commitId: target.id });
    await hooks.runPre(event);
    const created = await this.graveler.createTag(repo, tag, ref, o);
    hooks.runPost(event);
    return created;
  }

  async deleteTag(repo: string, tag: string, o: ForceOption): Promise<void> {
    const { hooks } = await this.hooksOf(repo);
    if (!hooks) return this.graveler.deleteTag(repo, tag, o);
    const { commitId } = await this.graveler.getTag(repo, tag);
    const event = hookEvent('delete-tag', repo, { tagId: tag, sourceRef: commitId, commitId });
    await hooks.runPre(event);
    await this.graveler.deleteTag(repo, tag, o);
    hooks.runPost(event);
  }

  // Commits and merges

  commit(repo: string, branch: string, o: CommitOptions): Promise<Commit> {
    return this.committing('commit', repo, branch, (hook) => this.graveler.commit(repo, branch, { ...o, ...hook }));
  }

  /** Commits an existing metarange as-is (`source_metarange`) on a clean branch. */
  commitMetaRange(repo: string, branch: string, metaRangeId: string, o: CommitOptions): Promise<Commit> {
    return this.committing('commit', repo, branch, (hook) => this.graveler.commitMetaRange(repo, branch, metaRangeId, { ...o, ...hook }));
  }

  /** Commits an imported tree over the branch's head, with a commit's hooks (its own `beforeBranchMove` after theirs). */
  private importMetaRange(repo: string, branch: string, metaRangeId: string, o: ImportOptions): Promise<Commit> {
    return this.committing('commit', repo, branch, (hook) =>
      this.graveler.importMetaRange(repo, branch, metaRangeId, {
        ...o,
        beforeBranchMove: async (commit) => {
          await hook.beforeBranchMove?.(commit);
          await o.beforeBranchMove?.(commit);
        },
      }),
    );
  }

  /** A page of the history of every visible branch and tag, children before parents (commit-graph.ts). */
  commitGraph(repo: string, o: CommitGraphOptions): Promise<CommitGraphPage> {
    return commitGraph(this.graveler, repo, o);
  }

  revert(repo: string, branch: string, ref: string, o: RevertOptions): Promise<Commit> {
    return this.committing('revert', repo, branch, (hook) => this.graveler.revert(repo, branch, ref, { ...o, ...hook }));
  }

  cherryPick(repo: string, branch: string, ref: string, o: CherryPickOptions): Promise<Commit> {
    return this.committing('cherry-pick', repo, branch, (hook) => this.graveler.cherryPick(repo, branch, ref, { ...o, ...hook }));
  }

  merge(repo: string, source: string, destinationBranch: string, o: MergeOptions): Promise<Commit> {
    return this.committing('merge', repo, destinationBranch, (hook) => this.graveler.merge(repo, source, destinationBranch, { ...o, ...hook }), source);
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
    const repository = await this.graveler.getRepository(repo);
    if (repository.readOnly && !o.force) throw new ReadOnlyRepositoryError();
    await this.graveler.checkBranchProtection(repo, branch, ['staging_write']);
    return repository;
  }

  private stage(repo: string, branch: string, path: string, entry: ObjectEntry, c: StageConditions, checked?: Repository): Promise<void> {
    return this.graveler.putObject(repo, branch, path, entry, {
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
    await this.graveler.getBranch(repo, branch);
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
    await this.graveler.getBranch(repo, branch);
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
    await this.graveler.getBranch(repo, branch);
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
    await this.graveler.getBranch(repo, branch);
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
    const repository = await this.graveler.getRepository(repo);
    await this.graveler.getBranch(repo, branch);
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
    return this.found(() => this.graveler.getObject(repo, ref, path));
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
    const { repository, entry } = await this.graveler.readObject(repo, ref, path);
    const { namespace, key } = this.location(repository, entry);
    return {
      ...(await this.stats(repository, entry, o)),
      stream: (range) => this.blocks.get(namespace, key, range),
      bytes: (range) => this.blocks.getBytes(namespace, key, range),
    };
  }

  async listObjects(repo: string, ref: string, o: ListOptions, read: ReadOptions = {}): Promise<Page<ObjectListItem>> {
    const repository = await this.graveler.getRepository(repo);
    const page = await this.graveler.listObjects(repo, ref, o);
    return {
      ...page,
      results: await Promise.all(
        page.results.map(async (item) =>
          item.pathType === 'common_prefix' ? item : { ...item, ...(await this.stats(repository, item.entry, read)) },
        ),
      ),
    };
  }

  /** The entry with where its data is: presigned when asked and the store offers it, else the store's URI. */
  private async stats(repository: Repository, entry: ObjectEntry, o: ReadOptions): Promise<ObjectStats> {
    const { namespace, key } = this.location(repository, entry);
    const presigner = o.presign ? this.blocks.presigner?.(namespace) : undefined;
    if (!presigner) return { entry, physicalAddress: this.physicalAddress(repository, entry) };
    const { url, expiry } = await presigner.presignGet(namespace, key);
    return { entry, physicalAddress: url, physicalAddressExpiry: expiry };
  }

  /** Deletes each path on its own; the failures of single paths are returned, not thrown. */
  async deleteObjects(repo: string, branch: string, paths: string[], o: ForceOption): Promise<DeleteFailure[]> {
    const repository = await this.graveler.getRepository(repo);
    if (repository.readOnly && !o.force) throw new ReadOnlyRepositoryError();
    // A protected branch refuses the whole call, as lakeFS does, rather than each path.
    await this.graveler.checkBranchProtection(repo, branch, ['staging_write']);
    await this.graveler.getBranch(repo, branch);
    const failures: DeleteFailure[] = [];
    for (const path of paths) {
      try {
        await this.graveler.deleteObject(repo, branch, path, o);
      } catch (error) {
        failures.push({ path, error });
      }
    }
    return failures;
  }

  /** Throws unless the branch exists in a writable repository. */
  async stageAllowed(repo: string, branch: string): Promise<void> {
    const repository = await this.graveler.getRepository(repo);
    if (repository.readOnly) throw new ReadOnlyRepositoryError();
    await this.graveler.getBranch(repo, branch);
  }

  /**
   * Copies an object (from any ref) to a path of a branch. Its data is streamed to a fresh key of the namespace, or
   * shared when `shallow` and it already lives in the namespace; the copy keeps the checksum, type and metadata.
   */
  async copyObject(repo: string, branch: string, destPath: string, input: CopyInput): Promise<ObjectStats> {
    const repository = await this.graveler.getRepository(repo);
    if (repository.readOnly && !input.force) throw new ReadOnlyRepositoryError();
    const source = await this.graveler.getObject(repo, input.srcRef ?? branch, input.srcPath);
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
      await this.graveler.putObject(repo, branch, destPath, entry, input.force ? { force: true } : {});
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
    const repository = await this.graveler.getRepository(repo);
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
    await this.graveler.putObject(repo, branch, path, entry, input.force ? { force: true } : {});
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
    const { repository, entry } = await this.graveler.readObject(repo, ref, path);
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
    const repository = await this.graveler.getRepository(repo);
    // A branch id is one safe path segment of the manifests' keys.
    await this.graveler.getBranch(repo, branch);
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
    const repository = await this.graveler.getRepository(repo);
    if (repository.readOnly) throw new ReadOnlyRepositoryError();
    await this.graveler.getBranch(repo, branch);
    const entry = await this.graveler.getObject(repo, branch, path);
    await this.graveler.putObject(repo, branch, path, { ...entry, metadata });
  }

  // Preparing lakeFS's garbage-collection job: what the rules Tarn's own collector applies keep, written for it

  /** commits.csv of a new run; SettingNotFoundError (404) without GC rules. */
  prepareGcCommits(repo: string): Promise<CommitsPrepared> {
    return prepareGcCommits(this.graveler, this.blocks, repo, this.now());
  }

  /** The same in the background. The rules are checked first, so a call that cannot succeed is refused, not queued. */
  async submitPrepareGcCommits(repo: string): Promise<string> {
    await this.graveler.getGcRules(repo);
    return this.graveler.submitTask(repo, 'gc_prepare_commits', () => this.prepareGcCommits(repo));
  }

  prepareGcCommitsStatus(repo: string, taskId: string): Promise<TaskStatus<CommitsPrepared>> {
    return this.graveler.taskStatus<CommitsPrepared>(repo, 'gc_prepare_commits', taskId);
  }

  /** The next part of the staged data's listing: a new run without a token. */
  prepareGcUncommitted(repo: string, continuationToken?: string): Promise<UncommittedPrepared> {
    return prepareGcUncommitted(this.graveler, this.blocks, repo, continuationToken === undefined ? {} : { continuationToken });
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
