// What runs before a declared route's schemas and handler, derived from its contract: who calls (every route but
// the public ones), well-formed text in the path and query, the transport rules of a JSON body, and then whether the
// caller may make the call, by the access rule the contract declares (contract.ts, access.ts). The same contract
// publishes the route, so the document says exactly which routes are public.
import type { RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Principal, Requirement } from '../auth';
import type { Access } from './access';
import { noteCaller, notePermissionOf } from './audit-trail';
import { accessOf } from './contract';
import { jsonTransport } from './request-body';
import { principalOf, type AppContext, type AppEnv, type Router } from './router';
import { isWellFormed, requireWellFormed } from './well-formed';

export type Identify = (c: AppContext) => Promise<Principal>;

/** How the boundary asks the auth model: refuse unless allowed (the route's rule), or just ask (to filter a listing). */
export interface AccessGuard {
  /** Throws lakeFS's insufficient-permissions error unless the principal meets the requirement. */
  require(principal: Principal, requirement: Requirement): Promise<void>;
  allows(principal: Principal, requirement: Requirement): Promise<boolean>;
}

/** The query as the schema validator reads it: a key given once is a text, a repeated one a list. */
function queryValues(c: AppContext): Record<string, string | string[] | undefined> {
  return Object.fromEntries(Object.entries(c.req.queries()).map(([key, values]) => [key, values.length === 1 ? values[0] : values]));
}

/**
 * Path parameters and query values are the URL's text with percent-escapes decoded. An escape below %80 decodes to
 * ASCII, so a well-formed URL without escapes of higher bytes yields only well-formed values: most calls, which
 * then skip parsing the query a second time (the route's schema parses it too).
 */
export const onlyAsciiEscapes = (url: string) => isWellFormed(url) && !/%[89a-f]/i.test(url);

const wellFormedInput: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!onlyAsciiEscapes(c.req.url)) {
    for (const [name, value] of Object.entries(c.req.param())) requireWellFormed(value, name);
    requireWellFormed(queryValues(c), 'query');
  }
  await next();
};

function signedIn(identify: Identify): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = await identify(c);
    c.set('principal', principal);
    noteCaller(c, principal.userId);
    await next();
  };
}

/**
 * The route's access rule, applied once the caller is known and the body read (some permissions name what the body
 * names: the repository to create, the object to copy).
 */
function permitted(access: Access, guard: AccessGuard): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (access.kind !== 'public') {
      const principal = principalOf(c);
      // A listing shows only what the caller may see (lakeFS filters repositories so).
      c.set('allows', (requirement) => guard.allows(principal, requirement));
      c.set('require', (requirement) => {
        notePermissionOf(c, requirement);
        return guard.require(principal, requirement);
      });
      if (access.kind === 'check') {
        const requirement = access.requires({ params: c.req.param(), query: (name) => c.req.query(name), body: c.get('jsonBody') });
        // Noted before the check, so that a refusal is logged with what was refused.
        notePermissionOf(c, requirement);
        await guard.require(principal, requirement);
      }
    }
    await next();
  };
}

/** The rule a route was declared with. A route without one is refused at startup: a fault, never a default. */
function declaredAccess(route: RouteConfig): Access {
  const access = accessOf(route);
  if (!access) throw new Error(`no access rule for ${route.method.toUpperCase()} ${route.path}: declare its contract with contract() and its access`);
  return access;
}

/** The route's JSON request body, if it takes one. */
function jsonBodyOf(route: RouteConfig): { required: boolean } | undefined {
  const body = route.request?.body;
  return body?.content['application/json'] ? { required: body.required ?? false } : undefined;
}

/** The contracts mounted on a router. */
export function declaredRoutes(router: Router): RouteConfig[] {
  return router.openAPIRegistry.definitions.flatMap((definition) => (definition.type === 'route' ? [definition.route] : []));
}

/**
 * Mounts each route's boundary on `api`; the routers that handle the routes must be mounted after it. Throws when a
 * route has no access rule, so such a server never starts.
 */
export function mountBoundaries(api: Router, routes: RouteConfig[], identify: Identify, guard: AccessGuard): void {
  for (const route of routes) {
    const access = declaredAccess(route);
    // Hono answers HEAD with the GET route, boundary included.
    if (route.method === 'head') continue;
    const steps: MiddlewareHandler<AppEnv>[] = [];
    if (access.kind !== 'public') steps.push(signedIn(identify));
    steps.push(wellFormedInput);
    const json = jsonBodyOf(route);
    if (json) steps.push(jsonTransport(json.required));
    steps.push(permitted(access, guard));
    api.on(route.method.toUpperCase(), [route.path.replaceAll(/\{(\w+)\}/g, ':$1')], ...steps);
  }
}
