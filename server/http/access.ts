// THE table of who may call what: every API route (method + path template, as declared) with the permission lakeFS
// requires for it — its action(s) and the ARN of the resource, built from the request — or an explicit mark that
// the route is public or open to any signed-in user. boundary.ts applies it to every call before the handler runs;
// a route missing here is refused (tests/server/http/access-matrix.test.ts fails on it first).
import { aclPolicyId, allOf, anyResource, arn, need, type Requirement } from '../auth';

/** What the table reads of a request: its path parameters, query, and JSON body (when the route takes one). */
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

const open: Access = { kind: 'public' };
const signedIn: Access = { kind: 'signed-in' };
const check = (requires: (request: RouteRequest) => Requirement): Access => ({ kind: 'check', requires });

/** A text field of the JSON body, or '' when it is missing or not text (the body's schema refuses it next). */
function field(body: unknown, name: string): string {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
}

const p = (r: RouteRequest, name: string) => r.params[name] ?? '';
const repo = (r: RouteRequest) => arn.repository(p(r, 'repository'));
const branch = (r: RouteRequest, name = 'branch') => arn.branch(p(r, 'repository'), p(r, name));
const object = (r: RouteRequest, path = r.query('path') ?? '') => arn.object(p(r, 'repository'), path);
const user = (r: RouteRequest) => arn.user(p(r, 'userId'));
const group = (r: RouteRequest) => arn.group(p(r, 'groupId'));
const policy = (r: RouteRequest) => arn.policy(p(r, 'policyId'));

/** An action on the repository of the path. */
const onRepo = (action: string) => check((r) => need(action, repo(r)));
/** An action on the branch of the path. */
const onBranch = (action: string) => check((r) => need(action, branch(r)));
/** An action on the object named by the `path` query. */
const onObject = (action: string) => check((r) => need(action, object(r)));
const onUser = (action: string) => check((r) => need(action, user(r)));
const onGroup = (action: string) => check((r) => need(action, group(r)));
const onPolicy = (action: string) => check((r) => need(action, policy(r)));
const onAnything = (action: string) => check(() => need(action, anyResource));

const dumpRefs = check((r) => allOf(need('fs:ListTags', repo(r)), need('fs:ListBranches', repo(r)), need('fs:ListCommits', repo(r))));
const restoreRefs = check((r) => allOf(need('fs:CreateTag', repo(r)), need('fs:CreateBranch', repo(r)), need('fs:CreateCommit', repo(r))));
/** The `paths` of an import's body: its sources and destinations ('' for what is missing; the schema refuses it next). */
function importPaths(body: unknown): { path: string; destination: string }[] {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).paths : undefined;
  return Array.isArray(value) ? value.map((p: unknown) => ({ path: field(p, 'path'), destination: field(p, 'destination') })) : [];
}

/**
 * Importing writes objects and a commit on the branch, and reads each source's storage, as lakeFS requires: the right
 * to import from that location (`fs:ImportFromStorage` on its namespace ARN) is kept for administrators by default.
 */
const importStart = check((r) =>
  allOf(
    need('fs:WriteObject', branch(r)),
    need('fs:CreateCommit', branch(r)),
    ...importPaths(r.body).flatMap((p) => [need('fs:ImportFromStorage', arn.namespace(p.path)), need('fs:WriteObject', object(r, p.destination))]),
  ),
);

/** Merging writes a commit on the destination and reads the source's commits. */
const merge = check((r) => allOf(need('fs:CreateCommit', branch(r, 'destinationBranch')), need('fs:ReadCommit', repo(r))));

const repoPath = '/repositories/{repository}';
const branchPath = `${repoPath}/branches/{branch}`;
const refPath = `${repoPath}/refs/{ref}`;
const mergePath = `${repoPath}/refs/{sourceRef}/merge/{destinationBranch}`;
const pullsPath = `${repoPath}/pulls`;
const userPath = '/auth/users/{userId}';
const groupPath = '/auth/groups/{groupId}';

