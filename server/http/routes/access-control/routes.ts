// Contracts of access control, at lakeFS's /auth paths: users (and invitations), groups and their members, policies
// and their attachments, credentials, group ACLs, activation of invited users, and Tarn's "who can do this?".
import { z } from '@hono/zod-openapi';
import { aclPolicyId, allOf, anyone, anyResource, arn, bodyField, check, groupArn, need, onAnything, onGroup, onPolicy, onUser, param } from '../../access';
import { contract, failure, jsonBody, jsonContent } from '../../contract';
import { pagingQuery, queryFlag } from '../../query';
import {
  ACL,
  Credentials,
  CredentialsList,
  CredentialsWithSecret,
  Group,
  GroupCreation,
  GroupList,
  InvitedUser,
  Policy,
  PolicyList,
  Principals,
  UpdatePasswordByToken,
  User,
  UserCreation,
  UserList,
} from '../../wire';

const tags = ['auth'];
const name = (what: string) => z.string().min(1, { message: `${what} is required` });
const userParams = z.object({ userId: name('userId') });
const groupParams = z.object({ groupId: name('groupId') });
const policyParams = z.object({ policyId: name('policyId') });
const listQuery = z.object(pagingQuery);
const deleted = { 204: { description: 'Deleted' }, default: failure };
const linked = { 201: { description: 'Done' }, default: failure };

// Users

export const listUsers = contract({
  operationId: 'listUsers',
  method: 'get',
  path: '/auth/users',
  tags,
  summary: 'List users',
  access: onAnything('auth:ListUsers'),
  request: { query: listQuery },
  responses: { 200: jsonContent(UserList, 'A page of users'), default: failure },
});

export const createUser = contract({
  operationId: 'createUser',
  method: 'post',
  path: '/auth/users',
  tags,
  summary: 'Create a user, or invite one by email (the answer then carries the activation link unless it was mailed)',
  access: check((r) => need('auth:CreateUser', arn.user(bodyField(r.body, 'id')))),
  request: { body: jsonBody(UserCreation) },
  responses: { 201: jsonContent(InvitedUser, 'The new user'), default: failure },
});

export const getUser = contract({
  operationId: 'getUser',
  method: 'get',
  path: '/auth/users/{userId}',
  tags,
  summary: 'Get a user',
  access: onUser('auth:ReadUser'),
  request: { params: userParams },
  responses: { 200: jsonContent(User, 'The user'), default: failure },
});

export const deleteUser = contract({
  operationId: 'deleteUser',
  method: 'delete',
  path: '/auth/users/{userId}',
  tags,
  summary: 'Delete a user with their credentials, memberships, policies and sessions',
  access: onUser('auth:DeleteUser'),
  request: { params: userParams },
  responses: deleted,
});

export const listUserGroups = contract({
  operationId: 'listUserGroups',
  method: 'get',
  path: '/auth/users/{userId}/groups',
  tags,
  summary: "List a user's groups",
  access: onUser('auth:ReadUser'),
  request: { params: userParams, query: listQuery },
  responses: { 200: jsonContent(GroupList, 'A page of groups'), default: failure },
});

export const listUserPolicies = contract({
  operationId: 'listUserPolicies',
  method: 'get',
  path: '/auth/users/{userId}/policies',
  tags,
  summary: "List a user's policies: attached directly, or with `effective` those of their groups too",
  access: onUser('auth:ReadUser'),
  request: {
    params: userParams,
    query: z.object({ ...pagingQuery, effective: queryFlag.openapi({ description: "Include the policies of the user's groups" }) }),
  },
  responses: { 200: jsonContent(PolicyList, 'A page of policies'), default: failure },
});

export const attachPolicyToUser = contract({
  operationId: 'attachPolicyToUser',
  method: 'put',
  path: '/auth/users/{userId}/policies/{policyId}',
  tags,
  summary: 'Attach a policy to a user',
  access: onUser('auth:AttachPolicy'),
  request: { params: userParams.merge(policyParams) },
  responses: linked,
});

export const detachPolicyFromUser = contract({
  operationId: 'detachPolicyFromUser',
  method: 'delete',
  path: '/auth/users/{userId}/policies/{policyId}',
  tags,
  summary: 'Detach a policy from a user',
  access: onUser('auth:DetachPolicy'),
  request: { params: userParams.merge(policyParams) },
  responses: deleted,
});

// Credentials

const credentialParams = userParams.extend({ accessKeyId: name('accessKeyId') });

