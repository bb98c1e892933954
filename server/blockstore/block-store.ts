import type { Readable } from 'node:stream';

/**
 * Object data. A namespace is a storage-namespace URI such as `local://quickstart`; keys are relative paths inside
 * it (`data/<partition>/<id>`, `_tarn/ranges/<id>`). Implementations confine every key to its namespace.
 */
export interface PutResult {
  size: number;
  /** Hex MD5 of the content, as lakeFS reports for direct uploads. */
  checksum: string;
}

export interface ObjectStat {
  size: number;
  /** Last modification, unix milliseconds. */
  mtime: number;
  /** The store's storage class for the object, where it has such classes (the local folder has none). */
  storageClass?: string;
  /** The store's ETag of the object (without quotes), where it keeps one (S3; the import root makes one). */
  etag?: string;
}

/** An object found by a listing. */
/** A key listed for garbage collection, which needs only to know whether it is old enough to go. */
export interface AgedKey {
  key: string;
  /** Written after the moment the listing was asked about. */
  young: boolean;
}

export interface ListedObject {
  /** Relative to the namespace, like the keys `put` takes. */
  key: string;
  size: number;
  /** Last modification, unix milliseconds. */
  mtime: number;
  /** The store's ETag (without quotes), where the listing gives one (S3; the import root makes one). */
  etag?: string;
}

/** Inclusive byte range, like HTTP `Range: bytes=start-end`; `end` defaults to the last byte. */
export interface ByteRange {
  start: number;
  end?: number;
}

export type PutBody = Uint8Array | Readable | AsyncIterable<Uint8Array>;

/** An address a client may use without credentials until it expires. */
export interface PresignedUrl {
  url: string;
  /** Unix seconds. */
  expiry: number;
}

/** One uploaded part of a multipart upload, as the client reports it. */
export interface UploadedPart {
  partNumber: number;
  etag: string;
}

/**
 * Transfers that go between a client and the object store without passing through Tarn: a store whose clients can
 * reach it (S3) offers them; a local folder does not.
 */
export interface Presigner {
  presignGet(namespace: string, key: string): Promise<PresignedUrl>;
  presignPut(namespace: string, key: string): Promise<PresignedUrl>;
  /** Starts a multipart upload to the key; its parts are PUT to `presignUploadPart` addresses. */
  createMultipartUpload(namespace: string, key: string): Promise<string>;
  presignUploadPart(namespace: string, key: string, uploadId: string, partNumber: number): Promise<PresignedUrl>;
  /** Writes one part from here (a part copied from another object); answers its ETag as the store gives it. */
  uploadPart(namespace: string, key: string, uploadId: string, partNumber: number, body: Readable, size: number): Promise<string>;
  /** Joins the parts into the object; answers the object's ETag (without quotes). */
  completeMultipartUpload(namespace: string, key: string, uploadId: string, parts: UploadedPart[]): Promise<string>;
  abortMultipartUpload(namespace: string, key: string, uploadId: string): Promise<void>;
}

export interface BlockStore {
  /** `local`, `s3`, ... as reported in `storage_config.blockstore_type`. */
  readonly type: string;
  /** The namespace URI prefix this store accepts, e.g. `local://`. */
  readonly namespacePrefix: string;
  /** Throws InvalidNamespaceError when the URI is not one this store can hold. */
  validateNamespace(namespace: string): void;
  /** Writes atomically: readers see either nothing or the whole object. */
  put(namespace: string, key: string, body: PutBody): Promise<PutResult>;
  /** A stream of the object's bytes (or of the range). Throws BlockNotFoundError when absent. */
  get(namespace: string, key: string, range?: ByteRange): Promise<Readable>;
  /** The whole object (or range) in memory. Throws BlockNotFoundError when absent. */
  getBytes(namespace: string, key: string, range?: ByteRange): Promise<Buffer>;
  /** Undefined when absent. */
  stat(namespace: string, key: string): Promise<ObjectStat | undefined>;
  exists(namespace: string, key: string): Promise<boolean>;
  /** Deleting an absent object is not an error. */
  delete(namespace: string, key: string): Promise<void>;
  /**
   * Every object whose key starts with the folder `prefix` (`data/`; empty for the whole namespace), in no
   * particular order. An absent folder lists nothing.
   */
  list(namespace: string, prefix: string): AsyncIterable<ListedObject>;
  /**
   * As `list`, a batch at a time, with only whether each object was written after `notAfterMs`: a store that can
   * tell the age of a whole folder at once (the local folder) spares a look at each file. Others leave it out;
   * `agesOf` derives it.
   */
  listAges?(namespace: string, prefix: string, notAfterMs: number): AsyncIterable<AgedKey[]>;
  /**
   * As `list`, in ascending byte order of key, for an import (which writes a sorted tree from it). Only a store that
   * can be imported from offers it (S3, the import root).
   */
  listSorted?(namespace: string, prefix: string): AsyncIterable<ListedObject>;
  /** A fresh key for new object data, never derived from a user's path: `data/<partition>/<id>`. */
  newDataKey(): string;
  /** The full URI of a key in a namespace, e.g. `local://quickstart/data/x/y`. */
  fullAddress(namespace: string, key: string): string;
  /** Presigned transfers for the namespace, when its store offers them. */
  presigner?(namespace: string): Presigner | undefined;
  /**
   * Resolves when the store can be used now (the server's readiness): a cheap call that touches it, given up when
   * `signal` aborts. A store without one is taken as always reachable.
   */
  probe?(signal: AbortSignal): Promise<void>;
  /** Releases connections; the store is not used afterwards. */
  close?(): Promise<void>;
}
