// What every route contract is written with: `contract()`, which declares a route (its path, parameters, query,
// body and answers as zod schemas) together with who may call it; JSON bodies and answers; the error every call may
// answer.
import { createRoute, type RouteConfig, type z } from '@hono/zod-openapi';
import type { Access } from './access';
import { ErrorBody } from './wire';

/**
 * Where a contract keeps its access rule: under a symbol, so the rule travels with the route wherever it is copied
 * (the router's registry copies routes) and never reaches the published document (JSON has no symbol keys).
 */
const accessRule = Symbol('access rule');

/** A route declared with its access rule. */
export type DeclaredRoute = RouteConfig & { readonly [accessRule]: Access };

/**
 * A route's contract: createRoute's config plus `access`, the rule the boundary applies before the route's schemas
 * (access.ts: `anyone`, `signedIn`, `onRepo('fs:ReadRepository')`, `check((r) => ...)`). A public route is published
 * with `security: []`; every other route with the API's schemes.
 */
export function contract<P extends string, R extends Omit<RouteConfig, 'path' | 'security'> & { path: P; access: Access; security?: never }>(
  config: R,
): Omit<R, 'access'> & { readonly [accessRule]: Access; readonly security?: [] } {
  const { access, ...route } = config;
  // Only a caller that defeats the types gets here without one.
  if (access === undefined) throw new Error(`no access rule for ${route.method.toUpperCase()} ${route.path}: declare it in the contract`);
  return createRoute({ ...route, ...(access.kind === 'public' ? { security: [] } : {}), [accessRule]: access });
}

/** The access rule a route was declared with; undefined for a route not made by `contract()`. */
export function accessOf(route: RouteConfig): Access | undefined {
  return (route as Partial<DeclaredRoute>)[accessRule];
}

/** A JSON answer with its schema. */
export function jsonContent<S extends z.ZodType>(schema: S, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

/** A JSON request body with the schema that validates it; an optional one may be left out (it is then `{}`). */
export function jsonBody<S extends z.ZodType>(schema: S, { required = true } = {}) {
  return { required, content: { 'application/json': { schema } } };
}

/** Any failure: the status says which (see errors.ts), the body is lakeFS's Error. */
export const failure = jsonContent(ErrorBody, 'Error');
