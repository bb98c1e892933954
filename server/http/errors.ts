// The one place where failures become HTTP answers: a typed failure → its status + `{"message"}` as JSON.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ConflictError, NoAclError, RETRY_AFTER_SECONDS, TarnError, type Conflict, type ConflictingVersion, type FailureKind } from '../errors';
import type { ConflictVersion, MergeConflict, MergeConflictPath } from './wire';
import { RequestRefusedError } from './request-errors';

const statusOf: Record<FailureKind, ContentfulStatusCode> = {
  bad_request: 400,
  unauthenticated: 401,
  // A known caller without the permission: lakeFS answers 401 too, with the authorizer's message.
  permission_denied: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  precondition_failed: 412,
  // Data the request names is there but cannot be read as what it claims to be (a table's broken log).
  unprocessable: 422,
  too_many_attempts: 429,
  not_implemented: 501,
  unavailable: 503,
};

export interface ErrorAnswer {
  status: ContentfulStatusCode;
  body: Record<string, unknown> & { message: string };
}

/** Body-parse failures thrown by the platform (e.g. a client that hung up) are the client's fault, not ours. */
function isClientAbort(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || (err as Error)?.name === 'AbortError';
}

function conflictVersion(v: ConflictingVersion | null): ConflictVersion | null {
  return v && { size_bytes: v.size, mtime: v.mtime, checksum: v.checksum, content_type: v.contentType };
}

/** A conflicting path as the 409 lists it; the merge preview lists its conflicts alike. */
export const conflictJson = (c: Conflict): MergeConflictPath => ({ path: c.path, source: conflictVersion(c.source), dest: conflictVersion(c.dest) });

export function toErrorAnswer(err: unknown): ErrorAnswer {
  if (err instanceof RequestRefusedError) return { status: err.status, body: { message: err.message } };
  if (err instanceof ConflictError) {
    // lakeFS answers a merge conflict with `{"reference": ""}`; the conflicting paths, with both sides, are our addition.
    const body: MergeConflict = {
      message: err.message,
      reference: '',
      conflicts: err.conflicts.map(conflictJson),
    };
    return { status: 409, body };
  }
  if (err instanceof NoAclError) return { status: 404, body: { message: err.message, no_acl: true } };
  if (err instanceof TarnError) return { status: statusOf[err.kind], body: { message: err.message } };
  if (isClientAbort(err)) return { status: 400, body: { message: 'request body was not received completely' } };
  return { status: 500, body: { message: 'internal server error' } };
}

/** The headers an answer of this status carries beyond its type. */
export function failureHeaders(status: number): Record<string, string> {
  return status === 503 ? { 'retry-after': RETRY_AFTER_SECONDS } : {};
}

export function errorResponse({ status, body }: ErrorAnswer): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...failureHeaders(status) } });
}
