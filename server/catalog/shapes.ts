// The shapes the catalog's calls take and return: what a repository is created with, the conditions of a write, an
// object's entry with where its data is, presigned transfers, copies and links.
import type { Readable } from 'node:stream';
import type { ByteRange } from '../blockstore';
import type { ObjectEntry } from '../graveler';
import type { MultipartChecksum, ObjectAttributes } from './multipart-uploads';

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

/** Why one path of a bulk delete was not deleted. */
export interface DeleteFailure {
  path: string;
  error: unknown;
}
