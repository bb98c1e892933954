// The S3 gateway: Tarn's port also speaks S3, path-style, as lakeFS's does: bucket = repository, key =
// `<ref>/<path>`. A request that looks like S3's (recognize.ts) is the gateway's; its caller is the console's
// session or its AWS signature (authenticate.ts), and it is dispatched to its operation and answered in S3's XML,
// errors included.
import { randomUUID } from 'node:crypto';
import type { AuthService } from '../auth/service';
import type { Catalog } from '../catalog';
import { authenticate, type GatewaySession } from './authenticate';
import { operationFor } from './dispatch';
import { anyAuthenticatedUser, type Authorize, type Permission } from './permissions';
import { Operation } from './request';
import { errorResponse } from './responses';
import { isS3Request } from './recognize';
import { S3Error, toS3Error } from './s3-errors';

/** A failed request, for the server's log: never with bodies, query strings or credentials. */
export interface GatewayFailure {
  method: string;
  path: string;
  status: number;
  message: string;
  /** The error itself, only for faults of ours (5xx). */
  fault?: unknown;
  /** The server's id of the request, when it gave one, so the failure can be found with the request's log line. */
  requestId?: string;
}

export interface GatewayDeps {
  catalog: Catalog;
  auth: AuthService;
  /** Decides each operation's permissions (default: any authenticated user may act). */
  authorize?: Authorize;
  onFailure?: (failure: GatewayFailure) => void;
  /** The clock, unix milliseconds (tests). */
  now?: () => number;
}

export interface GatewayRequest {
  request: Request;
  /** The raw body as it arrives. */
  body: AsyncIterable<Uint8Array> | undefined;
  /** The request target exactly as sent (path and query, still encoded), when the server knows it. */
  target?: string | undefined;
  /** The caller the console's session (cookie or bearer token) names, if the request carries one. */
  session?: GatewaySession | undefined;
  /** The server's id of the request, passed on to its failure report. */
  requestId?: string | undefined;
  /**
   * Told which S3 operation the request is, once dispatched (`getObject`, `listObjectsV2`, ...), for the server's
   * request counts; a request refused before (its signature) has none.
   */
  onOperation?: ((name: string) => void) | undefined;
  /** Told who the caller is, once authenticated (for the audit log). */
  onCaller?: ((userId: string) => void) | undefined;
  /** Told of the permissions an operation is checked for, before the check (for the audit log). */
  onPermissions?: ((needed: Permission[]) => void) | undefined;
}

export interface Gateway {
  /** Whether the request is S3's (see recognize.ts); under `apiPrefix`, only a signed one is. */
  accepts(request: Request, apiPrefix: string): boolean;
  handle(input: GatewayRequest): Promise<Response>;
}

const noBody: AsyncIterable<Uint8Array> = { [Symbol.asyncIterator]: async function* () {} };

function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new S3Error('InvalidURI', "Couldn't parse the specified URI.");
  }
}

function parseQuery(raw: string): Array<[string, string]> {
  if (raw === '') return [];
  return raw
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=');
      return eq < 0 ? [decodeComponent(part), ''] : [decodeComponent(part.slice(0, eq)), decodeComponent(part.slice(eq + 1))];
    });
}

export function createGateway(deps: GatewayDeps): Gateway {
  const authorize = deps.authorize ?? anyAuthenticatedUser;
  const now = deps.now ?? Date.now;

  async function answer(input: GatewayRequest, rawPath: string, rawQuery: string): Promise<Response> {
    const { request } = input;
    const queryPairs = parseQuery(rawQuery);
    const { principal, payload } = await authenticate(
      deps.auth,
      { method: request.method, rawPath, query: queryPairs, headers: request.headers },
      now(),
      input.session,
    );
    input.onCaller?.(principal.userId);
    const path = rawPath.replace(/^\/+/, '');
    const slash = path.indexOf('/');
    const bucket = decodeComponent(slash < 0 ? path : path.slice(0, slash));
    const key = slash < 0 ? '' : decodeComponent(path.slice(slash + 1));
    const query = new Map(queryPairs);
    const handler = operationFor(request.method, bucket, key, query, request.headers);
    // The operations are named functions (operations/*.ts), a small fixed set: bounded as a metric label must be.
    input.onOperation?.(handler.name);
    const s3Request = { method: request.method, bucket, key, query, headers: request.headers, principal, payload, body: input.body ?? noBody };
    const { onPermissions } = input;
    const checked: Authorize = onPermissions
      ? (caller, needed) => {
          onPermissions(needed);
          return authorize(caller, needed);
        }
      : authorize;
    return handler(new Operation(s3Request, deps.catalog, checked));
  }

  return {
    accepts(request, apiPrefix) {
      return isS3Request(request, apiPrefix);
    },

    async handle(input) {
      const requestId = randomUUID().replaceAll('-', '').slice(0, 16).toUpperCase();
      const target = input.target ?? (() => {
        const url = new URL(input.request.url);
        return url.pathname + url.search;
      })();
      const question = target.indexOf('?');
      const rawPath = question < 0 ? target : target.slice(0, question);
      const rawQuery = question < 0 ? '' : target.slice(question + 1);
      let response: Response;
      try {
        response = await answer(input, rawPath, rawQuery);
      } catch (err) {
        const error = toS3Error(err);
        deps.onFailure?.({
          method: input.request.method,
          path: rawPath,
          status: error.status,
          message: `${error.code}: ${error.message}`,
          ...(error.status >= 500 && error.code !== 'NotImplemented' ? { fault: err } : {}),
          ...(input.requestId !== undefined ? { requestId: input.requestId } : {}),
        });
        response = errorResponse(error, rawPath, requestId, input.request.method === 'HEAD');
      }
      response.headers.set('x-amz-request-id', requestId);
      return response;
    }
  };
}
