// Typed failures, shared by every layer of the server. Each carries lakeFS's message (what the client sees, so it
// never holds a secret) and the kind of failure; server/http/errors.ts gives each kind its one HTTP status.
export type FailureKind =
  | 'bad_request'
  | 'unauthenticated'
  | 'permission_denied'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'precondition_failed'
  | 'unprocessable'
  | 'too_many_attempts'
  | 'not_implemented'
  | 'unavailable';

export class TarnError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export const badRequest = (message: string) => new TarnError('bad_request', message);
export const conflict = (message: string) => new TarnError('conflict', message);

/** The only 401 text the console treats as "logged out". */
export const unauthenticated = () => new TarnError('unauthenticated', 'error authenticating request');

// The versioned store

export type NotFoundSubject =
  | 'repository'
  | 'branch'
  | 'tag'
  | 'commit'
  | 'ref'
  | 'object'
  | 'merge base'
  | 'metarange'
  | 'range'
  | 'refs dump'
  | 'task'
  | 'import'
  | 'run'
  | 'hook run'
  | 'pull request'
  | 'user'
  | 'group'
  | 'policy'
  | 'credentials'
  | 'group membership'
  | 'policy attachment'
  | 'table';

export class NotFoundError extends TarnError {
  constructor(readonly subject: NotFoundSubject) {
    super('not_found', `${subject} not found`);
  }
}

export type AlreadyExistsSubject =
  | 'repository'
  | 'branch'
  | 'tag'
  | 'commit'
  | 'branch protection rule'
  | 'user'
  | 'group'
  | 'policy'
  | 'group membership'
  | 'policy attachment';

export class AlreadyExistsError extends TarnError {
  constructor(readonly subject: AlreadyExistsSubject) {
    super('conflict', `${subject} already exists`);
  }
}

/** What one side of a conflict holds at the path. */
export interface ConflictingVersion {
  size: number;
  /** Unix seconds. */
  mtime: number;
  checksum: string;
  contentType: string;
}

/** A path both sides changed differently; a side is null when it deleted the path. */
export interface Conflict {
  path: string;
  source: ConflictingVersion | null;
  dest: ConflictingVersion | null;
}

/**
 * A merge, revert or cherry-pick met conflicting changes that neither its strategy nor a per-path resolution
 * settles. Nothing was written.
 */
export class ConflictError extends TarnError {
  constructor(readonly conflicts: Conflict[]) {
    super('conflict', 'conflict found');
  }
}

export class NoChangesError extends TarnError {
  constructor() {
    super('bad_request', 'no changes');
  }
}

export class DirtyBranchError extends TarnError {
  constructor(message = 'uncommitted changes (dirty branch)') {
    super('bad_request', message);
  }
}

/** A malformed ref expression, a `$` ref where a commit is needed, a parent number out of range. */
export class InvalidRefError extends TarnError {
  constructor(message = 'invalid ref') {
    super('bad_request', message);
  }
}

/** Any other bad input: ids, merge strategy, reset type, paths, storage namespaces. */
export class ValidationError extends TarnError {
  constructor(message: string) {
    super('bad_request', message);
  }
}

export class ReadOnlyRepositoryError extends TarnError {
  constructor() {
    super('forbidden', 'read-only repository');
  }
}

/**
 * Operations refused by a rule rather than by input or permissions (403, as lakeFS answers these): deleting the
 * default branch, an address or import path the block store refuses; and Tarn's own rules on users.
 */
export class ForbiddenError extends TarnError {
  constructor(message: string) {
    super('forbidden', message);
  }
}

export class RepositoryInDeletionError extends TarnError {
  constructor() {
    super('gone', 'repository in deletion');
  }
}

export class PreconditionFailedError extends TarnError {
  constructor(message = 'Precondition failed') {
    super('precondition_failed', message);
  }
}

export const preconditionFailed = (message: string) => new PreconditionFailedError(message);

/** A branch moved under us too many times in a row. */
export class TooManyAttemptsError extends TarnError {
  constructor() {
    super('too_many_attempts', 'Too many attempts, try again later');
  }
}

