// Contracts of access control, at lakeFS's /auth paths: users (and invitations), groups and their members, policies
// and their attachments, credentials, group ACLs, activation of invited users, and Tarn's "who can do this?".
import { createRoute, z } from '@hono/zod-openapi';
import { failure, jsonBody, jsonContent, publicRoute } from '../../contract';
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

export const listUsers = createRoute({
  operationId: 'listUsers',
  method: 'get',
  path: '/auth/users',
  tags,
  summary: 'List users',
  request: { query: listQuery },
  responses: { 200: jsonContent(UserList, 'A page of users'), default: failure },
});

export const createUser = createRoute({
  operationId: 'createUser',
  method: 'post',
  path: '/auth/users',
  tags,
  summary: 'Create a user, or invite one by email (the answer then carries the activation link unless it was mailed)',
  request: { body: jsonBody(UserCreation) },
  responses: { 201: jsonContent(InvitedUser, 'The new user'), default: failure },
});

export const getUser = createRoute({
  operationId: 'getUser',
  method: 'get',
  path: '/auth/users/{userId}',
  tags,
  summary: 'Get a user',
  request: { params: userParams },
  responses: { 200: jsonContent(User, 'The user'), default: failure },
});

export const deleteUser = createRoute({
  operationId: 'deleteUser',
  method: 'delete',
  path: '/auth/users/{userId}',
  tags,
  summary: 'Delete a user with their credentials, memberships, policies and sessions',
  request: { params: userParams },
  responses: deleted,
});

export const listUserGroups = createRoute({
  operationId: 'listUserGroups',
  method: 'get',
  path: '/auth/users/{userId}/groups',
  tags,
  summary: "List a user's groups",
  request: { params: userParams, query: listQuery },
  responses: { 200: jsonContent(GroupList, 'A page of groups'), default: failure },
});

export const listUserPolicies = createRoute({
  operationId: 'listUserPolicies',
  method: 'get',
  path: '/auth/users/{userId}/policies',
  tags,
  summary: "List a user's policies: attached directly, or with `effective` those of their groups too",
  request: {
    params: userParams,
    query: z.object({ ...pagingQuery, effective: queryFlag.openapi({ description: "Include the policies of the user's groups" }) }),
  },
  responses: { 200: jsonContent(PolicyList, 'A page of policies'), default: failure },
});

export const attachPolicyToUser = createRoute({
  operationId: 'attachPolicyToUser',
  method: 'put',
  path: '/auth/users/{userId}/policies/{policyId}',
  tags,
  summary: 'Attach a policy to a user',
  request: { params: userParams.merge(policyParams) },
  responses: linked,
});

export const detachPolicyFromUser = createRoute({
  operationId: 'detachPolicyFromUser',
  method: 'delete',
  path: '/auth/users/{userId}/policies/{policyId}',
  tags,
  summary: 'Detach a policy from a user',
  request: { params: userParams.merge(policyParams) },
  responses: deleted,
});

// Credentials

const credentialParams = userParams.extend({ accessKeyId: name('accessKeyId') });

export const listUserCredentials = createRoute({
  operationId: 'listUserCredentials',
  method: 'get',
  path: '/auth/users/{userId}/credentials',
  tags,
  summary: "List a user's access keys",
  request: { params: userParams, query: listQuery },
  responses: { 200: jsonContent(CredentialsList, 'A page of access keys'), default: failure },
});

export const createCredentials = createRoute({
  operationId: 'createCredentials',
  method: 'post',
  path: '/auth/users/{userId}/credentials',
  tags,
  summary: 'Create an access key for a user; its secret is shown only in this answer',
  request: { params: userParams },
  responses: { 201: jsonContent(CredentialsWithSecret, 'The new access key and its secret'), default: failure },
});

export const getCredentials = createRoute({
  operationId: 'getCredentials',
  method: 'get',
  path: '/auth/users/{userId}/credentials/{accessKeyId}',
  tags,
  summary: 'Get an access key of a user',
  request: { params: credentialParams },
  responses: { 200: jsonContent(Credentials, 'The access key'), default: failure },
});

export const deleteCredentials = createRoute({
  operationId: 'deleteCredentials',
  method: 'delete',
  path: '/auth/users/{userId}/credentials/{accessKeyId}',
  tags,
  summary: 'Revoke an access key (and the sessions opened with it)',
  request: { params: credentialParams },
  responses: deleted,
});

// Groups

export const listGroups = createRoute({
  operationId: 'listGroups',
  method: 'get',
  path: '/auth/groups',
  tags,
  summary: 'List groups',
  request: { query: listQuery },
  responses: { 200: jsonContent(GroupList, 'A page of groups'), default: failure },
});

export const createGroup = createRoute({
  operationId: 'createGroup',
  method: 'post',
  path: '/auth/groups',
  tags,
  summary: 'Create a group',
  request: { body: jsonBody(GroupCreation) },
  responses: { 201: jsonContent(Group, 'The new group'), default: failure },
});

export const getGroup = createRoute({
  operationId: 'getGroup',
  method: 'get',
  path: '/auth/groups/{groupId}',
  tags,
  summary: 'Get a group',
  request: { params: groupParams },
  responses: { 200: jsonContent(Group, 'The group'), default: failure },
});

