// Object data in an S3 bucket (or any S3-compatible store): `s3://bucket/prefix` namespaces, each key under the
// prefix. Bodies stream in (multipart above one part's size) and out (with Range); nothing holds a whole object.
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListBucketsCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { BlockNotFoundError, InvalidBlockKeyError, InvalidNamespaceError, objectStoreUnavailable, UnavailableError } from '../errors';
import type { BlockStore, ByteRange, ListedObject, ObjectStat, Presigner, PresignedUrl } from './block-store';
import { measureBytes, measuredStream, toReadable } from './body';
import { checkSegments, joinAddress, newDataKey } from './keys';

export interface S3BlockStoreOptions {
  /** An S3-compatible endpoint (`http://127.0.0.1:9000`); AWS's own when absent (or AWS_ENDPOINT_URL_S3). */
  endpoint?: string;
  /** When absent, AWS_REGION or AWS_DEFAULT_REGION, else us-east-1. */
  region?: string;
  /** Both or neither; without them the AWS SDK's chain (AWS_ACCESS_KEY_ID, profiles, instance roles) applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` addresses instead of `bucket.endpoint/key` (most S3-compatible servers need this). */
  forcePathStyle?: boolean;
  /** How long presigned addresses stay valid, in seconds (default 15 minutes, as lakeFS). */
  presignExpirySeconds?: number;
  /**
   * How long a connection may stay silent, no byte either way, before the call is given up (default 20 s). The AWS
   * SDK retries it twice more, so an endpoint that took the connection and then went quiet fails a request with 503
   * within about three times this, instead of holding it forever.
   */
  idleTimeoutMs?: number;
}

const PREFIX = 's3://';
/** S3's limit on a key, in bytes. */
const maxKeyBytes = 1024;
/** The longest key Tarn writes in a namespace (see local.ts), with room to spare. */
const longestKeyBytes = 128;
const defaultPresignExpirySeconds = 15 * 60;
/** Bodies in memory up to this size go up in one request; larger ones and streams through lib-storage's Upload. */
const singlePutBytes = 5 * 1024 * 1024;
const connectTimeoutMs = 5_000;
const defaultIdleTimeoutMs = 20_000;
const bucketPattern = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

interface Location {
  bucket: string;
  /** The key prefix of the namespace: empty, or ending with '/'. */
  prefix: string;
}

/** The HTTP status of a failed S3 call, when the store answered. */
function statusOf(err: unknown): number | undefined {
  return err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
}

/** Failures of the network on the way to the store, or its silence: no answer at all, so a retry may succeed. */
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

function isUnreachable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || err instanceof S3ServiceException) return false;
  const { code, name, errors } = err as { code?: unknown; name?: unknown; errors?: unknown };
  if (typeof code === 'string' && networkCodes.has(code)) return true;
  if (Array.isArray(errors) && errors.some(isUnreachable)) return true;
  return name === 'TimeoutError';
}

function isMissingBucket(err: unknown): boolean {
  return err instanceof S3ServiceException && err.name === 'NoSuchBucket';
}

function parseNamespace(namespace: string): Location {
  if (!namespace.startsWith(PREFIX)) throw new InvalidNamespaceError(`storage namespace must start with ${PREFIX}`);
  const rest = namespace.slice(PREFIX.length).replace(/\/+$/, '');
  const slash = rest.indexOf('/');
  const bucket = slash < 0 ? rest : rest.slice(0, slash);
  if (!bucketPattern.test(bucket)) {
    throw new InvalidNamespaceError('storage namespace must name a bucket: 3 to 63 lowercase letters, digits, dots and hyphens');
  }
  if (slash < 0) return { bucket, prefix: '' };
  const path = rest.slice(slash + 1);
  checkSegments(path, 'storage namespace', (m) => new InvalidNamespaceError(m));
  if (Buffer.byteLength(path) + 1 + longestKeyBytes > maxKeyBytes) {
    throw new InvalidNamespaceError(`storage namespace is too long: its prefix may have at most ${maxKeyBytes - 1 - longestKeyBytes} bytes`);
  }
  return { bucket, prefix: `${path}/` };
}

function objectKey(location: Location, key: string): string {
  checkSegments(key, 'object key', (m) => new InvalidBlockKeyError(m));
  const full = location.prefix + key;
  if (Buffer.byteLength(full) > maxKeyBytes) throw new InvalidBlockKeyError(`object key is too long: S3 keys have at most ${maxKeyBytes} bytes`);
  return full;
}

