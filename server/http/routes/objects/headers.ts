// The HTTP headers of object reads and uploads: ETags, dates and download names out; user metadata and upload
// conditions in.
import type { ObjectEntry } from '../../../catalog';
import { badRequest } from '../../../errors';
import type { AppContext } from '../../router';

export const metaHeaderPrefix = 'x-lakefs-meta-';

/** User metadata sent as `X-Lakefs-Meta-<name>` headers. */
export function userMetadata(c: AppContext): Record<string, string> {
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

export function matchesEtag(header: string | undefined, etag: string): boolean {
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

export function objectHeaders(entry: ObjectEntry, path: string) {
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

/** `If-None-Match: *` (store only if absent) and `If-Match: <etag>` (replace only that version). */
export function uploadConditions(c: AppContext): { ifAbsent?: boolean; ifMatchChecksum?: string } {
  const ifNoneMatch = c.req.header('if-none-match');
  const ifMatch = c.req.header('if-match');
  if (ifNoneMatch !== undefined && ifNoneMatch.trim() !== '*') throw badRequest("If-None-Match: only '*' is supported");
  return {
    ...(ifNoneMatch !== undefined ? { ifAbsent: true } : {}),
    ...(ifMatch !== undefined ? { ifMatchChecksum: ifMatch.trim().replace(/^W\//, '').replace(/"/g, '') } : {}),
  };
}
