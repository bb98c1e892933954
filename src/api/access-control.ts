// Access control over lakeFS's /auth API: users, groups, memberships, policies and their attachments, credentials,
// the simplified mode's group ACLs, invited users' activation, and Tarn's "Who can do this?".
import { api, failsAs, query, seg } from './client';
import { ApiError } from './errors';
import type {
  ACL,
  Credentials,
  CredentialsWithSecret,
  Group,
  InvitedUser,
  Page,
  PageParams,
  Policy,
  Principals,
  User,
} from './types';

const userPath = (userId: string) => `auth/users/${seg(userId)}`;
const groupPath = (groupId: string) => `auth/groups/${seg(groupId)}`;
const policyPath = (policyId: string) => `auth/policies/${seg(policyId)}`;

const page = <T>(action: string, path: string, params: PageParams & { effective?: boolean }, signal?: AbortSignal): Promise<Page<T>> =>
  api.get(path, { searchParams: query({ ...params }), signal, ...failsAs(action) }).json();

// Users

export function listUsers(params: PageParams = {}, signal?: AbortSignal): Promise<Page<User>> {
  return page('list users', 'auth/users', params, signal);
}

/** Creates a user; with `invite` the id is an email address and the answer may carry the activation link. */
export function createUser(id: string, invite = false): Promise<InvitedUser> {
  return api.post('auth/users', { json: invite ? { id, invite_user: true } : { id }, ...failsAs(invite ? 'invite user' : 'create user') }).json();
}

export async function deleteUser(userId: string): Promise<void> {
  await api.delete(userPath(userId), failsAs('delete user'));
}

export function listUserGroups(userId: string, params: PageParams = {}, signal?: AbortSignal): Promise<Page<Group>> {
  return page('list user groups', `${userPath(userId)}/groups`, params, signal);
}

/** The user's policies: those attached directly, or with `effective` also those of the user's groups. */
export function listUserPolicies(
  userId: string,
  params: PageParams & { effective?: boolean } = {},
  signal?: AbortSignal,
): Promise<Page<Policy>> {
  return page('list user policies', `${userPath(userId)}/policies`, { ...params, effective: params.effective || undefined }, signal);
}

export async function attachPolicyToUser(userId: string, policyId: string): Promise<void> {
  await api.put(`${userPath(userId)}/policies/${seg(policyId)}`, failsAs('attach policy to user'));
}

export async function detachPolicyFromUser(userId: string, policyId: string): Promise<void> {
  await api.delete(`${userPath(userId)}/policies/${seg(policyId)}`, failsAs('detach policy from user'));
}

// Credentials

export function listCredentials(userId: string, params: PageParams = {}, signal?: AbortSignal): Promise<Page<Credentials>> {
  return page('list credentials', `${userPath(userId)}/credentials`, params, signal);
}

/** A new access key; the answer holds the only copy of its secret the user will ever see. */
export function createCredentials(userId: string): Promise<CredentialsWithSecret> {
  return api.post(`${userPath(userId)}/credentials`, failsAs('create credentials')).json();
}

export async function deleteCredentials(userId: string, accessKeyId: string): Promise<void> {
  await api.delete(`${userPath(userId)}/credentials/${seg(accessKeyId)}`, failsAs('delete credentials'));
}

// Groups

export function listGroups(params: PageParams = {}, signal?: AbortSignal): Promise<Page<Group>> {
  return page('list groups', 'auth/groups', params, signal);
}

export function createGroup(id: string): Promise<Group> {
  return api.post('auth/groups', { json: { id }, ...failsAs('create group') }).json();
}

export async function deleteGroup(groupId: string): Promise<void> {
  await api.delete(groupPath(groupId), failsAs('delete group'));
}

export function listGroupMembers(groupId: string, params: PageParams = {}, signal?: AbortSignal): Promise<Page<User>> {
  return page('list group members', `${groupPath(groupId)}/members`, params, signal);
}

export async function addGroupMember(groupId: string, userId: string): Promise<void> {
  await api.put(`${groupPath(groupId)}/members/${seg(userId)}`, failsAs('add user to group'));
}

export async function removeGroupMember(groupId: string, userId: string): Promise<void> {
  await api.delete(`${groupPath(groupId)}/members/${seg(userId)}`, failsAs('remove user from group'));
}

export function listGroupPolicies(groupId: string, params: PageParams = {}, signal?: AbortSignal): Promise<Page<Policy>> {
  return page('list group policies', `${groupPath(groupId)}/policies`, params, signal);
}

export async function attachPolicyToGroup(groupId: string, policyId: string): Promise<void> {
  await api.put(`${groupPath(groupId)}/policies/${seg(policyId)}`, failsAs('attach policy to group'));
}

export async function detachPolicyFromGroup(groupId: string, policyId: string): Promise<void> {
  await api.delete(`${groupPath(groupId)}/policies/${seg(policyId)}`, failsAs('detach policy from group'));
}

/**
 * docs/behaviour.md, Access control: a read error whose message contains 'no acl' means the group has no ACL (lakeFS's ErrorNoACL body
 * also says `no_acl: true`).
 */
export function isNoAclError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const flagged = typeof error.body === 'object' && error.body !== null && (error.body as { no_acl?: unknown }).no_acl === true;
  return flagged || error.message.toLowerCase().includes('no acl');
}

/** The group's ACL (simplified mode), or null when it has none. */
export async function getGroupAcl(groupId: string, signal?: AbortSignal): Promise<ACL | null> {
  try {
    return await api.get(`${groupPath(groupId)}/acl`, { signal, ...failsAs('get group ACL') }).json<ACL>();
  } catch (error) {
    if (isNoAclError(error)) return null;
    throw error;
  }
}

export async function setGroupAcl(groupId: string, acl: ACL): Promise<void> {
  await api.post(`${groupPath(groupId)}/acl`, { json: acl, ...failsAs('set group ACL') });
}

// Policies

export function listPolicies(params: PageParams = {}, signal?: AbortSignal): Promise<Page<Policy>> {
  return page('list policies', 'auth/policies', params, signal);
}

export function getPolicy(policyId: string, signal?: AbortSignal): Promise<Policy> {
  return api.get(policyPath(policyId), { signal, ...failsAs('get policy') }).json();
}

export function createPolicy(policy: Policy): Promise<Policy> {
  return api.post('auth/policies', { json: policy, ...failsAs('create policy') }).json();
}

export function updatePolicy(policy: Policy): Promise<Policy> {
  return api.put(policyPath(policy.id), { json: policy, ...failsAs('update policy') }).json();
}

export async function deletePolicy(policyId: string): Promise<void> {
  await api.delete(policyPath(policyId), failsAs('delete policy'));
}

// Activation and "Who can do this?"

/** An invited user sets a password with the activation token (no session needed). */
export async function updatePasswordByToken(token: string, newPassword: string, email?: string): Promise<void> {
  await api.post('auth/password', { json: email ? { token, newPassword, email } : { token, newPassword }, ...failsAs('set password') });
}

/** Tarn's call: the users and groups whose effective policies allow `action` on `resource`. */
export function whoCan(action: string, resource: string, signal?: AbortSignal): Promise<Principals> {
  return api.get('auth/who-can', { searchParams: query({ action, resource }), signal, ...failsAs('find who can') }).json();
}
