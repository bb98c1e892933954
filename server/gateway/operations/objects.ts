// One object: GetObject and HeadObject (at any ref; ranges and conditions), PutObject, DeleteObject and
// CopyObject (to a branch). Bodies stream both ways; small objects are answered from memory.
import { Readable } from 'node:stream';
import type { ObjectEntry, UploadInput } from '../../catalog';
import { byteSpan, evaluateConditions } from '../conditions';
import { objectArn } from '../permissions';
import { metaPrefix, splitKey, type Operation } from '../request';
import { emptyResponse, httpTime, isoTime, objectEtag, quotedEtag, xmlResponse } from '../responses';
import { notImplemented, S3Error } from '../s3-errors';

/** Objects up to this size are answered from memory; larger ones are streamed. */
const smallObjectBytes = 256 * 1024;

/** `response-*` query parameters of a (presigned) GET override these headers of the answer. */
const overridable = ['content-type', 'content-language', 'expires', 'cache-control', 'content-disposition', 'content-encoding'];

function objectHeaders(entry: ObjectEntry): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': entry.contentType || 'application/octet-stream',
    etag: objectEtag(entry),
    'last-modified': httpTime(entry.mtime),
    'accept-ranges': 'bytes',
    // Objects are user content, and a presigned address serves them from the console's origin: never let a
    // browser run them there.
    'content-security-policy': 'sandbox',
  };
  for (const [name, value] of Object.entries(entry.metadata)) headers[`${metaPrefix}${name}`] = value;
  return headers;
}

function requirePath(path: string): void {
  if (path === '') throw new S3Error('NoSuchKey', 'The specified key does not exist.');
}

/** GetObject, and HeadObject when the method is HEAD. */
export async function getObject(op: Operation): Promise<Response> {
  const { ref, path } = op.target;
  await op.authorize({ action: 'fs:ReadObject', resource: objectArn(op.repository, path) });
  requirePath(path);
  const object = await op.catalog.getObject(op.repository, ref, path);
  const { entry } = object;
  const headers = objectHeaders(entry);
  const verdict = evaluateConditions(
    {
      ifMatch: op.header('if-match'),
      ifNoneMatch: op.header('if-none-match'),
      ifModifiedSince: op.header('if-modified-since'),
      ifUnmodifiedSince: op.header('if-unmodified-since'),
    },
    headers.etag as string,
    entry.mtime,
  );
  if (verdict === 'not-modified') return emptyResponse(304, { etag: headers.etag as string, 'last-modified': headers['last-modified'] as string });
  for (const name of overridable) {
    const value = op.request.query.get(`response-${name}`);
    if (value !== undefined) headers[name] = value;
  }
  const span = byteSpan(op.header('range'), entry.size);
  const length = span ? span.end - span.start + 1 : entry.size;
  const status = span ? 206 : 200;
  headers['content-length'] = String(length);
  if (span) headers['content-range'] = `bytes ${span.start}-${span.end}/${entry.size}`;
  if (op.request.method === 'HEAD' || length === 0) return emptyResponse(status, headers);
  if (length <= smallObjectBytes) {
    // Buffers read from files are backed by a plain ArrayBuffer, as BodyInit wants.
    return new Response((await object.bytes(span)) as Uint8Array<ArrayBuffer>, { status, headers });
  }
  const stream = await object.stream(span);
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status, headers });
}

/**
 * The checksum an If-Match ETag names. A multipart object's ETag carries its part count, which its checksum does
 * not (lakeFS keeps it without): such a tag names the object's checksum when it is the object's ETag.
 */
async function checksumNamed(op: Operation, etag: string): Promise<string> {
  if (!/^[0-9a-f]{32}-\d+$/.test(etag)) return etag;
  const { ref, path } = op.target;
  const current = await op.catalog.getObject(op.repository, ref, path).catch(() => undefined);
  return current && objectEtag(current.entry) === quotedEtag(etag) ? current.entry.checksum : etag;
}

/** `If-None-Match: *` (create only) and `If-Match: <etag>` (replace only that version) of a write. */
async function writeConditions(op: Operation): Promise<Pick<UploadInput, 'ifAbsent' | 'ifMatchChecksum'>> {
  const ifNoneMatch = op.header('if-none-match');
  const ifMatch = op.header('if-match');
  if (ifNoneMatch !== undefined && ifNoneMatch.trim() !== '*') throw notImplemented(`If-None-Match other than '*' on a write`);
  return {
    ...(ifNoneMatch !== undefined ? { ifAbsent: true } : {}),
    ...(ifMatch !== undefined ? { ifMatchChecksum: await checksumNamed(op, ifMatch.trim().replace(/^W\//, '').replace(/"/g, '')) } : {}),
  };
}

export async function putObject(op: Operation): Promise<Response> {
  const { ref, path } = op.target;
  await op.authorize({ action: 'fs:WriteObject', resource: objectArn(op.repository, path) });
  const input = { ...op.objectAttributes(), ...(await writeConditions(op)) };
  const { entry } = await op.writing(ref, () => op.catalog.upload(op.repository, ref, path, op.content(), input));
  return emptyResponse(200, { etag: objectEtag(entry) });
}

export async function deleteObject(op: Operation): Promise<Response> {
  const { ref, path } = op.target;
  await op.authorize({ action: 'fs:DeleteObject', resource: objectArn(op.repository, path) });
  await op.writing(ref, () => op.catalog.store.deleteObject(op.repository, ref, path, {}));
  return emptyResponse(204);
}

/** The object `x-amz-copy-source` names, which must be in the same repository. */
export function copySource(op: Operation): { ref: string; path: string } {
  const header = op.header('x-amz-copy-source') ?? '';
  if (header.includes('?')) throw notImplemented('copying a version of an object');
  let decoded: string;
  try {
    decoded = decodeURIComponent(header);
  } catch {
    throw new S3Error('InvalidArgument', 'x-amz-copy-source is not well-encoded');
  }
  const { ref: bucket, path: key } = splitKey(decoded.replace(/^\//, ''));
  if (bucket !== op.repository) throw notImplemented('copying between repositories');
  const source = splitKey(key);
  requirePath(source.path);
  return source;
}

export async function copyObject(op: Operation): Promise<Response> {
  const { ref, path } = op.target;
  const source = copySource(op);
  await op.authorize(
    { action: 'fs:ReadObject', resource: objectArn(op.repository, source.path) },
    { action: 'fs:WriteObject', resource: objectArn(op.repository, path) },
  );
  if ([...op.request.headers.keys()].some((name) => name.startsWith('x-amz-copy-source-if-'))) {
    throw notImplemented('conditional copying');
  }
  const directive = (op.header('x-amz-metadata-directive') ?? 'COPY').toUpperCase();
  if (directive !== 'COPY' && directive !== 'REPLACE') throw new S3Error('InvalidArgument', 'Unknown metadata directive.');
  const { entry } = await op.writing(ref, () =>
    op.catalog.copyObject(op.repository, ref, path, {
      srcRef: source.ref,
      srcPath: source.path,
      // Within one repository the copy shares the source's data, as the source is immutable.
      shallow: true,
      ...(directive === 'REPLACE' ? { replace: op.objectAttributes() } : {}),
    }),
  );
  return xmlResponse('CopyObjectResult', { ETag: objectEtag(entry), LastModified: isoTime(entry.mtime) });
}
