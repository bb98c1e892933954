// lakeFS's vocabulary of permissions: the action names, the ARNs of the resources they act on, and what a call
// requires (one permission, or all / any of several). The enforcement table (server/http/access.ts), the S3 gateway
// and "who can" all speak it.

/** Every action lakeFS defines, by service; a policy's action must be one of these or a wildcard over them. */
export const knownActions = {
  fs: [
    'ReadRepository',
    'CreateRepository',
    'UpdateRepository',
    'AttachStorageNamespace',
    'ImportFromStorage',
    'ImportCancel',
    'DeleteRepository',
    'ListRepositories',
    'ReadObject',
    'WriteObject',
    'DeleteObject',
    'ListObjects',
    'CreateCommit',
    'ReadCommit',
    'ListCommits',
    'CreateBranch',
    'DeleteBranch',
    'ReadBranch',
    'RevertBranch',
    'ListBranches',
    'CreateTag',
    'DeleteTag',
    'ReadTag',
    'ListTags',
    'ReadConfig',
  ],
  auth: [
    'ReadUser',
    'CreateUser',
    'DeleteUser',
    'ListUsers',
    'ReadGroup',
    'CreateGroup',
    'DeleteGroup',
    'ListGroups',
    'AddGroupMember',
    'RemoveGroupMember',
    'ReadPolicy',
    'CreatePolicy',
    'UpdatePolicy',
    'DeletePolicy',
    'ListPolicies',
    'AttachPolicy',
    'DetachPolicy',
    'ReadCredentials',
    'CreateCredentials',
    'DeleteCredentials',
    'ListCredentials',
    'CreateUserExternalPrincipal',
    'DeleteUserExternalPrincipal',
    'ReadExternalPrincipal',
    // Tarn's own: reading the audit log (GET /audit).
    'ReadAuditLog',
  ],
  ci: ['ReadAction'],
  retention: [
    'PrepareGarbageCollectionCommits',
    'GetGarbageCollectionRules',
    'SetGarbageCollectionRules',
    'PrepareGarbageCollectionUncommitted',
  ],
  branches: ['GetBranchProtectionRules', 'SetBranchProtectionRules'],
  pr: ['ReadPullRequest', 'WritePullRequest', 'ListPullRequests'],
  catalog: [
    'ListNamespaces',
    'GetNamespace',
    'CreateNamespace',
    'UpdateNamespace',
    'DeleteNamespace',
    'ListTables',
    'ReadTable',
    'CreateTable',
    'UpdateTable',
    'DeleteTable',
    'ListViews',
    'ReadView',
    'CreateView',
    'UpdateView',
    'DeleteView',
  ],
} as const;

export type Service = keyof typeof knownActions;

/** Every known action name, `service:Name`, for the policy editor's completion. */
export const allActionNames: string[] = Object.entries(knownActions).flatMap(([service, names]) => names.map((name) => `${service}:${name}`));

/** The resource a permission on "anything" names: lakeFS's `*`. */
export const anyResource = '*';

export const arn = {
  repository: (repo: string) => `arn:lakefs:fs:::repository/${repo}`,
  object: (repo: string, path: string) => `arn:lakefs:fs:::repository/${repo}/object/${path}`,
  branch: (repo: string, branch: string) => `arn:lakefs:fs:::repository/${repo}/branch/${branch}`,
  tag: (repo: string, tag: string) => `arn:lakefs:fs:::repository/${repo}/tag/${tag}`,
  namespace: (uri: string) => `arn:lakefs:fs:::namespace/${uri}`,
  user: (id: string) => `arn:lakefs:auth:::user/${id}`,
  group: (id: string) => `arn:lakefs:auth:::group/${id}`,
  policy: (id: string) => `arn:lakefs:auth:::policy/${id}`,
};

/** One action on one resource. */
export interface Permission {
  action: string;
  resource: string;
}

/** What a call needs: a permission, every one of several, or at least one of several (and none denied). */
export type Requirement = Permission | { allOf: Requirement[] } | { anyOf: Requirement[] };

export const need = (action: string, resource: string): Permission => ({ action, resource });
export const allOf = (...requirements: Requirement[]): Requirement => ({ allOf: requirements });
export const anyOf = (...requirements: Requirement[]): Requirement => ({ anyOf: requirements });

const services = new Set<string>(Object.keys(knownActions));

/**
 * Why a policy's action is not one lakeFS accepts, or undefined: `service:Name` with a known service, the name made
 * of letters and the wildcards `*` and `?`; without wildcards it must be a known action.
 */
export function actionProblem(action: string): string | undefined {
  if (action === '*') return undefined;
  const colon = action.indexOf(':');
  if (colon <= 0) return `action "${action}" must be service:Name`;
  const service = action.slice(0, colon);
  const name = action.slice(colon + 1);
  if (!services.has(service) && !/[*?]/.test(service)) return `action "${action}": unknown service "${service}"`;
  if (!/^[A-Za-z*?]+$/.test(name)) return `action "${action}": the name may hold letters, * and ? only`;
  if (!/[*?]/.test(action) && !allActionNames.includes(action)) return `action "${action}" is not a known action`;
  return undefined;
}

/** The ARNs a statement's resource names: `*`, one ARN, or a JSON list of ARNs (lakeFS accepts all three). */
export function resourcesOf(resource: string): string[] {
  if (!resource.startsWith('[')) return [resource];
  try {
    const parsed: unknown = JSON.parse(resource);
    if (Array.isArray(parsed) && parsed.every((r): r is string => typeof r === 'string')) return parsed;
  } catch {
    // Not a list after all: checked as one ARN below, and refused there.
  }
  return [resource];
}

/** Why a statement's resource is not an ARN (or `*`, or a list of ARNs), or undefined. */
export function resourceProblem(resource: string): string | undefined {
  for (const one of resourcesOf(resource)) {
    if (one === anyResource) continue;
    const parts = one.split(':');
    if (parts.length < 6 || parts[0] !== 'arn' || parts.slice(5).join(':') === '') {
      return `resource "${one}" must be an ARN (arn:lakefs:fs:::repository/...) or *`;
    }
  }
  return undefined;
}
