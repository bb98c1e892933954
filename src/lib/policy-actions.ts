// lakeFS's action names and resource ARNs, for the policy editor's checks and completion.
// Only the policy editor imports this module, so it travels in the policy routes' chunks.
import { wildcardMatch } from './permissions';

const ACTIONS_BY_SERVICE = {
  fs: [
    'ReadRepository', 'CreateRepository', 'UpdateRepository', 'AttachStorageNamespace', 'ImportFromStorage', 'ImportCancel',
    'DeleteRepository', 'ListRepositories', 'ReadObject', 'WriteObject', 'DeleteObject', 'ListObjects', 'CreateCommit',
    'ReadCommit', 'ListCommits', 'CreateBranch', 'DeleteBranch', 'ReadBranch', 'RevertBranch', 'ListBranches',
    'CreateTag', 'DeleteTag', 'ReadTag', 'ListTags', 'ReadConfig',
  ],
  auth: [
    'ReadUser', 'CreateUser', 'DeleteUser', 'ListUsers', 'ReadGroup', 'CreateGroup', 'DeleteGroup', 'ListGroups',
    'AddGroupMember', 'RemoveGroupMember', 'ReadPolicy', 'CreatePolicy', 'UpdatePolicy', 'DeletePolicy', 'ListPolicies',
    'AttachPolicy', 'DetachPolicy', 'ReadCredentials', 'CreateCredentials', 'DeleteCredentials', 'ListCredentials',
    'CreateUserExternalPrincipal', 'DeleteUserExternalPrincipal', 'ReadExternalPrincipal',
    // Tarn's own: reading the audit log.
    'ReadAuditLog',
  ],
  ci: ['ReadAction'],
  retention: [
    'PrepareGarbageCollectionCommits', 'GetGarbageCollectionRules', 'SetGarbageCollectionRules',
    'PrepareGarbageCollectionUncommitted',
  ],
  branches: ['GetBranchProtectionRules', 'SetBranchProtectionRules'],
  pr: ['ReadPullRequest', 'WritePullRequest', 'ListPullRequests'],
  catalog: [
    'ListNamespaces', 'GetNamespace', 'CreateNamespace', 'UpdateNamespace', 'DeleteNamespace', 'ListTables', 'ReadTable',
    'CreateTable', 'UpdateTable', 'DeleteTable', 'ListViews', 'ReadView', 'CreateView', 'UpdateView', 'DeleteView',
  ],
} as const;

export const POLICY_SERVICES = Object.keys(ACTIONS_BY_SERVICE);

export const KNOWN_ACTIONS: readonly string[] = Object.entries(ACTIONS_BY_SERVICE).flatMap(([service, names]) =>
  names.map((name) => `${service}:${name}`),
);

/** What is wrong with an action of a statement, if anything: `service:Name`, wildcards allowed, naming a real action. */
export function actionProblem(action: string): string | undefined {
  if (action === '*') return undefined;
  const [service, name, extra] = action.split(':');
  if (extra !== undefined || !service || !name) return `'${action}' is not of the form service:Action`;
  if (!POLICY_SERVICES.includes(service)) return `'${action}': unknown service '${service}' (one of ${POLICY_SERVICES.join(', ')})`;
  if (!KNOWN_ACTIONS.some((known) => wildcardMatch(action, known))) return `'${action}' matches no ${service} action`;
  return undefined;
}

const ARN = /^arn:lakefs:([a-z]+):::(.+)$/;

/** What is wrong with a statement's resource: `*`, an ARN `arn:lakefs:<service>:::<resource>`, or a JSON list of them. */
export function resourceProblem(resource: string): string | undefined {
  const text = resource.trim();
  if (text.startsWith('[')) {
    let list: unknown;
    try {
      list = JSON.parse(text);
    } catch {
      return `'${resource}' is not a JSON list of ARNs`;
    }
    if (!Array.isArray(list) || list.some((r) => typeof r !== 'string')) return `'${resource}' is not a JSON list of ARNs`;
    return (list as string[]).map(resourceProblem).find((p) => p !== undefined);
  }
  if (text === '*') return undefined;
  const match = ARN.exec(text);
  if (!match) return `'${resource}' is not an ARN (arn:lakefs:fs:::repository/{repo}/object/{path}) or *`;
  const service = match[1] ?? '';
  if (!POLICY_SERVICES.includes(service)) return `'${resource}': unknown service '${service}'`;
  return undefined;
}

/** Known action names starting with what is typed (case-insensitively), for completion. */
export function completeAction(typed: string, limit = 8): string[] {
  const lower = typed.toLowerCase();
  if (lower === '') return [];
  return KNOWN_ACTIONS.filter((name) => name.toLowerCase().startsWith(lower) && name !== typed).slice(0, limit);
}
