// The auth model's entities and their links, in lakeFS's shapes: users, groups, memberships, policies and their
// attachments to users and groups, and the group ACLs of simplified mode (kept, as in lakeFS, as one policy per
// group). The model is small, so listings read a whole prefix and page in memory, in the store's key order.
import { compareKeys } from '../kv';
import {
  AlreadyExistsError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
  type NotFoundSubject,
} from '../errors';
import { aclPolicyId, aclStatements, adminsGroup, type Acl } from './builtins';
import type { PolicyRules, PolicyStatement } from './evaluator';
import { actionProblem, resourceProblem } from './permissions';
import { recordKeys as keys, type Link } from './record-keys';
import type { RecordStore } from './record-store';

export interface UserRecord {
  id: string;
  creation_date: number;
  friendly_name?: string;
  email?: string;
  /** scrypt hash of the password an invited user set; never sent. */
  password_hash?: string;
}

export interface GroupRecord {
  id: string;
  creation_date: number;
  description?: string;
}

export interface PolicyRecord extends PolicyRules {
  creation_date: number;
  /** Set on the policy that carries a group's ACL. */
  acl?: Acl;
}

export interface PageRequest {
  prefix?: string;
  after?: string;
  amount: number;
}

export interface Page<T> {
  results: T[];
  hasMore: boolean;
  nextOffset: string;
}

/** One page of `items` by id: those starting with `prefix`, strictly after `after`, at most `amount`. */
export function pageById<T extends { id: string }>(items: T[], { prefix = '', after = '', amount }: PageRequest): Page<T> {
  const chosen = items
    .filter((item) => item.id.startsWith(prefix) && (after === '' || compareKeys(item.id, after) > 0))
    .sort((a, b) => compareKeys(a.id, b.id));
  const results = chosen.slice(0, amount);
  const hasMore = chosen.length > amount;
  return { results, hasMore, nextOffset: hasMore ? (results[results.length - 1]?.id ?? '') : '' };
}

export type EntityKind = 'user' | 'group' | 'policy';

const kindNames: Record<EntityKind, string> = { user: 'User name', group: 'Group name', policy: 'Policy ID' };

/** lakeFS refuses `%` in names (its listings match names with SQL LIKE); an empty name names nothing. */
export function validateName(kind: EntityKind, id: string): void {
  if (id.trim() === '') throw new ValidationError(`${kindNames[kind]} must not be empty`);
  if (id.includes('%')) throw new ValidationError(`${kindNames[kind]} cannot include the % sign`);
}

/** Why a policy's statements are not lakeFS's, or nothing: known actions or wildcards, ARNs, allow or deny. */
export function validateStatements(statements: PolicyStatement[]): void {
  if (statements.length === 0) throw new ValidationError('invalid policy: statement must have at least one entry');
  for (const statement of statements) {
    if (statement.effect !== 'allow' && statement.effect !== 'deny') throw new ValidationError('invalid policy: effect must be allow or deny');
    if (statement.action.length === 0) throw new ValidationError('invalid policy: action must name at least one action');
    const problem = statement.action.map(actionProblem).find(Boolean) ?? resourceProblem(statement.resource);
    if (problem) throw new ValidationError(`invalid policy: ${problem}`);
  }
}

const now = () => Math.floor(Date.now() / 1000);

export class Directory {
  /** Grows with every change made through this process, so caches of effective policies know to read again. */
  private changes = 0;

  constructor(private readonly store: RecordStore) {}

  get version(): number {
    return this.changes;
  }

