// The gateway's answers: XML documents, empty answers with headers, and S3's error document.
import type { ObjectEntry } from '../catalog';
import { RETRY_AFTER_SECONDS } from '../errors';
import { S3Error } from './s3-errors';
import { xmlDocument, type XmlElement } from './xml';

export function xmlResponse(root: string, element: XmlElement, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(xmlDocument(root, element), { status, headers: { 'content-type': 'application/xml', ...headers } });
}

export function emptyResponse(status: number, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers });
}

/** S3 times: ISO 8601 with milliseconds, from unix seconds. */
export const isoTime = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();
export const httpTime = (unixSeconds: number) => new Date(unixSeconds * 1000).toUTCString();
export const quotedEtag = (checksum: string) => `"${checksum}"`;
/** An object's ETag as S3 gives it: a multipart upload's carries its part count (`"<md5 of md5s>-<parts>"`). */
export const objectEtag = (entry: Pick<ObjectEntry, 'checksum' | 'parts'>) =>
  quotedEtag(entry.parts === undefined ? entry.checksum : `${entry.checksum}-${entry.parts}`);

/** S3's error document; a HEAD answer carries only the status, as S3's does. */
export function errorResponse(error: S3Error, resource: string, requestId: string, head: boolean): Response {
  // ServiceUnavailable and SlowDown ask the client to come back: the AWS SDKs' retries honour Retry-After.
  const retry: Record<string, string> = error.status === 503 ? { 'retry-after': RETRY_AFTER_SECONDS } : {};
  if (head) return emptyResponse(error.status, { 'x-amz-error-code': error.code, ...retry });
  return new Response(
    xmlDocument(
      'Error',
      { Code: error.code, Message: error.message, ...error.details, Resource: resource, RequestId: requestId },
      false,
    ),
    { status: error.status, headers: { 'content-type': 'application/xml', ...retry } },
  );
}
