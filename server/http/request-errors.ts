// Refusals decided by the HTTP layer itself, before any resource rule runs: how a request arrives, not what it asks.
export class RequestRefusedError extends Error {
  constructor(
    readonly status: 403 | 415,
    message: string,
  ) {
    super(message);
    this.name = 'RequestRefusedError';
  }
}

/** A cookie-signed change that a browser did not send from the console's own origin (a cross-site request). */
export const crossOriginRefused = () =>
  new RequestRefusedError(403, 'cross-origin request refused: a change made with the session cookie must come from the same origin');

/** A JSON call whose body is declared as something else, e.g. the text/plain of a cross-site form. */
export const jsonBodyRequired = () =>
  new RequestRefusedError(415, 'unsupported content type: the request body must be application/json');
