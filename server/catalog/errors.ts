// Typed failures of the catalog and auth rules. The HTTP layer maps each kind to one status; the message is what
// the client sees, so it never carries secrets or internal paths.
export type FailureKind =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'precondition_failed'
  | 'range_not_satisfiable'
  | 'too_many_attempts'
  | 'not_implemented';

export class CatalogError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    /** Extra JSON fields sent beside `message` (e.g. a merge conflict's paths). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'CatalogError';
  }
}

export const badRequest = (message: string) => new CatalogError('bad_request', message);
export const notFound = (message: string) => new CatalogError('not_found', message);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new CatalogError('conflict', message, details);
export const forbidden = (message: string) => new CatalogError('forbidden', message);
export const gone = (message: string) => new CatalogError('gone', message);
export const preconditionFailed = (message: string) => new CatalogError('precondition_failed', message);

export const messages = {
  unauthenticated: 'error authenticating request',
  readOnly: 'read-only repository',
  inDeletion: 'repository in deletion',
  repoNotFound: 'repository not found',
  repoExists: 'repository already exists',
  branchNotFound: 'branch not found',
  branchExists: 'branch already exists',
  tagNotFound: 'tag not found',
  tagExists: 'tag already exists',
  commitNotFound: 'commit not found',
  refNotFound: 'ref not found',
  objectNotFound: 'object not found',
  noChanges: 'no changes',
  dirtyBranch: 'uncommitted changes (dirty branch)',
  defaultBranchDelete: 'cannot delete repository default branch',
  pathExists: 'path already exists',
  conflictFound: 'conflict found',
} as const;