export const listUserCredentials = contract({
  operationId: 'listUserCredentials',
  method: 'get',
  path: '/auth/users/{userId}/credentials',
  tags,
  summary: "List a user's access keys",
  access: onUser('auth:ListCredentials'),
  request: { params: userParams, query: listQuery },
  responses: { 200: jsonContent(CredentialsList, 'A page of access keys'), default: failure },
});

export const createCredentials = contract({
  operationId: 'createCredentials',
  method: 'post',
  path: '/auth/users/{userId}/credentials',
  tags,
  summary: 'Create an access key for a user; its secret is shown only in this answer',
  access: onUser('auth:CreateCredentials'),
  request: { params: userParams },
  responses: { 201: jsonContent(CredentialsWithSecret, 'The new access key and its secret'), default: failure },
});

export const getCredentials = contract({
  operationId: 'getCredentials',
  method: 'get',
  path: '/auth/users/{userId}/credentials/{accessKeyId}',
  tags,
  summary: 'Get an access key of a user',
  access: onUser('auth:ReadCredentials'),
  request: { params: credentialParams },
  responses: { 200: jsonContent(Credentials, 'The access key'), default: failure },
});

export const deleteCredentials = contract({
  operationId: 'deleteCredentials',
  method: 'delete',
  path: '/auth/users/{userId}/credentials/{accessKeyId}',
  tags,
  summary: 'Revoke an access key (and the sessions opened with it)',
  access: onUser('auth:DeleteCredentials'),
  request: { params: credentialParams },
  responses: deleted,
});

// Groups

export const listGroups = contract({
  operationId: 'listGroups',
  method: 'get',
  path: '/auth/groups',
  tags,
  summary: 'List groups',
  access: onAnything('auth:ListGroups'),
  request: { query: listQuery },
  responses: { 200: jsonContent(GroupList, 'A page of groups'), default: failure },
});

export const createGroup = contract({
  operationId: 'createGroup',
  method: 'post',
  path: '/auth/groups',
  tags,
  summary: 'Create a group',
  access: check((r) => need('auth:CreateGroup', arn.group(bodyField(r.body, 'id')))),
  request: { body: jsonBody(GroupCreation) },
  responses: { 201: jsonContent(Group, 'The new group'), default: failure },
});

export const getGroup = contract({
  operationId: 'getGroup',
  method: 'get',
  path: '/auth/groups/{groupId}',
  tags,
  summary: 'Get a group',
  access: onGroup('auth:ReadGroup'),
  request: { params: groupParams },
  responses: { 200: jsonContent(Group, 'The group'), default: failure },
});

export const deleteGroup = contract({
  operationId: 'deleteGroup',
  method: 'delete',
  path: '/auth/groups/{groupId}',
  tags,
  summary: 'Delete a group with its memberships and attachments',
  access: onGroup('auth:DeleteGroup'),
  request: { params: groupParams },
  responses: deleted,
});

export const listGroupMembers = contract({
  operationId: 'listGroupMembers',
  method: 'get',
  path: '/auth/groups/{groupId}/members',
  tags,
  summary: "List a group's members",
  access: onGroup('auth:ReadGroup'),
  request: { params: groupParams, query: listQuery },
  responses: { 200: jsonContent(UserList, 'A page of users'), default: failure },
});

export const addGroupMember = contract({
  operationId: 'addGroupMembership',
  method: 'put',
  path: '/auth/groups/{groupId}/members/{userId}',
  tags,
  summary: 'Add a user to a group',
  access: onGroup('auth:AddGroupMember'),
  request: { params: groupParams.merge(userParams) },
  responses: linked,
});

export const removeGroupMember = contract({
  operationId: 'deleteGroupMembership',
  method: 'delete',
  path: '/auth/groups/{groupId}/members/{userId}',
  tags,
  summary: 'Remove a user from a group (never the last member of Admins)',
  access: onGroup('auth:RemoveGroupMember'),
  request: { params: groupParams.merge(userParams) },
  responses: deleted,
});

export const listGroupPolicies = contract({
  operationId: 'listGroupPolicies',
  method: 'get',
  path: '/auth/groups/{groupId}/policies',
  tags,
  summary: "List a group's policies",
  access: onGroup('auth:ReadGroup'),
  request: { params: groupParams, query: listQuery },
  responses: { 200: jsonContent(PolicyList, 'A page of policies'), default: failure },
});

export const attachPolicyToGroup = contract({
  operationId: 'attachPolicyToGroup',
  method: 'put',
  path: '/auth/groups/{groupId}/policies/{policyId}',
  tags,
  summary: 'Attach a policy to a group',
  access: onGroup('auth:AttachPolicy'),
  request: { params: groupParams.merge(policyParams) },
  responses: linked,
});