/** S3 sends ETags quoted. */
function etagOf(etag: string | undefined): { etag?: string } {
  return etag ? { etag: etag.replace(/["\s]/g, '') } : {};
}

function rangeHeader(range: ByteRange | undefined): string | undefined {
  return range ? `bytes=${range.start}-${range.end ?? ''}` : undefined;
}

export function openS3BlockStore(options: S3BlockStoreOptions = {}): BlockStore {
  const config: S3ClientConfig = {
    region: options.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1',
    forcePathStyle: options.forcePathStyle ?? false,
    // Only checksums S3 requires: the optional ones change how bodies are sent (aws-chunked with a trailer), which
    // S3-compatible servers often refuse, and would be signed into presigned addresses a browser cannot satisfy.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (options.endpoint) config.endpoint = options.endpoint;
  if (options.accessKeyId && options.secretAccessKey) {
    config.credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
  }
  // A store that does not take the connection, or takes it and then falls silent, would otherwise hold the request
  // forever. The socket timeout is idle time: a long transfer whose bytes flow is never cut.
  config.requestHandler = { connectionTimeout: connectTimeoutMs, socketTimeout: options.idleTimeoutMs ?? defaultIdleTimeoutMs };
  const client = new S3Client(config);
  const expiresIn = options.presignExpirySeconds ?? defaultPresignExpirySeconds;

  /**
   * Runs an S3 call, reporting a missing bucket as a bad namespace rather than a fault, and a store that cannot be
   * reached as unavailable (503) rather than broken.
   */
  async function call<T>(namespace: string, bucket: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (isMissingBucket(err)) throw new InvalidNamespaceError(`storage namespace ${namespace}: bucket ${bucket} does not exist`);
      if (isUnreachable(err)) throw objectStoreUnavailable(err);
      throw err;
    }
  }

  function address(namespace: string, key: string): { Bucket: string; Key: string } {
    const location = parseNamespace(namespace);
    return { Bucket: location.bucket, Key: objectKey(location, key) };
  }

  async function fetchObject(namespace: string, key: string, range: ByteRange | undefined): Promise<Readable> {
    const target = address(namespace, key);
    try {
      const answer = await call(namespace, target.Bucket, () => client.send(new GetObjectCommand({ ...target, Range: rangeHeader(range) })));
      if (!(answer.Body instanceof Readable)) throw new Error('the S3 client gave no readable body');
      return answer.Body;
    } catch (err) {
      const status = statusOf(err);
      if (status === 404) throw new BlockNotFoundError(namespace, key);
      // A range that starts past the end: nothing to read, as a file would give.
      if (status === 416) return Readable.from([]);
      throw err;
    }
  }

  async function stat(namespace: string, key: string): Promise<ObjectStat | undefined> {
    const target = address(namespace, key);
    try {
      const head = await call(namespace, target.Bucket, () => client.send(new HeadObjectCommand(target)));
      return { size: head.ContentLength ?? 0, mtime: head.LastModified?.getTime() ?? 0, ...etagOf(head.ETag) };
    } catch (err) {
      if (statusOf(err) === 404 && !isMissingBucket(err)) return undefined;
      throw err;
    }
  }

  /**
   * ListObjects (version 1) with the last key seen as the marker: every S3-compatible store offers it, while some
   * fail to make version 2's continuation tokens (s3rver on OpenSSL 3 answers any truncated page with a 500). S3
   * lists keys in the order of their UTF-8 bytes, so this is sorted as imports need. Folder markers (keys ending with
   * `/`, as S3 consoles make them) name no data and are left out.
   */
  async function* list(namespace: string, bucket: string, listPrefix: string, strip: number): AsyncGenerator<ListedObject> {
    let marker: string | undefined;
    for (;;) {
      const page = await call(namespace, bucket, () =>
        client.send(new ListObjectsCommand({ Bucket: bucket, Prefix: listPrefix, ...(marker ? { Marker: marker } : {}) })),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key === undefined) continue;
        marker = o.Key;
        if (o.Key.endsWith('/')) continue;
        yield { key: o.Key.slice(strip), size: o.Size ?? 0, mtime: o.LastModified?.getTime() ?? 0, ...etagOf(o.ETag) };
      }
      if (!page.IsTruncated || !page.Contents?.length) return;
    }
  }

  /** Checked now, as the local store does, so a bad prefix fails the call rather than the first read. */
  function listFolder(namespace: string, prefix: string): AsyncGenerator<ListedObject> {
    const location = parseNamespace(namespace);
    const folder = prefix.replace(/\/+$/, '');
    const listPrefix = folder === '' ? location.prefix : `${objectKey(location, folder)}/`;
    return list(namespace, location.bucket, listPrefix, location.prefix.length);
  }

  const expiry = () => Math.floor(Date.now() / 1000) + expiresIn;
  const presigned = async (url: Promise<string>): Promise<PresignedUrl> => ({ url: await url, expiry: expiry() });

  const presigner: Presigner = {
    presignGet: (namespace, key) => presigned(getSignedUrl(client, new GetObjectCommand(address(namespace, key)), { expiresIn })),
    presignPut: (namespace, key) => presigned(getSignedUrl(client, new PutObjectCommand(address(namespace, key)), { expiresIn })),
    async createMultipartUpload(namespace, key) {
      const target = address(namespace, key);
      const created = await call(namespace, target.Bucket, () => client.send(new CreateMultipartUploadCommand(target)));
      if (!created.UploadId) throw new Error('the S3 store gave no upload id');
      return created.UploadId;
    },
    presignUploadPart: (namespace, key, uploadId, partNumber) =>
      presigned(getSignedUrl(client, new UploadPartCommand({ ...address(namespace, key), UploadId: uploadId, PartNumber: partNumber }), { expiresIn })),
    async uploadPart(namespace, key, uploadId, partNumber, body, size) {
      const target = address(namespace, key);
      const part = { ...target, UploadId: uploadId, PartNumber: partNumber, Body: body, ContentLength: size };
      const sent = await call(namespace, target.Bucket, () => client.send(new UploadPartCommand(part)));
      if (!sent.ETag) throw new Error('the S3 store gave no ETag for the part');
      return sent.ETag;
    },
    async completeMultipartUpload(namespace, key, uploadId, parts) {
      const target = address(namespace, key);
      const done = await call(namespace, target.Bucket, () =>
        client.send(
          new CompleteMultipartUploadCommand({
            ...target,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
          }),
        ),
      );
      return (done.ETag ?? '').replace(/["\s]/g, '');
    },
    async abortMultipartUpload(namespace, key, uploadId) {
      const target = address(namespace, key);
      await call(namespace, target.Bucket, () => client.send(new AbortMultipartUploadCommand({ ...target, UploadId: uploadId })));
    },
  };

  return {
    type: 's3',
    namespacePrefix: PREFIX,
    validateNamespace(namespace) {
      parseNamespace(namespace);
    },
    async put(namespace, key, body) {
      const target = address(namespace, key);
      if (body instanceof Uint8Array && body.byteLength <= singlePutBytes) {
        await call(namespace, target.Bucket, () => client.send(new PutObjectCommand({ ...target, Body: body, ContentLength: body.byteLength })));
        return measureBytes(body);
      }
      // S3 writes an object whole or not at all; a failed multipart upload is aborted by Upload itself.
      const source = toReadable(body);
      let sourceFailed = false;
      source.once('error', () => {
        sourceFailed = true;
      });
      const measured = measuredStream(source);
      try {
        await call(namespace, target.Bucket, () => new Upload({ client, params: { ...target, Body: measured.stream } }).done());
      } catch (err) {
        // A client that hung up mid-body breaks the upload with the same codes as a store that did: that is the
        // client's doing, and keeps its own failure.
        if (sourceFailed && err instanceof UnavailableError) throw err.cause;
        throw err;
      }
      return measured.result();
    },
    get: (namespace, key, range) => fetchObject(namespace, key, range),
    async getBytes(namespace, key, range) {
      const chunks: Buffer[] = [];
      for await (const chunk of await fetchObject(namespace, key, range)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    stat,
    async exists(namespace, key) {
      return (await stat(namespace, key)) !== undefined;
    },
    async delete(namespace, key) {
      const target = address(namespace, key);
      await call(namespace, target.Bucket, () => client.send(new DeleteObjectCommand(target)));
    },
    list: listFolder,
    listSorted: listFolder,
    newDataKey,
    fullAddress: joinAddress,
    presigner: () => presigner,
    /**
     * The store answers at all: S3 namespaces name their own buckets, so there is no one bucket to ask about, and any
     * answer of the store's, a refusal included (credentials without ListBuckets), shows it reachable. Only no
     * answer, or a fault of the store's (5xx), is unreachable.
     */
    async probe(signal) {
      try {
        await client.send(new ListBucketsCommand({ MaxBuckets: 1 }), { abortSignal: signal });
      } catch (err) {
        const status = statusOf(err);
        if (status === undefined || status >= 500) throw err;
      }
    },
    async close() {
      client.destroy();
    },
  };
}
