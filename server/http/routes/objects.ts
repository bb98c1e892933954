// Objects: list, read (GET/HEAD with ranges and ETags), stat, upload (multipart or raw, streamed), delete,
// bulk delete, and the upload preflight.
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { Catalog, ObjectEntry, ObjectStats } from '../../catalog';
import { badRequest } from '../../errors';
import { toErrorAnswer } from '../errors';
import { multipartBoundary, readFilePart } from '../multipart';
import { listingOptions, pageJson } from '../pagination';
import { branchParam, refParam, repositoryParam } from '../params';
import { parseRange } from '../range';
import { route, type AppContext, type RouteEntry } from '../route-table';
import { commonPrefixJson, objectStatsJson } from '../serialize';
import { parseWith, queryAmount, queryBool, readJsonBody, readQuery, requestBody } from '../validation';

const pathSchema = z.string({ message: 'path is required' }).min(1, { message: 'path is required' });
const pathQuery = z.object({ path: pathSchema, presign: queryBool.optional(), force: queryBool.optional() });
const statQuery = pathQuery.extend({ user_metadata: queryBool.optional() });
const lsQuery = z.object({
  prefix: z.string().optional(),
  after: z.string().optional(),
  amount: queryAmount,
  delimiter: z.string().optional(),
  user_metadata: queryBool.optional(),
  presign: queryBool.optional(),
});
const uploadQuery = z.object({ path: pathSchema, storageClass: z.string().optional(), force: queryBool.optional() });
const bulkDeleteBody = z.object({
  paths: z.array(z.string().min(1, { message: 'paths must not be empty strings' })).max(1000, { message: 'at most 1000 paths per call' }),
});

const metaHeaderPrefix = 'x-lakefs-meta-';
/** Objects up to this size are answered from memory; larger ones are streamed. */
const smallObjectBytes = 256 * 1024;

function userMetadata(c: AppContext): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of c.req.raw.headers) {
    if (name.startsWith(metaHeaderPrefix) && name.length > metaHeaderPrefix.length) {
      metadata[name.slice(metaHeaderPrefix.length)] = value;
    }
  }
  return metadata;
}

