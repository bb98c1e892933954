// The API's routers: OpenAPIHono over the app's environment. A route is declared once with contract() (its path,
// parameters, query, body and answers as zod schemas, and its access rule); mounting it with `router.openapi(route,
// handler)` validates the request against those schemas, types the handler, and publishes the route.
import type { IncomingMessage } from 'node:http';
import { OpenAPIHono, type RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Principal, Requirement } from '../auth';
import { unauthenticated } from '../errors';
import type { DeclaredRoute } from './contract';
import { refuseInvalidInput } from './invalid-input';

export interface AppEnv {
  /** Set by @hono/node-server: the Node request, whose body can be read without a web-stream detour. */
  Bindings: { incoming?: IncomingMessage };
  Variables: {
    principal: Principal | undefined;
    /** A JSON call's body, parsed once its transport rules passed; the route's access rule may read it. */
    jsonBody: unknown;
    /** Whether the signed-in caller's policies allow something (set by the boundary for every non-public route). */
    allows: ((requirement: Requirement) => Promise<boolean>) | undefined;
    /** Refuses (401 naming what is missing, as lakeFS) unless the caller's policies allow something (set with `allows`). */
    require: ((requirement: Requirement) => Promise<void>) | undefined;
  };
}

export type AppContext = Context<AppEnv>;

export type Router = OpenAPIHono<AppEnv>;

/**
 * The handler of a declared route: typed inputs (`c.req.valid(...)`) and answers checked against its contract. Only a
 * route made by contract(), with its access rule, has one.
 */
export type AppRouteHandler<R extends DeclaredRoute> = RouteHandler<R, AppEnv>;

export function createRouter(): Router {
  return new OpenAPIHono<AppEnv>({ defaultHook: refuseInvalidInput });
}

/** Asks whether the caller may do something, for the calls that show only what the caller may see. */
export function allowsOf(c: AppContext): (requirement: Requirement) => Promise<boolean> {
  const allows = c.get('allows');
  if (!allows) throw unauthenticated();
  return allows;
}

/** Requires a permission the route's access rule cannot name, as it depends on a record the handler reads first. */
export function requireOf(c: AppContext): (requirement: Requirement) => Promise<void> {
  const require = c.get('require');
  if (!require) throw unauthenticated();
  return require;
}

/** The signed-in principal of a non-public route (its boundary has already refused anonymous calls). */
export function principalOf(c: AppContext): Principal {
  const principal = c.get('principal');
  if (!principal) throw unauthenticated();
  return principal;
}
