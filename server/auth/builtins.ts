// What setup creates, as lakeFS does: the built-in policies and groups of role-based access control, or in
// simplified mode the four groups that each carry one ACL. And how an ACL becomes policy statements, so that the
// one evaluator enforces ACLs too.
import type { PolicyStatement } from './evaluator';
import { arn } from './permissions';

export type AclPermission = 'Read' | 'Write' | 'Super' | 'Admin';

export interface Acl {
  permission: AclPermission;
  /** Only these repositories; all when absent or empty. */
  repositories?: string[];
}

export interface BuiltinPolicy {
  id: string;
  statement: PolicyStatement[];
}

const allow = (action: string[], resource = '*'): PolicyStatement => ({ effect: 'allow', action, resource });
const ownCredentials = allow(
  ['auth:CreateCredentials', 'auth:DeleteCredentials', 'auth:ListCredentials', 'auth:ReadCredentials'],
  arn.user('${user}'),
);

const fsReadWrite = [
  'fs:Read*',
  'fs:List*',
  'fs:WriteObject',
  'fs:DeleteObject',
  'fs:RevertBranch',
  'fs:CreateBranch',
  'fs:CreateTag',
  'fs:DeleteBranch',
  'fs:DeleteTag',
  'fs:CreateCommit',
];
const repoManagementRead = ['ci:Read*', 'retention:Get*', 'branches:Get*', 'pr:Read*', 'pr:List*'];

export const builtinPolicies: BuiltinPolicy[] = [
  { id: 'FSFullAccess', statement: [allow(['fs:*'])] },
  { id: 'FSReadWriteAll', statement: [allow(fsReadWrite)] },
  { id: 'FSReadAll', statement: [allow(['fs:List*', 'fs:Read*'])] },
  { id: 'RepoManagementFullAccess', statement: [allow(['ci:*', 'retention:*', 'branches:*', 'pr:*', 'fs:ReadConfig'])] },
  { id: 'RepoManagementReadAll', statement: [allow([...repoManagementRead, 'fs:ReadConfig'])] },
  { id: 'PRReadWriteAll', statement: [allow(['pr:*'])] },
  {
    id: 'CatalogReadAll',
    statement: [
      allow(['catalog:ListNamespaces', 'catalog:GetNamespace', 'catalog:ListTables', 'catalog:ReadTable', 'catalog:ListViews', 'catalog:ReadView']),
    ],
  },
  { id: 'CatalogReadWriteAll', statement: [allow(['catalog:*'])] },
  { id: 'AuthFullAccess', statement: [allow(['auth:*'])] },
  { id: 'AuthManageOwnCredentials', statement: [ownCredentials] },
];

export const adminsGroup = 'Admins';

export interface BuiltinGroup {
  id: string;
  policies: string[];
  acl?: Acl;
}

export const rbacGroups: BuiltinGroup[] = [
  { id: adminsGroup, policies: ['FSFullAccess', 'CatalogReadWriteAll', 'AuthFullAccess', 'RepoManagementFullAccess'] },
  { id: 'SuperUsers', policies: ['FSFullAccess', 'CatalogReadWriteAll', 'AuthManageOwnCredentials', 'RepoManagementReadAll'] },
  {
    id: 'Developers',
    policies: ['FSReadWriteAll', 'PRReadWriteAll', 'CatalogReadWriteAll', 'AuthManageOwnCredentials', 'RepoManagementReadAll'],
  },
  { id: 'Viewers', policies: ['FSReadAll', 'CatalogReadAll', 'AuthManageOwnCredentials'] },
];

/** Simplified mode's base groups (their names differ from role-based ones, as in lakeFS). */
export const aclGroups: BuiltinGroup[] = [
  { id: adminsGroup, policies: [], acl: { permission: 'Admin' } },
  { id: 'Supers', policies: [], acl: { permission: 'Super' } },
  { id: 'Writers', policies: [], acl: { permission: 'Write' } },
  { id: 'Readers', policies: [], acl: { permission: 'Read' } },
];

/** The name of the policy that carries a group's ACL. */
export const aclPolicyId = (groupId: string) => `ACL(_-_)${groupId}`;

/** Read, write and full repository actions, and the read side of repository management. */
const fsActions: Record<Exclude<AclPermission, 'Admin'>, string[]> = {
  Read: ['fs:List*', 'fs:Read*'],
  Write: fsReadWrite,
  Super: ['fs:*'],
};

/**
 * An ACL as statements (the simplified mode's levels): Read reads data and metadata, Write also writes them, Super does anything on
 * the repositories, Admin anything at all; all but Admin manage their own credentials. A list of repositories
 * limits the repository actions to those; listing repositories and reading the configuration stay open, so the
 * console can start and show what the group may see.
 */
export function aclStatements(acl: Acl): PolicyStatement[] {
  const { permission } = acl;
  if (permission === 'Admin') return [allow(['fs:*', 'auth:*', 'ci:*', 'retention:*', 'branches:*', 'pr:*', 'catalog:*'])];
  const repositories = acl.repositories?.length ? acl.repositories : undefined;
  const scopes = repositories ? repositories.flatMap((repo) => [arn.repository(repo), `${arn.repository(repo)}/*`]) : ['*'];
  const actions = [...fsActions[permission], ...(permission === 'Read' ? [] : repoManagementRead)];
  return [
    ...scopes.map((scope) => allow(actions, scope)),
    allow(['fs:ListRepositories', 'fs:ReadConfig']),
    ownCredentials,
  ];
}