export const deleteGroup = createRoute({
  operationId: 'deleteGroup',
  method: 'delete',
  path: '/auth/groups/{groupId}',
  tags,
  summary: 'Delete a group with its memberships and attachments',
  request: { params: groupParams },
  responses: deleted,
});

export const listGroupMembers = createRoute({
  operationId: 'listGroupMembers',
  method: 'get',
  path: '/auth/groups/{groupId}/members',
  tags,
  summary: "List a group's members",
  request: { params: groupParams, query: listQuery },
  responses: { 200: jsonContent(UserList, 'A page of users'), default: failure },
});

export const addGroupMember = createRoute({
  operationId: 'addGroupMembership',
  method: 'put',
  path: '/auth/groups/{groupId}/members/{userId}',
  tags,
  summary: 'Add a user to a group',
  request: { params: groupParams.merge(userParams) },
  responses: linked,
});

export const removeGroupMember = createRoute({
  operationId: 'deleteGroupMembership',
  method: 'delete',
  path: '/auth/groups/{groupId}/members/{userId}',
  tags,
  summary: 'Remove a user from a group (never the last member of Admins)',
  request: { params: groupParams.merge(userParams) },
  responses: deleted,
});

export const listGroupPolicies = createRoute({
  operationId: 'listGroupPolicies',
  method: 'get',
  path: '/auth/groups/{groupId}/policies',
  tags,
  summary: "List a group's policies",
  request: { params: groupParams, query: listQuery },
  responses: { 200: jsonContent(PolicyList, 'A page of policies'), default: failure },
});

export const attachPolicyToGroup = createRoute({
  operationId: 'attachPolicyToGroup',
  method: 'put',
  path: '/auth/groups/{groupId}/policies/{policyId}',
  tags,
  summary: 'Attach a policy to a group',
  request: { params: groupParams.merge(policyParams) },
  responses: linked,
});

export const detachPolicyFromGroup = createRoute({
  operationId: 'detachPolicyFromGroup',
  method: 'delete',
  path: '/auth/groups/{groupId}/policies/{policyId}',
  tags,
  summary: 'Detach a policy from a group',
  request: { params: groupParams.merge(policyParams) },
  responses: deleted,
});

export const getGroupAcl = createRoute({
  operationId: 'getGroupACL',
  method: 'get',
  path: '/auth/groups/{groupId}/acl',
  tags,
  summary: "A group's ACL (404 with `no_acl: true` when it has none)",
  request: { params: groupParams },
  responses: { 200: jsonContent(ACL, 'The ACL'), default: failure },
});

export const setGroupAcl = createRoute({
  operationId: 'setGroupACL',
  method: 'post',
  path: '/auth/groups/{groupId}/acl',
  tags,
  summary: "Set a group's ACL: its one permission, optionally limited to repositories (detaches the group's other policies)",
  request: { params: groupParams, body: jsonBody(ACL) },
  responses: linked,
});

// Policies

export const listPolicies = createRoute({
  operationId: 'listPolicies',
  method: 'get',
  path: '/auth/policies',
  tags,
  summary: 'List policies',
  request: { query: listQuery },
  responses: { 200: jsonContent(PolicyList, 'A page of policies'), default: failure },
});

export const createPolicy = createRoute({
  operationId: 'createPolicy',
  method: 'post',
  path: '/auth/policies',
  tags,
  summary: 'Create a policy',
  request: { body: jsonBody(Policy) },
  responses: { 201: jsonContent(Policy, 'The new policy'), default: failure },
});

export const getPolicy = createRoute({
  operationId: 'getPolicy',
  method: 'get',
  path: '/auth/policies/{policyId}',
  tags,
  summary: 'Get a policy',
  request: { params: policyParams },
  responses: { 200: jsonContent(Policy, 'The policy'), default: failure },
});

export const updatePolicy = createRoute({
  operationId: 'updatePolicy',
  method: 'put',
  path: '/auth/policies/{policyId}',
  tags,
  summary: "Replace a policy's statements",
  request: { params: policyParams, body: jsonBody(Policy) },
  responses: { 200: jsonContent(Policy, 'The policy'), default: failure },
});

export const deletePolicy = createRoute({
  operationId: 'deletePolicy',
  method: 'delete',
  path: '/auth/policies/{policyId}',
  tags,
  summary: 'Delete a policy and detach it everywhere',
  request: { params: policyParams },
  responses: deleted,
});

// Activation and "who can"

export const updatePasswordByToken = createRoute({
  operationId: 'updatePasswordByToken',
  method: 'post',
  path: '/auth/password',
  tags,
  summary: "Set an invited user's password with their activation token (once, within 24 hours)",
  security: publicRoute,
  request: { body: jsonBody(UpdatePasswordByToken) },
  responses: linked,
});

export const whoCan = createRoute({
  operationId: 'whoCan',
  method: 'get',
  path: '/auth/who-can',
  tags,
  summary: 'The users and groups whose effective policies allow an action on a resource (Tarn only)',
  request: {
    query: z.object({
      action: name('action').openapi({ description: 'An action such as fs:ReadObject' }),
      resource: name('resource').openapi({ description: 'An ARN such as arn:lakefs:fs:::repository/r/object/p' }),
    }),
  },
  responses: { 200: jsonContent(Principals, 'Who is allowed'), default: failure },
});
