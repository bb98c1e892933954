// Multipart uploads, as S3 has them (create, upload parts, complete or abort). An upload lives in its repository's
// namespace under `_tarn/multipart/<upload id>/`: its record, each part's bytes and each part's record (size and
// MD5), so every server process sharing the block store sees the same uploads. Completing streams the chosen parts,
// in order, through the catalog's ordinary upload (one new object, staged on the branch), then removes the folder.
// The object's checksum is S3's multipart one (the MD5 of the parts' MD5s), as lakeFS's local store computes it.
// The garbage collector deletes only under `data/`, so the parts of an upload in progress are never collected.
import { createHash, randomBytes } from 'node:crypto';
import type { BlockStore, PutBody } from '../blockstore';
import { BlockNotFoundError, InvalidPartsError, NoSuchUploadError, ValidationError } from '../errors';
import type { Repository } from '../graveler';

/** What the finished object gets from its upload's start. */
export interface ObjectAttributes {
  contentType: string;
  metadata: Record<string, string>;
}

export interface MultipartUpload {
  id: string;
  branch: string;
  path: string;
  contentType: string;
  metadata: Record<string, string>;
  /** Unix seconds. */
  initiated: number;
}

export interface UploadedPart {
  partNumber: number;
  /** Hex MD5 of the part's bytes. */
  etag: string;
  size: number;
  /** Unix seconds. */
  mtime: number;
}

/**
 * A multipart object's checksum: the hex MD5 of its parts' binary MD5s, in order; its S3 ETag is that with
 * `-<parts>`. lakeFS stores and reports the checksum without the suffix.
 */
export interface MultipartChecksum {
  checksum: string;
  parts: number;
}

export function multipartChecksum(partMd5s: readonly string[]): MultipartChecksum {
  const hash = createHash('md5');
  for (const md5 of partMd5s) hash.update(Buffer.from(md5, 'hex'));
  return { checksum: hash.digest('hex'), parts: partMd5s.length };
}

/** A part named by the completion request, with the ETag its upload answered. */
export interface ChosenPart {
  partNumber: number;
  etag: string;
}

export const maxPartNumber = 10_000;
/** S3's smallest part, for every part but the last. */
export const minPartBytes = 5 * 1024 * 1024;

const uploadIdPattern = /^[0-9a-f]{32}$/;
const folderOf = (id: string) => `_tarn/multipart/${id}/`;
const recordKey = (id: string) => `${folderOf(id)}upload.json`;
const partName = (n: number) => String(n).padStart(5, '0');
const partDataKey = (id: string, n: number) => `${folderOf(id)}${partName(n)}`;
const partRecordKey = (id: string, n: number) => `${folderOf(id)}${partName(n)}.json`;
const partRecordPattern = /\/(\d{5})\.json$/;

/** What the uploads need of the catalog; `Stored` is what its upload answers. */
export interface MultipartPorts<Stored> {
  repository(id: string): Promise<Repository>;
  /**
   * The repository, once a write to the branch may start: ReadOnlyRepositoryError, ProtectedBranchError, or
   * NotFoundError('branch') when it may not.
   */
  writableBranch(repo: string, branch: string): Promise<Repository>;
  upload(repo: string, branch: string, path: string, body: PutBody, input: ObjectAttributes & { multipart: MultipartChecksum }): Promise<Stored>;
  now(): number;
}

export class MultipartUploads<Stored> {
  constructor(
    private readonly blocks: BlockStore,
    private readonly ports: MultipartPorts<Stored>,
  ) {}

  /**
   * Starts an upload to `path` on `branch`, refused up front (nothing is written) where the object could never be
   * written: a read-only repository, a protected branch, no such branch. Completing it checks all again.
   */
  async create(repo: string, branch: string, path: string, input: ObjectAttributes): Promise<MultipartUpload> {
    const { storageNamespace } = await this.ports.writableBranch(repo, branch);
    const upload: MultipartUpload = {
      id: randomBytes(16).toString('hex'),
      branch,
      path,
      contentType: input.contentType,
      metadata: input.metadata,
      initiated: this.ports.now(),
    };
    await this.blocks.put(storageNamespace, recordKey(upload.id), Buffer.from(JSON.stringify(upload)));
    return upload;
  }

