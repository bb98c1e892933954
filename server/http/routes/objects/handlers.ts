// Objects over the catalog. Reads answer small objects from memory and stream large ones; uploads stream the
// request body (raw, or the `content` part of a multipart form) to the block store as it arrives, except a small
// raw body, which is read whole first (one write to the store, one check of the repository).
import { Readable } from 'node:stream';
import type { Catalog, ObjectStats } from '../../../catalog';
import { arn, need } from '../../../auth';
import { badRequest, InsufficientPermissionsError } from '../../../errors';
import { toErrorAnswer } from '../../errors';
import { multipartBoundary, readFilePart } from '../../multipart';
import { listingOptions, normaliseAmount, pageJson } from '../../pagination';
import { parseRange } from '../../range';
import { readWhole, requestBody } from '../../request-body';
import { requireOf, type AppRouteHandler } from '../../router';
import { commonPrefixJson, foundObjectJson, objectStatsJson } from '../../serialize';
import { matchesEtag, objectHeaders, uploadConditions, userMetadata } from './headers';
import type * as routes from './routes';

/** Objects up to this size are answered from memory, and raw uploads declared this size are read whole. */
export const smallObjectBytes = 256 * 1024;

/** A raw upload's body: whole when its declared length is small, else the stream. */
async function rawUploadBody(
  body: AsyncIterable<Uint8Array>,
  declaredLength: string | undefined,
): Promise<Uint8Array | AsyncIterable<Uint8Array>> {
  const length = declaredLength === undefined ? Number.NaN : Number(declaredLength);
  return length <= smallObjectBytes ? readWhole(body) : body;
}

/** The stat call's answer (its handler's, and the direct one's: direct.ts). */
export async function objectStats(
  catalog: Catalog,
  { repository, ref }: { repository: string; ref: string },
  q: { path: string; presign?: boolean | undefined; user_metadata?: boolean | undefined },
) {
  const { entry, physicalAddress, physicalAddressExpiry } = await catalog.getObject(repository, ref, q.path, { presign: q.presign ?? false });
  return objectStatsJson(q.path, entry, physicalAddress, q.user_metadata ?? true, physicalAddressExpiry);
}

