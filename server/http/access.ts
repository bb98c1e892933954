// The words a route's access rule is written in. Every contract declares its rule (`access` in `contract()`,
// contract.ts): public, any signed-in user, or the lakeFS permission(s) it requires — its action(s) and the ARN of the
// resource, built from the request. boundary.ts applies the rule before the route's schemas and handler run; a route
// without one is a type error, and refused at startup (tests/server/http/access-matrix.test.ts calls every route).
import { allOf, anyResource, arn, need, type Requirement } from '../auth';

export { aclPolicyId, allOf, anyResource, arn, need } from '../auth';

/** What a rule reads of a request: its path parameters, query, and JSON body (when the route takes one). */
export interface RouteRequest {
  params: Record<string, string>;
  query: (name: string) => string | undefined;
  body: unknown;
}

export type Access =
  /** Anyone, without credentials: setup, login, activation, liveness, the API document. */
  | { kind: 'public' }
  /** Any signed-in user, with no permission to check (lakeFS checks none either). */
  | { kind: 'signed-in' }
  | { kind: 'check'; requires: (request: RouteRequest) => Requirement };

/** Anyone may call: the contract is published without security, and the boundary asks for no credentials. */
export const anyone: Access = { kind: 'public' };
/** Any signed-in user. */
export const signedIn: Access = { kind: 'signed-in' };
/** The permission(s) the request requires. */
export const check = (requires: (request: RouteRequest) => Requirement): Extract<Access, { kind: 'check' }> => ({ kind: 'check', requires });

/** A path parameter ('' when absent). */
export const param = (r: RouteRequest, name: string): string => r.params[name] ?? '';

/** A text field of a JSON value (the body, or a part of it), or '' when it is missing or not text (the body's schema refuses it next). */
export function bodyField(body: unknown, name: string): string {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
}

/** The ARN of the repository of the path. */
export const repositoryArn = (r: RouteRequest): string => arn.repository(param(r, 'repository'));
/** The ARN of the branch named by a path parameter (`branch` unless said). */
export const branchArn = (r: RouteRequest, name = 'branch'): string => arn.branch(param(r, 'repository'), param(r, name));
/** The ARN of an object of the path's repository: by default the one the `path` query names. */
export const objectArn = (r: RouteRequest, path = r.query('path') ?? ''): string => arn.object(param(r, 'repository'), path);
/** The ARN of the group of the path. */
export const groupArn = (r: RouteRequest): string => arn.group(param(r, 'groupId'));

/** An action on the repository of the path. */
export const onRepo = (action: string): Access => check((r) => need(action, repositoryArn(r)));
/** An action on the branch of the path. */
export const onBranch = (action: string): Access => check((r) => need(action, branchArn(r)));
/** An action on the object named by the `path` query. */
export const onObject = (action: string): Access => check((r) => need(action, objectArn(r)));
/** An action on the user of the path (`${user}` in a policy lets users manage their own keys). */
export const onUser = (action: string): Access => check((r) => need(action, arn.user(param(r, 'userId'))));
/** An action on the group of the path. */
export const onGroup = (action: string): Access => check((r) => need(action, groupArn(r)));
/** An action on the policy of the path. */
export const onPolicy = (action: string): Access => check((r) => need(action, arn.policy(param(r, 'policyId'))));
/** An action on no resource in particular (lakeFS's `*`). */
export const onAnything = (action: string): Access => check(() => need(action, anyResource));

/** Merging writes a commit on the destination and reads the source's commits (the merge call and its async twin). */
export const mergeAccess = check((r) => allOf(need('fs:CreateCommit', branchArn(r, 'destinationBranch')), need('fs:ReadCommit', repositoryArn(r))));