export const accessTable: Record<string, Access> = {
  // Setup, login and the caller.
  'GET /setup_lakefs': open,
  'POST /setup_lakefs': open,
  'POST /setup_comm_prefs': open,
  'GET /auth/capabilities': open,
  'POST /auth/login': open,
  'POST /auth/password': open,
  'GET /healthcheck': open,
  'GET /openapi.json': open,
  'GET /user': signedIn,
  // Logins through an external authenticator, which Tarn lacks (501), as lakeFS's are: public.
  'POST /auth/external/principal/login': open,
  'POST /sts/login': open,
  'GET /oidc/callback': open,

  // Installation facts. lakeFS answers /config to anyone signed in (a partial one without fs:ReadConfig).
  'GET /config': signedIn,
  'GET /config/version': onAnything('fs:ReadConfig'),
  'GET /config/storage': onAnything('fs:ReadConfig'),
  'GET /config/garbage-collection': onAnything('fs:ReadConfig'),
  'POST /statistics': signedIn,
  'GET /usage-report/summary': onAnything('fs:ReadConfig'),
  'GET /license': signedIn,

  // Repositories. Creating one also attaches its storage namespace.
  'GET /repositories': onAnything('fs:ListRepositories'),
  'POST /repositories': check((r) =>
    allOf(need('fs:CreateRepository', arn.repository(field(r.body, 'name'))), need('fs:AttachStorageNamespace', arn.namespace(field(r.body, 'storage_namespace')))),
  ),
  [`GET ${repoPath}`]: onRepo('fs:ReadRepository'),
  [`DELETE ${repoPath}`]: onRepo('fs:DeleteRepository'),
  [`GET ${repoPath}/metadata`]: onRepo('fs:ReadRepository'),
  [`POST ${repoPath}/metadata`]: onRepo('fs:UpdateRepository'),
  [`DELETE ${repoPath}/metadata`]: onRepo('fs:UpdateRepository'),
  [`PUT ${repoPath}/settings/read_only`]: onRepo('fs:UpdateRepository'),

  // Branches and tags.
  [`GET ${repoPath}/branches`]: onRepo('fs:ListBranches'),
  [`POST ${repoPath}/branches`]: check((r) => need('fs:CreateBranch', arn.branch(p(r, 'repository'), field(r.body, 'name')))),
  [`GET ${branchPath}`]: onBranch('fs:ReadBranch'),
  [`DELETE ${branchPath}`]: onBranch('fs:DeleteBranch'),
  [`PUT ${branchPath}`]: onBranch('fs:RevertBranch'),
  [`PUT ${branchPath}/hard_reset`]: onBranch('fs:RevertBranch'),
  [`POST ${branchPath}/revert`]: onBranch('fs:RevertBranch'),
  [`POST ${branchPath}/cherry-pick`]: check((r) => allOf(need('fs:CreateCommit', branch(r)), need('fs:ReadCommit', repo(r)))),
  [`GET ${repoPath}/tags`]: onRepo('fs:ListTags'),
  [`POST ${repoPath}/tags`]: check((r) => need('fs:CreateTag', arn.tag(p(r, 'repository'), field(r.body, 'id')))),
  [`GET ${repoPath}/tags/{tag}`]: check((r) => need('fs:ReadTag', arn.tag(p(r, 'repository'), p(r, 'tag')))),
  [`DELETE ${repoPath}/tags/{tag}`]: check((r) => need('fs:DeleteTag', arn.tag(p(r, 'repository'), p(r, 'tag')))),

  // Objects. A copy reads its source and writes its destination; a bulk delete deletes each path.
  [`GET ${refPath}/objects/ls`]: onRepo('fs:ListObjects'),
  [`GET ${refPath}/objects/find`]: onRepo('fs:ListObjects'),

  // Pull requests. Merging one also needs what the merge call needs on its destination branch, which only the
  // record names: its handler requires that once it has read the record.
  [`GET ${pullsPath}`]: onRepo('pr:ListPullRequests'),
  [`POST ${pullsPath}`]: onRepo('pr:WritePullRequest'),
  [`GET ${pullsPath}/{pull_request}`]: onRepo('pr:ReadPullRequest'),
  [`PATCH ${pullsPath}/{pull_request}`]: onRepo('pr:WritePullRequest'),
  [`PUT ${pullsPath}/{pull_request}/merge`]: onRepo('pr:WritePullRequest'),
  [`GET ${refPath}/objects`]: onObject('fs:ReadObject'),
  [`HEAD ${refPath}/objects`]: onObject('fs:ReadObject'),
  [`GET ${refPath}/objects/stat`]: onObject('fs:ReadObject'),
  [`GET ${refPath}/objects/underlyingProperties`]: onObject('fs:ReadObject'),
  [`POST ${branchPath}/objects`]: onObject('fs:WriteObject'),
  [`PUT ${branchPath}/objects`]: onObject('fs:WriteObject'),
  [`DELETE ${branchPath}/objects`]: onObject('fs:DeleteObject'),
  // Each path is authorised by the handler, which reports a refused one among the errors, as lakeFS does.
  [`POST ${branchPath}/objects/delete`]: signedIn,
  [`GET ${branchPath}/objects/stage_allowed`]: onObject('fs:WriteObject'),
  [`POST ${branchPath}/objects/copy`]: check((r) =>
    allOf(need('fs:ReadObject', object(r, field(r.body, 'src_path'))), need('fs:WriteObject', object(r, r.query('dest_path') ?? ''))),
  ),
  [`PUT ${branchPath}/objects/stat/user_metadata`]: onObject('fs:WriteObject'),
  // Presigned transfers (lakeFS's getPhysicalAddress, linkPhysicalAddress and presigned multipart): writes of the object.
  [`GET ${branchPath}/staging/backing`]: onObject('fs:WriteObject'),
  [`PUT ${branchPath}/staging/backing`]: onObject('fs:WriteObject'),
  [`POST ${branchPath}/staging/pmpu`]: onObject('fs:WriteObject'),
  [`PUT ${branchPath}/staging/pmpu/{uploadId}`]: onObject('fs:WriteObject'),
  [`DELETE ${branchPath}/staging/pmpu/{uploadId}`]: onObject('fs:WriteObject'),
  [`PUT ${branchPath}/staging/pmpu/{uploadId}/parts/{partNumber}`]: onObject('fs:WriteObject'),
  // A part copied from another object also reads that object.
  [`PUT ${branchPath}/staging/pmpu/{uploadId}/parts/{partNumber}/copy`]: check((r) => {
    const source = typeof r.body === 'object' && r.body !== null ? (r.body as Record<string, unknown>).copy_source : undefined;
    return allOf(need('fs:WriteObject', object(r)), need('fs:ReadObject', arn.object(field(source, 'repository'), field(source, 'path'))));
  }),
  [`POST ${repoPath}/refs/{branch}/symlink`]: check((r) => need('fs:WriteObject', object(r, r.query('location') ?? ''))),

  // Commits, diffs and merges.
  [`POST ${branchPath}/commits`]: onBranch('fs:CreateCommit'),
  [`GET ${refPath}/commits`]: check((r) => need('fs:ReadBranch', branch(r, 'ref'))),
  [`GET ${repoPath}/commits/{commitId}`]: onRepo('fs:ReadCommit'),
  // The graph starts at every branch and tag, so it lists them as well as reading commits.
  [`GET ${repoPath}/graph`]: check((r) => allOf(need('fs:ReadCommit', repo(r)), need('fs:ListBranches', repo(r)), need('fs:ListTags', repo(r)))),
  [`POST ${repoPath}/commits`]: onRepo('fs:CreateCommit'),
  [`GET ${branchPath}/diff`]: onRepo('fs:ListObjects'),
  [`GET ${repoPath}/refs/{leftRef}/diff/{rightRef}`]: onRepo('fs:ListObjects'),
  [`POST ${mergePath}`]: merge,
  [`GET ${mergePath}`]: onRepo('fs:ListCommits'),

  // Imports.
  [`POST ${branchPath}/import`]: importStart,
  [`GET ${branchPath}/import`]: onBranch('fs:ReadBranch'),
  [`DELETE ${branchPath}/import`]: onBranch('fs:ImportCancel'),

  // lakeFS Enterprise's calls (answered 501), checked as their synchronous twins.
  [`POST ${branchPath}/commits/async`]: onBranch('fs:CreateCommit'),
  [`GET ${branchPath}/commits/async/{id}/status`]: onBranch('fs:ReadBranch'),
  [`POST ${mergePath}/async`]: merge,
  [`GET ${mergePath}/async/{id}/status`]: onRepo('fs:ReadCommit'),

  // Refs dump and restore, tree files.
  [`PUT ${repoPath}/refs/dump`]: dumpRefs,
  [`POST ${repoPath}/dump`]: dumpRefs,
  [`GET ${repoPath}/dump`]: dumpRefs,
  [`PUT ${repoPath}/refs/restore`]: restoreRefs,
  [`POST ${repoPath}/restore`]: restoreRefs,
  [`GET ${repoPath}/restore`]: restoreRefs,
  [`GET ${repoPath}/metadata/meta_range/{meta_range}`]: onRepo('fs:ListObjects'),
  [`GET ${repoPath}/metadata/range/{range}`]: onRepo('fs:ListObjects'),
  [`GET ${repoPath}/metadata/object/{type}/{object_id}`]: onRepo('fs:ListObjects'),

  // Repository settings: branch protection and garbage-collection rules (lakeFS's old and new paths).
  [`GET ${repoPath}/settings/branch_protection`]: onRepo('branches:GetBranchProtectionRules'),
  [`PUT ${repoPath}/settings/branch_protection`]: onRepo('branches:SetBranchProtectionRules'),
  [`GET ${repoPath}/branch_protection`]: onRepo('branches:GetBranchProtectionRules'),
  [`POST ${repoPath}/branch_protection`]: onRepo('branches:SetBranchProtectionRules'),
  [`DELETE ${repoPath}/branch_protection`]: onRepo('branches:SetBranchProtectionRules'),
  [`GET ${repoPath}/branch_protection/set_allowed`]: onRepo('branches:SetBranchProtectionRules'),
  [`GET ${repoPath}/settings/gc_rules`]: onRepo('retention:GetGarbageCollectionRules'),
  [`PUT ${repoPath}/settings/gc_rules`]: onRepo('retention:SetGarbageCollectionRules'),
  [`DELETE ${repoPath}/settings/gc_rules`]: onRepo('retention:SetGarbageCollectionRules'),
  [`GET ${repoPath}/gc/rules`]: onRepo('retention:GetGarbageCollectionRules'),
  [`POST ${repoPath}/gc/rules`]: onRepo('retention:SetGarbageCollectionRules'),
  [`DELETE ${repoPath}/gc/rules`]: onRepo('retention:SetGarbageCollectionRules'),
  [`GET ${repoPath}/gc/rules/set_allowed`]: onRepo('retention:SetGarbageCollectionRules'),
  [`POST ${repoPath}/gc/prepare_commits`]: onRepo('retention:PrepareGarbageCollectionCommits'),
  [`POST ${repoPath}/gc/prepare_commits/async`]: onRepo('retention:PrepareGarbageCollectionCommits'),
  [`GET ${repoPath}/gc/prepare_commits/status`]: onRepo('retention:PrepareGarbageCollectionCommits'),
  [`POST ${repoPath}/gc/prepare_uncommited`]: onRepo('retention:PrepareGarbageCollectionUncommitted'),

  // Action runs.
  [`GET ${repoPath}/actions/runs`]: onRepo('ci:ReadAction'),
  [`GET ${repoPath}/actions/runs/{run_id}`]: onRepo('ci:ReadAction'),
  [`GET ${repoPath}/actions/runs/{run_id}/hooks`]: onRepo('ci:ReadAction'),
  [`GET ${repoPath}/actions/runs/{run_id}/hooks/{hook_run_id}/output`]: onRepo('ci:ReadAction'),

  // Users, their groups, policies and credentials. `${user}` in a policy lets users manage their own keys.
  'GET /auth/users': onAnything('auth:ListUsers'),
  'POST /auth/users': check((r) => need('auth:CreateUser', arn.user(field(r.body, 'id')))),
  [`GET ${userPath}`]: onUser('auth:ReadUser'),
  [`DELETE ${userPath}`]: onUser('auth:DeleteUser'),
  [`GET ${userPath}/groups`]: onUser('auth:ReadUser'),
  [`GET ${userPath}/policies`]: onUser('auth:ReadUser'),
  [`PUT ${userPath}/policies/{policyId}`]: onUser('auth:AttachPolicy'),
  [`DELETE ${userPath}/policies/{policyId}`]: onUser('auth:DetachPolicy'),
  [`GET ${userPath}/credentials`]: onUser('auth:ListCredentials'),
  [`POST ${userPath}/credentials`]: onUser('auth:CreateCredentials'),
  [`GET ${userPath}/credentials/{accessKeyId}`]: onUser('auth:ReadCredentials'),
  [`DELETE ${userPath}/credentials/{accessKeyId}`]: onUser('auth:DeleteCredentials'),
  // External principals: lakeFS answers 501 without an external authenticator before checking any permission.
  [`POST ${userPath}/external/principals`]: signedIn,
  [`DELETE ${userPath}/external/principals`]: signedIn,
  [`GET ${userPath}/external/principals/ls`]: signedIn,
  'GET /auth/external/principals': signedIn,

  // Groups, their members, policies and ACL (reading an ACL reads its policy; setting one rewrites and attaches it).
  'GET /auth/groups': onAnything('auth:ListGroups'),
  'POST /auth/groups': check((r) => need('auth:CreateGroup', arn.group(field(r.body, 'id')))),
  [`GET ${groupPath}`]: onGroup('auth:ReadGroup'),
  [`DELETE ${groupPath}`]: onGroup('auth:DeleteGroup'),
  [`GET ${groupPath}/members`]: onGroup('auth:ReadGroup'),
  [`PUT ${groupPath}/members/{userId}`]: onGroup('auth:AddGroupMember'),
  [`DELETE ${groupPath}/members/{userId}`]: onGroup('auth:RemoveGroupMember'),
  [`GET ${groupPath}/policies`]: onGroup('auth:ReadGroup'),
  [`PUT ${groupPath}/policies/{policyId}`]: onGroup('auth:AttachPolicy'),
  [`DELETE ${groupPath}/policies/{policyId}`]: onGroup('auth:DetachPolicy'),
  [`GET ${groupPath}/acl`]: check((r) => allOf(need('auth:ReadGroup', group(r)), need('auth:ReadPolicy', arn.policy(aclPolicyId(p(r, 'groupId')))))),
  [`POST ${groupPath}/acl`]: check((r) =>
    allOf(need('auth:ReadGroup', group(r)), need('auth:UpdatePolicy', arn.policy(aclPolicyId(p(r, 'groupId')))), need('auth:AttachPolicy', group(r))),
  ),

  // Policies.
  'GET /auth/policies': onAnything('auth:ListPolicies'),
  'POST /auth/policies': check((r) => need('auth:CreatePolicy', arn.policy(field(r.body, 'id')))),
  'GET /auth/policies/{policyId}': onPolicy('auth:ReadPolicy'),
  'PUT /auth/policies/{policyId}': onPolicy('auth:UpdatePolicy'),
  'DELETE /auth/policies/{policyId}': onPolicy('auth:DeletePolicy'),

  // Tarn's "who can do this?": it reveals who holds which access, so it needs the right to read all of that.
  'GET /auth/who-can': check(() => allOf(need('auth:ListUsers', anyResource), need('auth:ListGroups', anyResource), need('auth:ListPolicies', anyResource))),
};

/** The access rule of a declared route, by its method and path template. */
export function accessOf(method: string, path: string): Access | undefined {
  return accessTable[`${method.toUpperCase()} ${path}`];
}
