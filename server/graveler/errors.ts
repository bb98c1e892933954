/**
 * Typed failures of the versioned store. Each carries lakeFS's message text and the HTTP status lakeFS answers
 * with, so the HTTP layer can reply `{message}` with `status` without knowing every kind.
 */
export class GravelerError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export type NotFoundKind = 'repository' | 'branch' | 'tag' | 'commit' | 'ref' | 'object' | 'merge base';

export class NotFoundError extends GravelerError {
  constructor(readonly kind: NotFoundKind) {
    super(`${kind} not found`, 404);
  }
}

export type AlreadyExistsKind = 'repository' | 'branch' | 'tag';

export class AlreadyExistsError extends GravelerError {
  constructor(readonly kind: AlreadyExistsKind) {
    super(`${kind} already exists`, 409);
  }
}

/** A merge, revert or cherry-pick met conflicting changes under the default strategy. */
export class ConflictError extends GravelerError {
  constructor(readonly paths: string[]) {
    super('conflict found', 409);
  }
}

export class NoChangesError extends GravelerError {
  constructor() {
    super('no changes', 400);
  }
}

export class DirtyBranchError extends GravelerError {
  constructor(message = 'uncommitted changes (dirty branch)') {
    super(message, 400);
  }
}

/** A malformed ref expression, a `$` ref where a commit is needed, a parent number out of range. */
export class InvalidRefError extends GravelerError {
  constructor(message = 'invalid ref') {
    super(message, 400);
  }
}

/** Any other bad input: ids, merge strategy, reset type, paths. */
export class ValidationError extends GravelerError {
  constructor(message: string) {
    super(message, 400);
  }
}

export class ReadOnlyRepositoryError extends GravelerError {
  constructor() {
    super('read-only repository', 403);
  }
}

/** Operations refused by a rule rather than by input: deleting the default branch. */
export class ForbiddenError extends GravelerError {
  constructor(message: string) {
    super(message, 403);
  }
}

export class RepositoryInDeletionError extends GravelerError {
  constructor() {
    super('repository in deletion', 410);
  }
}

export class PreconditionFailedError extends GravelerError {
  constructor(message = 'Precondition failed') {
    super(message, 412);
  }
}

/** A branch moved under us too many times in a row. */
export class TooManyAttemptsError extends GravelerError {
  constructor() {
    super('Too many attempts, try again later', 429);
  }
}

/** Reverting or cherry-picking a merge commit needs a parent number (revert answers 409, cherry-pick 400). */
export class ParentNumberRequiredError extends GravelerError {
  constructor(status: 400 | 409) {
    super('must specify 1-based parent number for reverting or cherry-picking a merge commit', status);
  }
}
