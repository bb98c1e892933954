// Where each auth record lives in the metadata store. An entity's own record is keyed by its id as given; a link
// between two entities is keyed by both ids, each percent-encoded, so an id holding `/` cannot reach into another's
// links (names may not hold `%`, so the encoding is unambiguous).
const part = (id: string) => encodeURIComponent(id);

export const recordKeys = {
  setup: 'auth/setup',
  /** The fingerprint of the installation key the records were sealed with (servers sharing a store must agree). */
  installationKey: 'auth/installation-key',
  /** The version of the auth model the records follow; absent in data made before access control. */
  model: 'auth/model',
  usersPrefix: 'auth/users/',
  user: (id: string) => `auth/users/${id}`,
  credentialsPrefix: 'auth/credentials/',
  credential: (accessKeyId: string) => `auth/credentials/${accessKeyId}`,
  userCredentialsPrefix: (userId: string) => `auth/user-credentials/${part(userId)}/`,
  userCredential: (userId: string, accessKeyId: string) => `auth/user-credentials/${part(userId)}/${part(accessKeyId)}`,
  sessionsPrefix: 'auth/sessions/',
  session: (jti: string) => `auth/sessions/${jti}`,
  groupsPrefix: 'auth/groups/',
  group: (id: string) => `auth/groups/${id}`,
  groupMembersPrefix: (groupId: string) => `auth/group-users/${part(groupId)}/`,
  groupMember: (groupId: string, userId: string) => `auth/group-users/${part(groupId)}/${part(userId)}`,
  userGroupsPrefix: (userId: string) => `auth/user-groups/${part(userId)}/`,
  userGroup: (userId: string, groupId: string) => `auth/user-groups/${part(userId)}/${part(groupId)}`,
  policiesPrefix: 'auth/policies/',
  policy: (id: string) => `auth/policies/${id}`,
  userPoliciesPrefix: (userId: string) => `auth/user-policies/${part(userId)}/`,
  userPolicy: (userId: string, policyId: string) => `auth/user-policies/${part(userId)}/${part(policyId)}`,
  groupPoliciesPrefix: (groupId: string) => `auth/group-policies/${part(groupId)}/`,
  groupPolicy: (groupId: string, policyId: string) => `auth/group-policies/${part(groupId)}/${part(policyId)}`,
  invitationsPrefix: 'auth/invitations/',
  invitation: (tokenHash: string) => `auth/invitations/${tokenHash}`,
};

/**
 * Whether a key holds an auth record that signed-in calls read on every request and that changes seldom, worth
 * keeping in memory in front of the store (server/kv/record-cache.ts): an access key's credential and a user. Servers
 * sharing the store confirm a key they verified with its credential on each call, which the cache then answers until
 * anything is committed.
 */
export function isCachedAuthKey(key: string): boolean {
  return key.startsWith(recordKeys.credentialsPrefix) || key.startsWith(recordKeys.usersPrefix);
}

/** The value of a link record: the id it links to (never read back from the key), and when it was made. */
export interface Link {
  id: string;
  creation_date: number;
}
