// Typed API failures. Each carries the HTTP status and the server's message (the deepest nested one).
import { deepestMessage } from '../lib/error-message';
import type { ConflictVersion, MergeConflictPath } from './types';

export { deepestMessage, errorMessage } from '../lib/error-message';

export const AUTHENTICATION_FAILED_MESSAGE = 'error authenticating request';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The parsed error body, for callers that need fields beside `message`. */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The session is missing or invalid (401 'error authenticating request'): the user must log in again. */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}

/**
 * The user is known but not allowed to do this: any 401 other than 'error authenticating request' (lakeFS's answer
 * to a missing permission, and Tarn's). The message says which permission is missing.
 */
export class AuthorizationError extends ApiError {
  override name = 'AuthorizationError';
}

export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}

export class ConflictError extends ApiError {
  override name = 'ConflictError';
}

export class GoneError extends ApiError {
  override name = 'GoneError';
}

export class PreconditionError extends ApiError {
  override name = 'PreconditionError';
}

/**
 * A merge refused with 409. `conflicts` lists the conflicting paths with both sides when the server names them
 * (Tarn's `MergeConflict` body); lakeFS itself names none.
 */
export class MergeConflictError extends ConflictError {
  override name = 'MergeConflictError';
  constructor(
    message: string,
    readonly conflicts: MergeConflictPath[],
    body?: unknown,
  ) {
    super(409, message, body);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** One side of a conflict: the version, or null when that side deleted the path; undefined when malformed. */
function conflictVersion(value: unknown): ConflictVersion | null | undefined {
  if (value === null) return null;
  if (!isRecord(value)) return undefined;
  const { size_bytes, mtime, checksum, content_type } = value;
  if (typeof size_bytes !== 'number' || typeof mtime !== 'number' || typeof checksum !== 'string') return undefined;
  return { size_bytes, mtime, checksum, content_type: typeof content_type === 'string' ? content_type : '' };
}

/** The conflicts of a 409 body, when it lists them; entries not of the contract's shape are left out. */
function mergeConflicts(body: unknown): MergeConflictPath[] | undefined {
  if (!isRecord(body) || !Array.isArray(body.conflicts)) return undefined;
  return body.conflicts.flatMap((c: unknown): MergeConflictPath[] => {
    if (!isRecord(c) || typeof c.path !== 'string') return [];
    const source = conflictVersion(c.source);
    const dest = conflictVersion(c.dest);
    return source === undefined || dest === undefined ? [] : [{ path: c.path, source, dest }];
  });
}

/**
 * How a call's failure is told (docs/behaviour.md, Conventions): the action it names, as in 'could not list users: <server message>',
 * and the catalogue's own words for some statuses, which replace that ('could not find branch main' for a 404).
 */
export interface FailureWording {
  /** What the call does, e.g. 'list users'. */
  action: string;
  byStatus?: Partial<Record<number, string>>;
}

/** The message of a failed call: the wording's for its status, else 'could not <action>: <server message>'. */
export function failureMessage(wording: FailureWording | undefined, status: number, serverMessage: string): string {
  if (!wording) return serverMessage;
  return wording.byStatus?.[status] ?? `could not ${wording.action}: ${serverMessage}`;
}

/**
 * Maps a failed response's status and parsed body (JSON value or text) to its typed error, its message worded by
 * `wording` when the call gives one. The type follows the server's own message.
 */
export function errorFromResponse(status: number, body: unknown, statusText = '', wording?: FailureWording): ApiError {
  const serverMessage = deepestMessage(body) ?? (statusText || `request failed with status ${status}`);
  const message = failureMessage(wording, status, serverMessage);
  switch (status) {
    case 401:
      return serverMessage === AUTHENTICATION_FAILED_MESSAGE
        ? new AuthenticationError(status, message, body)
        : new AuthorizationError(status, message, body);
    case 404:
      return new NotFoundError(status, message, body);
    case 409: {
      const conflicts = mergeConflicts(body);
      return conflicts ? new MergeConflictError(message, conflicts, body) : new ConflictError(status, message, body);
    }
    case 410:
      return new GoneError(status, message, body);
    case 412:
      return new PreconditionError(status, message, body);
    default:
      return new ApiError(status, message, body);
  }
}

/** Reads an error body as JSON when the server says it is JSON, else as text. */
export function parseErrorBody(contentType: string | null, text: string): unknown {
  if (contentType?.toLowerCase().includes('application/json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}