export function objectHandlers(catalog: Catalog) {
  const listObjects: AppRouteHandler<typeof routes.listObjects> = async (c) => {
    const { repository, ref } = c.req.valid('param');
    const q = c.req.valid('query');
    const withMetadata = q.user_metadata ?? true;
    const page = await catalog.listObjects(repository, ref, listingOptions(q), { presign: q.presign ?? false });
    return c.json(
      pageJson(page, (item) =>
        item.pathType === 'common_prefix'
          ? commonPrefixJson(item.path)
          : objectStatsJson(item.path, item.entry, item.physicalAddress, withMetadata, item.physicalAddressExpiry),
      ),
      200,
    );
  };

  const findObjects: AppRouteHandler<typeof routes.findObjects> = async (c) => {
    const { repository, ref } = c.req.valid('param');
    const { q, after, amount } = c.req.valid('query');
    const page = await catalog.store.findObjects(repository, ref, { query: q, ...(after ? { after } : {}), amount: normaliseAmount(amount) });
    return c.json(pageJson(page, (found) => foundObjectJson(found.path, found.entry)), 200);
  };

  const getObject: AppRouteHandler<typeof routes.getObject> = async (c) => {
    const { repository, ref } = c.req.valid('param');
    const { path, presign } = c.req.valid('query');
    const object = await catalog.getObject(repository, ref, path, { presign: presign ?? false });
    // Presigned: the client reads the data from the store itself, as lakeFS sends it there.
    if (object.physicalAddressExpiry !== undefined) return c.redirect(object.physicalAddress, 302);
    const { entry } = object;
    const headers = objectHeaders(entry, path);
    if (matchesEtag(c.req.header('if-none-match'), headers.etag)) {
      return new Response(null, { status: 304, headers: { etag: headers.etag, 'last-modified': headers['last-modified'] } });
    }
    const range = parseRange(c.req.header('range'), entry.size);
    if (range.kind === 'unsatisfiable') {
      return c.json({ message: range.reason }, 416, { 'content-range': `bytes */${entry.size}` });
    }
    const partial = range.kind === 'partial';
    const span = partial ? { start: range.start, end: range.end } : undefined;
    const length = span ? span.end - span.start + 1 : entry.size;
    const status = partial ? 206 : 200;
    const responseHeaders: Record<string, string> = { ...headers, 'content-length': String(length) };
    if (span) responseHeaders['content-range'] = `bytes ${span.start}-${span.end}/${entry.size}`;
    if (c.req.method === 'HEAD' || length === 0) return new Response(null, { status, headers: responseHeaders });
    if (length <= smallObjectBytes) {
      // Buffers read from files are backed by a plain ArrayBuffer, as BodyInit wants.
      const bytes = (await object.bytes(span)) as Uint8Array<ArrayBuffer>;
      return new Response(bytes, { status, headers: responseHeaders });
    }
    const stream = await object.stream(span);
    return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status, headers: responseHeaders });
  };

  const statObject: AppRouteHandler<typeof routes.statObject> = async (c) =>
    c.json(await objectStats(catalog, c.req.valid('param'), c.req.valid('query')), 200);

  const uploadObject: AppRouteHandler<typeof routes.uploadObject> = async (c) => {
    const { repository, branch } = c.req.valid('param');
    const q = c.req.valid('query');
    const conditions = uploadConditions(c);
    const metadata = userMetadata(c);
    const requestType = c.req.header('content-type') ?? '';
    const raw = requestBody(c) ?? new Uint8Array(0);
    const options = { ...conditions, metadata, force: q.force ?? false };
    let stored: ObjectStats;
    if (/^multipart\/form-data/i.test(requestType)) {
      const boundary = multipartBoundary(requestType);
      if (!boundary) throw badRequest('invalid multipart body: Content-Type has no boundary');
      if (raw instanceof Uint8Array) throw badRequest('invalid multipart body: it is empty');
      const { part, finish } = await readFilePart(raw, boundary, 'content');
      stored = await catalog.upload(repository, branch, q.path, part.body, { ...options, contentType: part.contentType });
      await finish();
    } else {
      const contentType = requestType.trim() === '' ? 'application/octet-stream' : requestType;
      const body = raw instanceof Uint8Array ? raw : await rawUploadBody(raw, c.req.header('content-length'));
      stored = await catalog.upload(repository, branch, q.path, body, { ...options, contentType });
    }
    return c.json(objectStatsJson(q.path, stored.entry, stored.physicalAddress, true), 201);
  };

  const deleteObject: AppRouteHandler<typeof routes.deleteObject> = async (c) => {
    const { repository, branch } = c.req.valid('param');
    const q = c.req.valid('query');
    await catalog.store.deleteObject(repository, branch, q.path, { force: q.force ?? false });
    return c.body(null, 204);
  };

  // As lakeFS: each path is authorised on its own, and one the caller may not delete is reported with its 401
  // among the errors while the others are deleted.
  const deleteObjects: AppRouteHandler<typeof routes.deleteObjects> = async (c) => {
    const { repository, branch } = c.req.valid('param');
    const { force } = c.req.valid('query');
    const { paths } = c.req.valid('json');
    const require = requireOf(c);
    const refused = new Map<string, unknown>();
    for (const path of paths) {
      await require(need('fs:DeleteObject', arn.object(repository, path))).catch((error: unknown) => {
        if (!(error instanceof InsufficientPermissionsError)) throw error;
        refused.set(path, error);
      });
    }
    const allowed = paths.filter((path) => !refused.has(path));
    const failed = new Map((await catalog.deleteObjects(repository, branch, allowed, { force: force ?? false })).map((f) => [f.path, f.error]));
    const errors = paths.flatMap((path) => {
      const error = refused.get(path) ?? failed.get(path);
      if (error === undefined) return [];
      const { status, body } = toErrorAnswer(error);
      return [{ path, status_code: status, message: body.message }];
    });
    return c.json({ errors }, 200);
  };

  const stageAllowed: AppRouteHandler<typeof routes.stageAllowed> = async (c) => {
    const { repository, branch } = c.req.valid('param');
    await catalog.stageAllowed(repository, branch);
    return c.body(null, 204);
  };

  const copyObject: AppRouteHandler<typeof routes.copyObject> = async (c) => {
    const { repository, branch } = c.req.valid('param');
    const { dest_path: destPath } = c.req.valid('query');
    const body = c.req.valid('json');
    const copy = await catalog.copyObject(repository, branch, destPath, {
      srcPath: body.src_path,
      ...(body.src_ref ? { srcRef: body.src_ref } : {}),
      shallow: body.shallow ?? false,
      force: body.force ?? false,
    });
    return c.json(objectStatsJson(destPath, copy.entry, copy.physicalAddress, true), 201);
  };

  const updateObjectUserMetadata: AppRouteHandler<typeof routes.updateObjectUserMetadata> = async (c) => {
    const { repository, branch } = c.req.valid('param');
    const { path } = c.req.valid('query');
    await catalog.updateObjectUserMetadata(repository, branch, path, c.req.valid('json').set);
    return c.body(null, 201);
  };

  const stageObject: AppRouteHandler<typeof routes.stageObject> = async (c) => {
    const { repository, branch } = c.req.valid('param');
    const { path } = c.req.valid('query');
    const body = c.req.valid('json');
    const staged = await catalog.stageObject(repository, branch, path, {
      physicalAddress: body.physical_address,
      checksum: body.checksum,
      size: body.size_bytes,
      ...(body.mtime !== undefined ? { mtime: body.mtime } : {}),
      metadata: body.metadata ?? {},
      contentType: body.content_type ?? '',
      force: body.force ?? false,
    });
    return c.json(objectStatsJson(path, staged.entry, staged.physicalAddress, true), 201);
  };

  const getUnderlyingProperties: AppRouteHandler<typeof routes.getUnderlyingProperties> = async (c) => {
    const { repository, ref } = c.req.valid('param');
    const { path } = c.req.valid('query');
    const { storageClass } = await catalog.underlyingProperties(repository, ref, path);
    return c.json({ storage_class: storageClass }, 200);
  };

  const createSymlinkFile: AppRouteHandler<typeof routes.createSymlinkFile> = async (c) => {
    const { repository, branch } = c.req.valid('param');
    const { location } = c.req.valid('query');
    return c.json({ location: await catalog.createSymlinks(repository, branch, location ?? '') }, 201);
  };

  return {
    listObjects,
    findObjects,
    getObject,
    statObject,
    uploadObject,
    deleteObject,
    deleteObjects,
    stageAllowed,
    copyObject,
    updateObjectUserMetadata,
    stageObject,
    getUnderlyingProperties,
    createSymlinkFile,
  };
}