function etagOf(entry: ObjectEntry): string {
  return `"${entry.checksum}"`;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((v) => {
    const tag = v.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

function contentDisposition(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1) || 'object';
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function objectHeaders(entry: ObjectEntry, path: string): Record<string, string> {
  return {
    'content-type': entry.contentType || 'application/octet-stream',
    etag: etagOf(entry),
    'last-modified': new Date(entry.mtime * 1000).toUTCString(),
    'accept-ranges': 'bytes',
    'content-disposition': contentDisposition(path),
    // Objects are user content served from the console's origin: never let a browser run them.
    'x-content-type-options': 'nosniff',
    'content-security-policy': 'sandbox',
  };
}

function uploadConditions(c: AppContext): { ifAbsent?: boolean; ifMatchChecksum?: string } {
  const ifNoneMatch = c.req.header('if-none-match');
  const ifMatch = c.req.header('if-match');
  if (ifNoneMatch !== undefined && ifNoneMatch.trim() !== '*') throw badRequest("If-None-Match: only '*' is supported");
  return {
    ...(ifNoneMatch !== undefined ? { ifAbsent: true } : {}),
    ...(ifMatch !== undefined ? { ifMatchChecksum: ifMatch.trim().replace(/^W\//, '').replace(/"/g, '') } : {}),
  };
}

export function objectRoutes(catalog: Catalog): RouteEntry[] {
  const refObjects = '/repositories/:repository/refs/:ref/objects';
  const branchObjects = '/repositories/:repository/branches/:branch/objects';
  return [
    route(
      { method: 'get', path: `${refObjects}/ls`, summary: 'List objects and common prefixes', tag: 'objects', query: [{ name: 'prefix', type: 'string' }, { name: 'after', type: 'string' }, { name: 'amount', type: 'integer' }, { name: 'delimiter', type: 'string' }, { name: 'user_metadata', type: 'boolean' }, { name: 'presign', type: 'boolean' }], success: { status: 200, schema: 'ObjectStatsList' } },
      async (c) => {
        const repo = repositoryParam(c);
        const ref = refParam(c);
        const q = readQuery(c, lsQuery);
        const withMetadata = q.user_metadata ?? true;
        const page = await catalog.listObjects(repo, ref, listingOptions(q));
        return c.json(
          pageJson(page, (item) =>
            item.pathType === 'common_prefix'
              ? commonPrefixJson(item.path)
              : objectStatsJson(item.path, item.entry, item.physicalAddress, withMetadata),
          ),
        );
      },
    ),
    route(
      { method: 'get', path: refObjects, head: true, summary: 'Read an object (Range, If-None-Match)', tag: 'objects', query: [{ name: 'path', type: 'string', required: true }, { name: 'presign', type: 'boolean' }], success: { status: 200, contentType: 'application/octet-stream' } },
      async (c) => {
        const repo = repositoryParam(c);
        const ref = refParam(c);
        const { path } = readQuery(c, pathQuery);
        const object = await catalog.getObject(repo, ref, path);
        const { entry } = object;
        const headers = objectHeaders(entry, path);
        if (matchesEtag(c.req.header('if-none-match'), headers.etag as string)) {
          return new Response(null, { status: 304, headers: { etag: headers.etag as string, 'last-modified': headers['last-modified'] as string } });
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
      },
    ),
    route(
      { method: 'get', path: `${refObjects}/stat`, summary: 'Object metadata', tag: 'objects', query: [{ name: 'path', type: 'string', required: true }, { name: 'user_metadata', type: 'boolean' }, { name: 'presign', type: 'boolean' }], success: { status: 200, schema: 'ObjectStats' } },
      async (c) => {
        const repo = repositoryParam(c);
        const ref = refParam(c);
        const q = readQuery(c, statQuery);
        const { entry, physicalAddress } = await catalog.getObject(repo, ref, q.path);
        return c.json(objectStatsJson(q.path, entry, physicalAddress, q.user_metadata ?? true));
      },
    ),
    route(
      { method: 'post', path: branchObjects, summary: 'Upload an object (multipart field `content`, or the raw body)', tag: 'objects', query: [{ name: 'path', type: 'string', required: true }, { name: 'storageClass', type: 'string' }, { name: 'force', type: 'boolean' }], success: { status: 201, schema: 'ObjectStats' } },
      async (c) => {
        const repo = repositoryParam(c);
        const branch = branchParam(c);
        const q = readQuery(c, uploadQuery);
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
          stored = await catalog.upload(repo, branch, q.path, part.body, { ...options, contentType: part.contentType });
          await finish();
        } else {
          const contentType = requestType.trim() === '' ? 'application/octet-stream' : requestType;
          stored = await catalog.upload(repo, branch, q.path, raw, { ...options, contentType });
        }
        return c.json(objectStatsJson(q.path, stored.entry, stored.physicalAddress, true), 201);
      },
    ),
    route(
      { method: 'delete', path: branchObjects, summary: 'Delete an object (absent paths are not an error)', tag: 'objects', query: [{ name: 'path', type: 'string', required: true }, { name: 'force', type: 'boolean' }], success: { status: 204 } },
      async (c) => {
        const repo = repositoryParam(c);
        const branch = branchParam(c);
        const q = readQuery(c, pathQuery);
        await catalog.deleteObject(repo, branch, q.path, { force: q.force ?? false });
        return c.body(null, 204);
      },
    ),
    route(
      { method: 'post', path: `${branchObjects}/delete`, summary: 'Delete up to 1000 objects', tag: 'objects', query: [{ name: 'force', type: 'boolean' }], body: 'PathList', bodySchema: bulkDeleteBody, success: { status: 200, schema: 'ObjectErrorList' } },
      async (c) => {
        const repo = repositoryParam(c);
        const branch = branchParam(c);
        const { force } = readQuery(c, z.object({ force: queryBool.optional() }));
        const body = await readJsonBody(c, bulkDeleteBody);
        const failures = await catalog.deleteObjects(repo, branch, body.paths, { force: force ?? false });
        const errors = failures.map(({ path, error }) => {
          const { status, body: answer } = toErrorAnswer(error);
          return { path, status_code: status, message: answer.message };
        });
        return c.json({ errors });
      },
    ),
    route(
      { method: 'get', path: `${branchObjects}/stage_allowed`, summary: 'Whether the caller may upload to this path (204)', tag: 'objects', query: [{ name: 'path', type: 'string', required: true }], success: { status: 204 } },
      async (c) => {
        const repo = repositoryParam(c);
        const branch = branchParam(c);
        parseWith(pathSchema, c.req.query('path'), 'query path');
        await catalog.stageAllowed(repo, branch);
        return c.body(null, 204);
      },
    ),
  ];
}