  /** Stores one part (a part sent again replaces the earlier one). */
  async uploadPart(repo: string, target: UploadTarget, partNumber: number, body: PutBody): Promise<UploadedPart> {
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > maxPartNumber) {
      throw new ValidationError(`part number must be an integer from 1 to ${maxPartNumber}`);
    }
    const { namespace, upload } = await this.find(repo, target);
    const written = await this.blocks.put(namespace, partDataKey(upload.id, partNumber), body);
    const part: UploadedPart = { partNumber, etag: written.checksum, size: written.size, mtime: this.ports.now() };
    await this.blocks.put(namespace, partRecordKey(upload.id, partNumber), Buffer.from(JSON.stringify(part)));
    // An abort (or completion) that ran while the part streamed in has removed the folder already: so must the part.
    if (!(await this.blocks.stat(namespace, recordKey(upload.id)))) {
      await this.blocks.delete(namespace, partDataKey(upload.id, partNumber));
      await this.blocks.delete(namespace, partRecordKey(upload.id, partNumber));
      throw new NoSuchUploadError();
    }
    return part;
  }

  /** The upload and its parts so far, by part number. */
  async listParts(repo: string, target: UploadTarget): Promise<{ upload: MultipartUpload; parts: UploadedPart[] }> {
    const { namespace, upload } = await this.find(repo, target);
    return { upload, parts: await this.partsOf(namespace, upload.id) };
  }

  /**
   * Joins the chosen parts, in the order given (part numbers ascending, each with the ETag its upload answered,
   * all but the last at least `minPartBytes`), into the object, staged on the upload's branch.
   */
  async complete(repo: string, target: UploadTarget, chosen: ChosenPart[]): Promise<Stored> {
    const { namespace, upload } = await this.find(repo, target);
    if (chosen.length === 0) throw new InvalidPartsError('invalid_part', 'You must specify at least one part');
    const stored = new Map((await this.partsOf(namespace, upload.id)).map((p) => [p.partNumber, p]));
    const parts = chosen.map((choice, i) => {
      const previous = chosen[i - 1];
      if (previous && choice.partNumber <= previous.partNumber) {
        throw new InvalidPartsError('invalid_part_order', 'The list of parts was not in ascending order');
      }
      const part = stored.get(choice.partNumber);
      if (!part || part.etag !== choice.etag.replace(/"/g, '')) {
        throw new InvalidPartsError('invalid_part', `part ${choice.partNumber} was not uploaded or its ETag does not match`);
      }
      if (i < chosen.length - 1 && part.size < minPartBytes) {
        throw new InvalidPartsError('part_too_small', `part ${choice.partNumber} is smaller than ${minPartBytes} bytes`);
      }
      return part;
    });
    const blocks = this.blocks;
    async function* joined(): AsyncIterable<Uint8Array> {
      for (const part of parts) yield* await blocks.get(namespace, partDataKey(upload.id, part.partNumber));
    }
    const stats = await this.ports.upload(repo, upload.branch, upload.path, joined(), {
      contentType: upload.contentType,
      metadata: upload.metadata,
      multipart: multipartChecksum(parts.map((p) => p.etag)),
    });
    await this.remove(namespace, upload.id);
    return stats;
  }

  /** Drops the upload and every part it has. */
  async abort(repo: string, target: UploadTarget): Promise<void> {
    const { namespace, upload } = await this.find(repo, target);
    await this.remove(namespace, upload.id);
  }

  /** The upload in progress with that id, for that branch and path; NoSuchUploadError when there is none. */
  private async find(repo: string, target: UploadTarget): Promise<{ namespace: string; upload: MultipartUpload }> {
    // Checked before the id becomes part of a key: an upload id is ours, never a path.
    if (!uploadIdPattern.test(target.uploadId)) throw new NoSuchUploadError();
    const namespace = (await this.ports.repository(repo)).storageNamespace;
    let record: Buffer;
    try {
      record = await this.blocks.getBytes(namespace, recordKey(target.uploadId));
    } catch (err) {
      if (err instanceof BlockNotFoundError) throw new NoSuchUploadError();
      throw err;
    }
    const upload = JSON.parse(record.toString('utf8')) as MultipartUpload;
    if (upload.branch !== target.branch || upload.path !== target.path) throw new NoSuchUploadError();
    return { namespace, upload };
  }

  private async partsOf(namespace: string, id: string): Promise<UploadedPart[]> {
    const parts: UploadedPart[] = [];
    for await (const listed of this.blocks.list(namespace, folderOf(id))) {
      if (!partRecordPattern.test(listed.key)) continue;
      parts.push(JSON.parse((await this.blocks.getBytes(namespace, listed.key)).toString('utf8')) as UploadedPart);
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  private async remove(namespace: string, id: string): Promise<void> {
    const keys: string[] = [];
    for await (const listed of this.blocks.list(namespace, folderOf(id))) keys.push(listed.key);
    for (const key of keys) await this.blocks.delete(namespace, key);
  }
}

/** The upload a request names: its id and the object (branch and path) it is for. */
export interface UploadTarget {
  uploadId: string;
  branch: string;
  path: string;
}
