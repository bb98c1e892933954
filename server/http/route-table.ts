// Every API route is declared once here with what the OpenAPI document needs; the same table mounts the handlers,
// so the published document cannot drift from what is served.
import type { Handler, Hono } from 'hono';
import type { z } from 'zod';
import type { Principal } from '../auth/service';
import type { AppContext, AppEnv } from './router';

export { principalOf, type AppContext, type AppEnv } from './router';

export type Method = 'get' | 'post' | 'put' | 'delete';

export interface QueryParam {
  name: string;
  type: 'string' | 'integer' | 'boolean' | 'array';
  required?: boolean;
  description?: string;
}

export interface RouteSpec {
  method: Method;
  /** Hono form, e.g. `/repositories/:repository`. */
  path: string;
  summary: string;
  tag: string;
  /** Reachable without credentials. */
  public?: boolean;
  query?: QueryParam[];
  /** Name of the request body schema in the OpenAPI document. */
  body?: string;
  /** The zod schema that validates that body; the document's JSON schema is generated from it. */
  bodySchema?: z.ZodType;
  success: { status: number; schema?: string; contentType?: string };
  /** Also answers HEAD (served by the GET handler). */
  head?: boolean;
}

export interface RouteEntry {
  spec: RouteSpec;
  handler: (c: AppContext) => Promise<Response> | Response;
}

export function route(spec: RouteSpec, handler: RouteEntry['handler']): RouteEntry {
  return { spec, handler };
}

/** Mounts each route; a non-public one first establishes who calls (or answers 401). */
export function mountRoutes(
  app: Hono<AppEnv>,
  entries: RouteEntry[],
  identify: (c: AppContext) => Promise<Principal>,
): void {
  for (const { spec, handler } of entries) {
    const guarded: Handler<AppEnv> = spec.public
      ? handler
      : async (c) => {
          c.set('principal', await identify(c));
          return handler(c);
        };
    app.on(spec.method.toUpperCase(), spec.path, guarded);
  }
}
