// Typed failures of the catalog and auth rules (the versioned store has its own, which carry their status). The
// HTTP layer maps each kind to one status; the message is what the client sees, so it never carries secrets.
export type FailureKind = 'bad_request' | 'unauthenticated' | 'conflict' | 'precondition_failed';

export class CatalogError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'CatalogError';
  }
}

export const badRequest = (message: string) => new CatalogError('bad_request', message);
export const conflict = (message: string) => new CatalogError('conflict', message);
export const preconditionFailed = (message: string) => new CatalogError('precondition_failed', message);

/** The only 401 text the console treats as "logged out". */
export const unauthenticated = () => new CatalogError('unauthenticated', 'error authenticating request');
