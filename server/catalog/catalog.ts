// The rules between HTTP and the versioned store: object data goes to the block store under the repository's
// namespace at a fresh key (never derived from the user's path), and its entry to the branch's staging.
import type { Readable } from 'node:stream';
import type { BlockStore, ByteRange, PutBody } from '../blockstore';
import {
  NotFoundError,
  PreconditionFailedError,
  ReadOnlyRepositoryError,
  type Graveler,
  type ObjectEntry,
  type Repository,
} from '../graveler';

export interface CreateRepositoryInput {
  id: string;
  storageNamespace: string;
  defaultBranch: string;
  readOnly: boolean;
  /** Files committed on the default branch right after it is made (the sample data, say), with that commit's message. */
  initialFiles?: { files: InitialFile[]; message: string };
  /** Only the repository record: no first commit and no branch (for restores). */
  bare?: boolean;
  committer: string;
}

export interface InitialFile {
  path: string;
  contentType: string;
  bytes: Buffer;
}

export interface UploadInput {
  contentType: string;
  metadata: Record<string, string>;
  /** `If-None-Match: *`. */
  ifAbsent?: boolean;
  /** `If-Match: <etag>`. */
  ifMatchChecksum?: string;
  force?: boolean;
}

export class Catalog {
  constructor(
    /** Refs, commits, diff and merge need no rules beyond the store's own. */
    readonly store: Graveler,
    private readonly blocks: BlockStore,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  async createRepository(input: CreateRepositoryInput): Promise<Repository> {
    this.blocks.validateNamespace(input.storageNamespace);
    const repository = await this.store.createRepository({
      id: input.id,
      storageNamespace: input.storageNamespace,
      defaultBranch: input.defaultBranch,
      readOnly: input.readOnly,
      ...(input.bare ? { bare: true } : {}),
    });
    if (input.initialFiles) {
      for (const file of input.initialFiles.files) {
        await this.upload(repository.id, repository.defaultBranch, file.path, file.bytes, {
          contentType: file.contentType,
          metadata: {},
          force: true,
        });
      }
      await this.store.commit(repository.id, repository.defaultBranch, {
        committer: input.committer,
        message: input.initialFiles.message,
        force: true,
      });
    }
    return repository;
  }

  /** Streams `body` to the block store, then stages its entry. Nothing is staged if the body fails midway. */
  async upload(
    repo: string,
    branch: string,
    path: string,
    body: PutBody,
    input: UploadInput,
  ): Promise<{ entry: ObjectEntry; physicalAddress: string }> {
    const repository = await this.store.getRepository(repo);
    if (repository.readOnly && !input.force) throw new ReadOnlyRepositoryError();
    // A missing branch is reported by putObject below (and the written data removed): not checked up front, as
    // that would cost every upload a read for the sake of a rare mistake.
    if (input.ifAbsent && (await this.exists(repo, branch, path))) throw new PreconditionFailedError('path already exists');
    const address = this.blocks.newDataKey();
    const written = await this.blocks.put(repository.storageNamespace, address, body);
    const entry: ObjectEntry = {
      address,
      addressType: 'relative',
      size: written.size,
      checksum: written.checksum,
      mtime: this.now(),
      contentType: input.contentType,
      metadata: input.metadata,
    };
    try {
      await this.store.putObject(repo, branch, path, entry, {
        ...(input.ifAbsent ? { ifAbsent: true } : {}),
        ...(input.ifMatchChecksum !== undefined ? { ifMatchChecksum: input.ifMatchChecksum } : {}),
        ...(input.force ? { force: true } : {}),
      });
    } catch (err) {
      await this.blocks.delete(repository.storageNamespace, address);
      throw err;
    }
    return { entry, physicalAddress: this.physicalAddress(repository, entry) };
  }

  private async exists(repo: string, ref: string, path: string): Promise<boolean> {
    try {
      await this.store.getObject(repo, ref, path);
      return true;
    } catch (err) {
      if (err instanceof NotFoundError) return false;
      throw err;
    }
  }

  async stat(repo: string, ref: string, path: string): Promise<{ entry: ObjectEntry; physicalAddress: string }> {
    const repository = await this.store.getRepository(repo);
    const entry = await this.store.getObject(repo, ref, path);
    return { entry, physicalAddress: this.physicalAddress(repository, entry) };
  }

  physicalAddress(repository: Repository, entry: ObjectEntry): string {
    return entry.addressType === 'full' ? entry.address : this.blocks.fullAddress(repository.storageNamespace, entry.address);
  }

  /** Where an entry's bytes live: its repository's namespace, or the namespace named by a full address. */
  private location(repository: Repository, entry: ObjectEntry): { namespace: string; key: string } {
    return entry.addressType === 'full'
      ? this.splitFullAddress(entry.address)
      : { namespace: repository.storageNamespace, key: entry.address };
  }

  /** A stream of the object's bytes (or a range of them). BlockNotFoundError when its data is gone. */
  async read(repository: Repository, entry: ObjectEntry, range?: ByteRange): Promise<Readable> {
    const { namespace, key } = this.location(repository, entry);
    return this.blocks.get(namespace, key, range);
  }

  /** The same, in memory: for small objects, where a stream costs more than the bytes. */
  async readBytes(repository: Repository, entry: ObjectEntry, range?: ByteRange): Promise<Buffer> {
    const { namespace, key } = this.location(repository, entry);
    return this.blocks.getBytes(namespace, key, range);
  }

  private splitFullAddress(address: string): { namespace: string; key: string } {
    const prefix = this.blocks.namespacePrefix;
    const rest = address.startsWith(prefix) ? address.slice(prefix.length) : address;
    const slash = rest.indexOf('/');
    return slash < 0
      ? { namespace: prefix + rest, key: '' }
      : { namespace: prefix + rest.slice(0, slash), key: rest.slice(slash + 1) };
  }

  async stageAllowed(repo: string, branch: string): Promise<void> {
    const repository = await this.store.getRepository(repo);
    if (repository.readOnly) throw new ReadOnlyRepositoryError();
    await this.store.getBranch(repo, branch);
  }
}