/** Reverting or cherry-picking a merge commit needs a parent number (lakeFS: revert answers 409, cherry-pick 400). */
export class ParentNumberRequiredError extends TarnError {
  constructor(kind: 'conflict' | 'bad_request') {
    super(kind, 'must specify 1-based parent number for reverting or cherry-picking a merge commit');
  }
}

// Access control

/**
 * The caller is known but its effective policies do not allow the call; the message names what is missing. lakeFS's
 * API answers this 401 (its controller's `authorize`), which its web UI's preflights read as "not allowed"; the S3
 * gateway answers S3's AccessDenied.
 */
export class InsufficientPermissionsError extends TarnError {
  constructor(readonly missing: string) {
    super('permission_denied', `insufficient permissions: ${missing}`);
  }
}

/** A group without an ACL (simplified mode); lakeFS's answer also says `no_acl: true`, which the console reads. */
export class NoAclError extends TarnError {
  constructor() {
    super('not_found', 'no acl');
  }
}

/** A call of lakeFS Enterprise that Tarn does not offer, or one the repository's block store cannot serve. */
export class NotImplementedError extends TarnError {
  constructor(message = 'not implemented') {
    super('not_implemented', message);
  }
}

// Faults of what the server depends on

/**
 * The metadata database or the object store did not answer (refused, dropped, timed out): nothing was decided, and
 * the same call may succeed once it is back. Clients see 503 and retry, as they would a busy load balancer.
 */
export class UnavailableError extends TarnError {
  constructor(
    readonly dependency: 'metadata' | 'objects',
    message: string,
    /** The driver's own failure, for the log: the client sees only the message. */
    cause?: unknown,
  ) {
    super('unavailable', message);
    if (cause !== undefined) this.cause = cause;
  }
}

/**
 * Seconds a client is asked to wait (Retry-After) before it retries a 503: clients that honour it (the AWS SDKs,
 * HTTP libraries' retry policies) back off instead of hammering a database that is coming back.
 */
export const RETRY_AFTER_SECONDS = '1';

export const metadataUnavailable = (cause?: unknown) =>
  new UnavailableError('metadata', 'metadata database is unreachable or timed out; retry the request later', cause);

export const objectStoreUnavailable = (cause?: unknown) =>
  new UnavailableError('objects', 'object store is unreachable or timed out; retry the request later', cause);

// Object data

/** An object's bytes are gone from the block store. */
export class BlockNotFoundError extends TarnError {
  constructor(
    readonly namespace: string,
    readonly key: string,
  ) {
    super('gone', 'No data');
  }
}

/** A storage namespace the block store cannot hold. */
export class InvalidNamespaceError extends ValidationError {}

/** A key that would escape its namespace or is otherwise not storable. */
export class InvalidBlockKeyError extends ValidationError {}

// Repository settings

/** A write the repository's branch protection refuses: staging writes and commits have their own lakeFS texts. */
export class ProtectedBranchError extends TarnError {
  constructor(readonly action: 'staging_write' | 'commit') {
    super('forbidden', action === 'commit' ? 'cannot commit to protected branch' : 'cannot write to protected branch');
  }
}

/** A repository setting that is not there: GC rules never set or deleted, a protection rule that does not exist. */
export class SettingNotFoundError extends TarnError {
  constructor(message: string) {
    super('not_found', message);
  }
}

// Multipart uploads (the S3 gateway's)

/** An upload id that names no upload in progress for that object (never made, completed or aborted). */
export class NoSuchUploadError extends TarnError {
  constructor() {
    super('not_found', 'The specified multipart upload does not exist');
  }
}

/** Why a multipart upload's completion was refused: its parts list does not describe uploaded parts properly. */
export type InvalidPartsReason = 'invalid_part' | 'invalid_part_order' | 'part_too_small';

export class InvalidPartsError extends TarnError {
  constructor(
    readonly reason: InvalidPartsReason,
    message: string,
  ) {
    super('bad_request', message);
  }
}

// Tables

/** A table's log that cannot be read as its format says: the message names the file and what is wrong with it. */
export class BrokenTableError extends TarnError {
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super('unprocessable', `broken table log: ${file}: ${problem}`);
  }
}