export const detachPolicyFromGroup = contract({
  operationId: 'detachPolicyFromGroup',
  method: 'delete',
  path: '/auth/groups/{groupId}/policies/{policyId}',
  tags,
  summary: 'Detach a policy from a group',
  access: onGroup('auth:DetachPolicy'),
  request: { params: groupParams.merge(policyParams) },
  responses: deleted,
});

export const getGroupAcl = contract({
  operationId: 'getGroupACL',
  method: 'get',
  path: '/auth/groups/{groupId}/acl',
  tags,
  summary: "A group's ACL (404 with `no_acl: true` when it has none)",
  // Reading a group's ACL reads its policy.
  access: check((r) =>
    allOf(need('auth:ReadGroup', groupArn(r)), need('auth:ReadPolicy', arn.policy(aclPolicyId(param(r, 'groupId'))))),
  ),
  request: { params: groupParams },
  responses: { 200: jsonContent(ACL, 'The ACL'), default: failure },
});

export const setGroupAcl = contract({
  operationId: 'setGroupACL',
  method: 'post',
  path: '/auth/groups/{groupId}/acl',
  tags,
  summary: "Set a group's ACL: its one permission, optionally limited to repositories (detaches the group's other policies)",
  // Setting a group's ACL rewrites its policy and attaches it.
  access: check((r) =>
    allOf(
      need('auth:ReadGroup', groupArn(r)),
      need('auth:UpdatePolicy', arn.policy(aclPolicyId(param(r, 'groupId')))),
      need('auth:AttachPolicy', groupArn(r)),
    ),
  ),
  request: { params: groupParams, body: jsonBody(ACL) },
  responses: linked,
});

// Policies

export const listPolicies = contract({
  operationId: 'listPolicies',
  method: 'get',
  path: '/auth/policies',
  tags,
  summary: 'List policies',
  access: onAnything('auth:ListPolicies'),
  request: { query: listQuery },
  responses: { 200: jsonContent(PolicyList, 'A page of policies'), default: failure },
});

export const createPolicy = contract({
  operationId: 'createPolicy',
  method: 'post',
  path: '/auth/policies',
  tags,
  summary: 'Create a policy',
  access: check((r) => need('auth:CreatePolicy', arn.policy(bodyField(r.body, 'id')))),
  request: { body: jsonBody(Policy) },
  responses: { 201: jsonContent(Policy, 'The new policy'), default: failure },
});

export const getPolicy = contract({
  operationId: 'getPolicy',
  method: 'get',
  path: '/auth/policies/{policyId}',
  tags,
  summary: 'Get a policy',
  access: onPolicy('auth:ReadPolicy'),
  request: { params: policyParams },
  responses: { 200: jsonContent(Policy, 'The policy'), default: failure },
});

export const updatePolicy = contract({
  operationId: 'updatePolicy',
  method: 'put',
  path: '/auth/policies/{policyId}',
  tags,
  summary: "Replace a policy's statements",
  access: onPolicy('auth:UpdatePolicy'),
  request: { params: policyParams, body: jsonBody(Policy) },
  responses: { 200: jsonContent(Policy, 'The policy'), default: failure },
});

export const deletePolicy = contract({
  operationId: 'deletePolicy',
  method: 'delete',
  path: '/auth/policies/{policyId}',
  tags,
  summary: 'Delete a policy and detach it everywhere',
  access: onPolicy('auth:DeletePolicy'),
  request: { params: policyParams },
  responses: deleted,
});

// Activation and "who can"

export const updatePasswordByToken = contract({
  operationId: 'updatePasswordByToken',
  method: 'post',
  path: '/auth/password',
  tags,
  summary: "Set an invited user's password with their activation token (once, within 24 hours)",
  access: anyone,
  request: { body: jsonBody(UpdatePasswordByToken) },
  responses: linked,
});

export const whoCan = contract({
  operationId: 'whoCan',
  method: 'get',
  path: '/auth/who-can',
  tags,
  summary: 'The users and groups whose effective policies allow an action on a resource (Tarn only)',
  // It reveals who holds which access, so it needs the right to read all of that.
  access: check(() => allOf(need('auth:ListUsers', anyResource), need('auth:ListGroups', anyResource), need('auth:ListPolicies', anyResource))),
  request: {
    query: z.object({
      action: name('action').openapi({ description: 'An action such as fs:ReadObject' }),
      resource: name('resource').openapi({ description: 'An ARN such as arn:lakefs:fs:::repository/r/object/p' }),
    }),
  },
  responses: { 200: jsonContent(Principals, 'Who is allowed'), default: failure },
});