  private async changed<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } finally {
      this.changes++;
    }
  }

  private async must<T>(key: string, subject: NotFoundSubject): Promise<T> {
    const found = await this.store.get<T>(key);
    if (found === undefined) throw new NotFoundError(subject);
    return found;
  }

  private async values<T>(prefix: string): Promise<T[]> {
    return (await this.store.list<T>(prefix)).map(([, value]) => value);
  }

  private async linked(prefix: string): Promise<string[]> {
    return (await this.values<Link>(prefix)).map((link) => link.id);
  }

  // Users

  findUser(id: string): Promise<UserRecord | undefined> {
    return this.store.get<UserRecord>(keys.user(id));
  }

  getUser(id: string): Promise<UserRecord> {
    return this.must<UserRecord>(keys.user(id), 'user');
  }

  allUsers(): Promise<UserRecord[]> {
    return this.values<UserRecord>(keys.usersPrefix);
  }

  async listUsers(page: PageRequest): Promise<Page<UserRecord>> {
    return pageById(await this.allUsers(), page);
  }

  async createUser(user: UserRecord): Promise<UserRecord> {
    validateName('user', user.id);
    if (!(await this.changed(this.store.createAll([[keys.user(user.id), user]])))) throw new AlreadyExistsError('user');
    return user;
  }

  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    const user = await this.getUser(userId);
    await this.changed(this.store.set(keys.user(userId), { ...user, password_hash: passwordHash }));
  }

  /** The user whose email (or id) this is, if any: invited users log in with their email. */
  async findUserByLogin(login: string): Promise<UserRecord | undefined> {
    const byId = await this.findUser(login);
    if (byId) return byId;
    const wanted = login.toLowerCase();
    return (await this.allUsers()).find((user) => user.email?.toLowerCase() === wanted);
  }

  /**
   * Deletes a user with everything that names them: credentials, memberships, attached policies, open sessions and
   * pending invitations, in one write. The last member of Admins is never deleted.
   */
  async deleteUser(userId: string): Promise<{ accessKeyIds: string[] }> {
    await this.getUser(userId);
    const groups = await this.linked(keys.userGroupsPrefix(userId));
    if (groups.includes(adminsGroup)) await this.refuseLastAdmin(userId);
    const accessKeyIds = await this.linked(keys.userCredentialsPrefix(userId));
    const policies = await this.linked(keys.userPoliciesPrefix(userId));
    const sessions = (await this.store.list<{ user_id: string }>(keys.sessionsPrefix)).filter(([, s]) => s.user_id === userId);
    const invitations = (await this.store.list<{ user_id: string }>(keys.invitationsPrefix)).filter(([, i]) => i.user_id === userId);
    await this.changed(
      this.store.update(
        [],
        [
          keys.user(userId),
          ...accessKeyIds.flatMap((akid) => [keys.credential(akid), keys.userCredential(userId, akid)]),
          ...groups.flatMap((groupId) => [keys.userGroup(userId, groupId), keys.groupMember(groupId, userId)]),
          ...policies.map((policyId) => keys.userPolicy(userId, policyId)),
          ...sessions.map(([key]) => key),
          ...invitations.map(([key]) => key),
        ],
      ),
    );
    return { accessKeyIds };
  }

  private async refuseLastAdmin(userId: string): Promise<void> {
    const members = await this.linked(keys.groupMembersPrefix(adminsGroup));
    if (members.every((member) => member === userId)) throw new ForbiddenError(`cannot remove the last member of ${adminsGroup}`);
  }

  // Groups and their members

  getGroup(id: string): Promise<GroupRecord> {
    return this.must<GroupRecord>(keys.group(id), 'group');
  }

  allGroups(): Promise<GroupRecord[]> {
    return this.values<GroupRecord>(keys.groupsPrefix);
  }

  async listGroups(page: PageRequest): Promise<Page<GroupRecord>> {
    return pageById(await this.allGroups(), page);
  }

  async createGroup(group: GroupRecord): Promise<GroupRecord> {
    validateName('group', group.id);
    if (!(await this.changed(this.store.createAll([[keys.group(group.id), group]])))) throw new AlreadyExistsError('group');
    return group;
  }

  /** Deletes a group, its memberships and attachments (and its ACL's policy). Admins stays: it holds the admins. */
  async deleteGroup(groupId: string): Promise<void> {
    await this.getGroup(groupId);
    if (groupId === adminsGroup) throw new ForbiddenError(`cannot delete the ${adminsGroup} group`);
    const members = await this.linked(keys.groupMembersPrefix(groupId));
    const policies = await this.linked(keys.groupPoliciesPrefix(groupId));
    const aclPolicy = await this.store.get<PolicyRecord>(keys.policy(aclPolicyId(groupId)));
    await this.changed(
      this.store.update(
        [],
        [
          keys.group(groupId),
          ...members.flatMap((userId) => [keys.groupMember(groupId, userId), keys.userGroup(userId, groupId)]),
          ...policies.map((policyId) => keys.groupPolicy(groupId, policyId)),
          ...(aclPolicy ? [keys.policy(aclPolicy.id)] : []),
        ],
      ),
    );
  }

  async listGroupMembers(groupId: string, page: PageRequest): Promise<Page<UserRecord>> {
    await this.getGroup(groupId);
    const users = await Promise.all((await this.linked(keys.groupMembersPrefix(groupId))).map((id) => this.findUser(id)));
    return pageById(users.filter((u): u is UserRecord => u !== undefined), page);
  }

  async groupMemberIds(groupId: string): Promise<string[]> {
    return this.linked(keys.groupMembersPrefix(groupId));
  }

  async addGroupMember(groupId: string, userId: string): Promise<void> {
    await this.getGroup(groupId);
    await this.getUser(userId);
    const link: Link = { id: userId, creation_date: now() };
    const added = await this.changed(
      this.store.createAll([
        [keys.groupMember(groupId, userId), link],
        [keys.userGroup(userId, groupId), { id: groupId, creation_date: link.creation_date }],
      ]),
    );
    if (!added) throw new AlreadyExistsError('group membership');
  }

  async removeGroupMember(groupId: string, userId: string): Promise<void> {
    await this.getGroup(groupId);
    await this.getUser(userId);
    if ((await this.store.get(keys.groupMember(groupId, userId))) === undefined) throw new NotFoundError('group membership');
    if (groupId === adminsGroup) await this.refuseLastAdmin(userId);
    await this.changed(this.store.update([], [keys.groupMember(groupId, userId), keys.userGroup(userId, groupId)]));
  }

  async userGroupIds(userId: string): Promise<string[]> {
    return this.linked(keys.userGroupsPrefix(userId));
  }

  async listUserGroups(userId: string, page: PageRequest): Promise<Page<GroupRecord>> {
    await this.getUser(userId);
    const groups = await Promise.all((await this.userGroupIds(userId)).map((id) => this.store.get<GroupRecord>(keys.group(id))));
    return pageById(groups.filter((g): g is GroupRecord => g !== undefined), page);
  }

  // Policies and their attachments

  getPolicy(id: string): Promise<PolicyRecord> {
    return this.must<PolicyRecord>(keys.policy(id), 'policy');
  }

  async listPolicies(page: PageRequest): Promise<Page<PolicyRecord>> {
    return pageById(await this.values<PolicyRecord>(keys.policiesPrefix), page);
  }

  async createPolicy(id: string, statement: PolicyStatement[]): Promise<PolicyRecord> {
    validateName('policy', id);
    validateStatements(statement);
    const policy: PolicyRecord = { id, creation_date: now(), statement };
    if (!(await this.changed(this.store.createAll([[keys.policy(id), policy]])))) throw new AlreadyExistsError('policy');
    return policy;
  }

  async updatePolicy(id: string, statement: PolicyStatement[]): Promise<PolicyRecord> {
    validateStatements(statement);
    const existing = await this.getPolicy(id);
    const { acl: _acl, ...rest } = existing;
    // Editing the statements by hand makes the policy an ordinary one: they no longer follow its ACL.
    const policy: PolicyRecord = { ...rest, statement };
    await this.changed(this.store.set(keys.policy(id), policy));
    return policy;
  }

  /** Deletes a policy and detaches it from every user and group. */
  async deletePolicy(policyId: string): Promise<void> {
    await this.getPolicy(policyId);
    const attachments = [...(await this.store.list<unknown>('auth/user-policies/')), ...(await this.store.list<unknown>('auth/group-policies/'))]
      .map(([key]) => key)
      .filter((key) => key.endsWith(`/${encodeURIComponent(policyId)}`));
    await this.changed(this.store.update([], [keys.policy(policyId), ...attachments]));
  }

  private async attach(linkKey: string, policyId: string): Promise<void> {
    await this.getPolicy(policyId);
    if (!(await this.changed(this.store.createAll([[linkKey, { id: policyId, creation_date: now() } satisfies Link]])))) {
      throw new AlreadyExistsError('policy attachment');
    }
  }

  private async detach(linkKey: string, policyId: string): Promise<void> {
    await this.getPolicy(policyId);
    if ((await this.store.get(linkKey)) === undefined) throw new NotFoundError('policy attachment');
    await this.changed(this.store.delete(linkKey));
  }

  async attachPolicyToUser(userId: string, policyId: string): Promise<void> {
    await this.getUser(userId);
    await this.attach(keys.userPolicy(userId, policyId), policyId);
  }

  async detachPolicyFromUser(userId: string, policyId: string): Promise<void> {
    await this.getUser(userId);
    await this.detach(keys.userPolicy(userId, policyId), policyId);
  }

  async attachPolicyToGroup(groupId: string, policyId: string): Promise<void> {
    await this.getGroup(groupId);
    await this.attach(keys.groupPolicy(groupId, policyId), policyId);
  }

  async detachPolicyFromGroup(groupId: string, policyId: string): Promise<void> {
    await this.getGroup(groupId);
    await this.detach(keys.groupPolicy(groupId, policyId), policyId);
  }

  private async policiesLinkedUnder(prefix: string): Promise<PolicyRecord[]> {
    const found = await Promise.all((await this.linked(prefix)).map((id) => this.store.get<PolicyRecord>(keys.policy(id))));
    return found.filter((p): p is PolicyRecord => p !== undefined);
  }

  groupPolicies(groupId: string): Promise<PolicyRecord[]> {
    return this.policiesLinkedUnder(keys.groupPoliciesPrefix(groupId));
  }

  /** A user's own policies, and with `effective` those of their groups too, each once. */
  async userPolicies(userId: string, effective: boolean): Promise<PolicyRecord[]> {
    const own = await this.policiesLinkedUnder(keys.userPoliciesPrefix(userId));
    if (!effective) return own;
    const viaGroups = await Promise.all((await this.userGroupIds(userId)).map((groupId) => this.groupPolicies(groupId)));
    const byId = new Map<string, PolicyRecord>();
    for (const policy of [...own, ...viaGroups.flat()]) byId.set(policy.id, policy);
    return [...byId.values()];
  }

  async listUserPolicies(userId: string, effective: boolean, page: PageRequest): Promise<Page<PolicyRecord>> {
    await this.getUser(userId);
    return pageById(await this.userPolicies(userId, effective), page);
  }

  async listGroupPolicies(groupId: string, page: PageRequest): Promise<Page<PolicyRecord>> {
    await this.getGroup(groupId);
    return pageById(await this.groupPolicies(groupId), page);
  }

  // Simplified mode: one ACL per group

  /** The group's ACL, or undefined when it has none. */
  async getGroupAcl(groupId: string): Promise<Acl | undefined> {
    await this.getGroup(groupId);
    const policy = await this.store.get<PolicyRecord>(keys.policy(aclPolicyId(groupId)));
    const attached = await this.store.get(keys.groupPolicy(groupId, aclPolicyId(groupId)));
    return attached !== undefined ? policy?.acl : undefined;
  }

  /**
   * Gives a group its ACL as lakeFS does: writes the group's ACL policy from the permission, attaches it, and
   * detaches every other policy from the group, in one write.
   */
  async setGroupAcl(groupId: string, acl: Acl): Promise<void> {
    await this.getGroup(groupId);
    const id = aclPolicyId(groupId);
    const existing = await this.store.get<PolicyRecord>(keys.policy(id));
    const policy: PolicyRecord = { id, creation_date: existing?.creation_date ?? now(), statement: aclStatements(acl), acl };
    const others = (await this.linked(keys.groupPoliciesPrefix(groupId))).filter((policyId) => policyId !== id);
    await this.changed(
      this.store.update(
        [
          [keys.policy(id), policy],
          [keys.groupPolicy(groupId, id), { id, creation_date: now() } satisfies Link],
        ],
        others.map((policyId) => keys.groupPolicy(groupId, policyId)),
      ),
    );
  }
}
