// Setup and credentials over the directory of users, groups and policies, and the logins they open as sessions
// (sessions.ts). Secrets are stored encrypted and compared in constant time; verified keys are cached briefly so a
// request costs a map lookup, not a decryption.
import { z } from 'zod';
import { badRequest, conflict, ForbiddenError, NotFoundError, preconditionFailed } from '../errors';
import { Authorizer } from './authorizer';
import { adminsGroup, aclGroups, builtinPolicies, rbacGroups } from './builtins';
import { constantTimeEqual, decryptSecret, encryptSecret, hmacWithSecret, sigV4SigningKey, type InstallationKeys } from './crypto';
import { Directory, pageById, validateName, type Page, type PageRequest, type UserRecord } from './directory';
import { Invitations } from './invitations';
import { newAccessKeyId, newSecretAccessKey } from './keys';
import type { RbacMode } from './login-settings';
import { verifyPassword } from './passwords';
import { recordKeys as keys, type Link } from './record-keys';
import type { RecordStore } from './record-store';
import { defaultSessionTtlSeconds, Sessions, type Principal } from './sessions';

export type { Principal } from './sessions';

export type User = Omit<UserRecord, 'password_hash'>;

export interface Credentials {
  access_key_id: string;
  creation_date: number;
}

export interface CredentialsWithSecret extends Credentials {
  secret_access_key: string;
}

interface CredentialRecord {
  access_key_id: string;
  user_id: string;
  creation_date: number;
  sealed_secret: string;
}

export interface CommPrefs {
  email?: string;
  firstName?: string;
  lastName?: string;
  companyName?: string;
  featureUpdates: boolean;
  securityUpdates: boolean;
}

interface SetupRecord {
  setup_at: number;
  admin: string;
  comm_prefs?: CommPrefs;
}

/** The auth model the records follow: 1 has groups, policies and the admin in Admins. */
interface ModelRecord {
  version: number;
}

const modelVersion = 1;

export interface SetupInput {
  username: string;
  key?: { access_key_id: string; secret_access_key: string };
  email?: string;
  firstName?: string;
  lastName?: string;
  companyName?: string;
  featureUpdates?: boolean;
}

const cacheMillis = 10_000;
const emailSchema = z.email();

interface CachedKey {
  principal: Principal;
  secret: string;
  until: number;
}

export interface AuthOptions {
  /** How long a login lasts, in seconds (default 7 days). */
  sessionTtlSeconds?: number;
  /**
   * Other server processes share the store (PostgreSQL), so any of them may end a session: a session found in the
   * verification cache is confirmed by reading its record, and a logout anywhere takes effect everywhere at once.
   */
  sharedStore?: boolean;
  /** Which groups setup creates: role-based ones with policies (default), or simplified mode's ACL groups. */
  rbac?: RbacMode;
  now?: () => number;
}

/** Records of the built-in policies and groups (role-based or ACL), and of `admin`'s membership in Admins. */
function builtinRecords(rbac: RbacMode, admin: string, created: number): Array<[string, unknown]> {
  const records: Array<[string, unknown]> = [];
  const link = (id: string): Link => ({ id, creation_date: created });
  if (rbac === 'internal') {
    for (const policy of builtinPolicies) records.push([keys.policy(policy.id), { ...policy, creation_date: created }]);
  }
  for (const group of rbac === 'internal' ? rbacGroups : aclGroups) {
    records.push([keys.group(group.id), { id: group.id, creation_date: created }]);
    for (const policyId of group.policies) records.push([keys.groupPolicy(group.id, policyId), link(policyId)]);
  }
  records.push([keys.groupMember(adminsGroup, admin), link(admin)], [keys.userGroup(admin, adminsGroup), link(adminsGroup)]);
  // Simplified mode's groups get their ACL policies once the groups exist (AuthService.installAcls).
  return records;
}

export class AuthService {
  readonly directory: Directory;
  readonly authorizer: Authorizer;
  readonly invitations: Invitations;
  readonly sessions: Sessions;
  readonly rbac: RbacMode;
  private readonly keyCache = new Map<string, CachedKey>();
  private setupDone = false;
  private readonly sharedStore: boolean;
  private readonly now: () => number;

  constructor(
    private readonly store: RecordStore,
    private readonly secrets: InstallationKeys,
    options: AuthOptions = {},
  ) {
    this.sharedStore = options.sharedStore ?? false;
    this.now = options.now ?? Date.now;
    this.rbac = options.rbac ?? 'internal';
    this.directory = new Directory(store);
    this.authorizer = new Authorizer(this.directory, this.now);
    this.invitations = new Invitations(store, this.directory, this.now);
    this.sessions = new Sessions(store, secrets.signing, {
      ttlSeconds: options.sessionTtlSeconds ?? defaultSessionTtlSeconds,
      sharedStore: this.sharedStore,
      now: this.now,
      principalExists: (principal) => this.principalExists(principal),
    });
  }

  private seconds(): number {
    return Math.floor(this.now() / 1000);
  }

  /**
   * Brings data made before access control up to date, at start: the built-in policies and groups, the setup admin
   * in Admins (so they stay an admin), and each user's credentials indexed under the user.
   */
  async migrate(): Promise<void> {
    const setup = await this.store.get<SetupRecord>(keys.setup);
    if (!setup || (await this.store.get<ModelRecord>(keys.model))) return;
    const created = this.seconds();
    const sets: Array<[string, unknown]> = [];
    for (const [key, value] of builtinRecords(this.rbac, setup.admin, created)) {
      if ((await this.store.get(key)) === undefined) sets.push([key, value]);
    }
    for (const [, credential] of await this.store.list<CredentialRecord>(keys.credentialsPrefix)) {
      sets.push([keys.userCredential(credential.user_id, credential.access_key_id), { id: credential.access_key_id, creation_date: credential.creation_date }]);
    }
    sets.push([keys.model, { version: modelVersion } satisfies ModelRecord]);
    await this.store.update(sets, []);
    await this.installAcls();
  }

  /** In simplified mode, the base groups' ACL policies (each group that has none yet). */
  private async installAcls(): Promise<void> {
    if (this.rbac !== 'simplified') return;
    for (const group of aclGroups) {
      if (group.acl && (await this.directory.getGroupAcl(group.id)) === undefined) await this.directory.setGroupAcl(group.id, group.acl);
    }
  }

  /**
   * Servers sharing a store must hold the same installation key, or each would refuse the others' sessions and
   * could not read the secrets they stored. The first server records the key's fingerprint; a server whose key
   * differs refuses to start.
   */
  async claimInstallationKey(): Promise<void> {
    const record = { fingerprint: this.secrets.fingerprint };
    if (await this.store.createAll([[keys.installationKey, record]])) return;
    const stored = await this.store.get<typeof record>(keys.installationKey);
    if (stored?.fingerprint !== record.fingerprint) {
      throw new Error(
        'this server\'s installation.key is not the one the metadata store was set up with; ' +
          'every server on one store needs a copy of the same installation.key in its data folder',
      );
    }
  }

  async setupState(): Promise<{ initialized: boolean; commPrefsMissing: boolean }> {
    const setup = await this.store.get<SetupRecord>(keys.setup);
    return { initialized: setup !== undefined, commPrefsMissing: setup?.comm_prefs === undefined };
  }

  async isInitialized(): Promise<boolean> {
    if (this.setupDone) return true;
    this.setupDone = (await this.store.get<SetupRecord>(keys.setup)) !== undefined;
    return this.setupDone;
  }

  async setup(input: SetupInput): Promise<CredentialsWithSecret> {
    const username = input.username.trim();
    if (username === '') throw badRequest('empty user display name');
    validateName('user', username);
    if (input.email !== undefined && input.email !== '' && !emailSchema.safeParse(input.email).success) {
      throw badRequest('invalid email address');
    }
    if (await this.isInitialized()) throw conflict('lakeFS already initialized');
    const created = this.seconds();
    const accessKeyId = input.key?.access_key_id ?? newAccessKeyId();
    const secret = input.key?.secret_access_key ?? newSecretAccessKey();
    if (accessKeyId.trim() === '' || secret === '') throw badRequest('access key id and secret must not be empty');
    const credential: CredentialRecord = {
      access_key_id: accessKeyId,
      user_id: username,
      creation_date: created,
      sealed_secret: encryptSecret(this.secrets.encryption, secret),
    };
    const user: UserRecord = { id: username, creation_date: created, ...(input.email ? { email: input.email } : {}) };
    const record: SetupRecord = { setup_at: created, admin: username };
    if (input.email) {
      record.comm_prefs = {
        email: input.email,
        ...(input.firstName ? { firstName: input.firstName } : {}),
        ...(input.lastName ? { lastName: input.lastName } : {}),
        ...(input.companyName ? { companyName: input.companyName } : {}),
        featureUpdates: input.featureUpdates ?? false,
        securityUpdates: false,
      };
    }
    // One atomic write guarded by the setup record: a concurrent second setup writes nothing at all.
    const written = await this.store.createAll([
      [keys.setup, record],
      [keys.model, { version: modelVersion } satisfies ModelRecord],
      [keys.user(username), user],
      [keys.credential(accessKeyId), credential],
      [keys.userCredential(username, accessKeyId), { id: accessKeyId, creation_date: created } satisfies Link],
      ...builtinRecords(this.rbac, username, created),
    ]);
    if (!written) throw conflict('lakeFS already initialized');
    this.setupDone = true;
    await this.installAcls();
    return { access_key_id: accessKeyId, secret_access_key: secret, creation_date: created };
  }

  async saveCommPrefs(prefs: CommPrefs): Promise<void> {
    const setup = await this.store.get<SetupRecord>(keys.setup);
    if (!setup) throw preconditionFailed('lakeFS is not initialized');
    if (setup.comm_prefs) throw conflict('communication preferences already set');
    if (prefs.email !== undefined && prefs.email !== '' && !emailSchema.safeParse(prefs.email).success) {
      throw badRequest('invalid email address');
    }
    await this.store.set(keys.setup, { ...setup, comm_prefs: prefs });
  }

  async getUser(id: string): Promise<User | undefined> {
    return this.directory.findUser(id);
  }

  /** The principal for an access key and secret, or undefined when they do not match. */
  async authenticateKey(accessKeyId: string, secret: string): Promise<Principal | undefined> {
    const known = await this.lookUpKey(accessKeyId);
    return known && constantTimeEqual(known.secret, secret) ? known.principal : undefined;
  }

  /**
   * For AWS Signature V4 (the S3 gateway): the principal of an access key and the key that signs its requests of
   * one day, region and service, or undefined when there is no such access key. The caller compares signatures;
   * the secret stays here.
   */
  async sigV4Key(
    accessKeyId: string,
    scope: { date: string; region: string; service: string },
  ): Promise<{ principal: Principal; signingKey: Buffer } | undefined> {
    const known = await this.lookUpKey(accessKeyId);
    return known && { principal: known.principal, signingKey: sigV4SigningKey(known.secret, scope) };
  }

  /**
   * For AWS Signature Version 2 and its Java form (the S3 gateway), which key their HMACs with the secret itself:
   * the principal of an access key and the HMACs of `texts` under its secret, or undefined when there is no such
   * access key. The caller compares signatures; the secret stays here.
   */
  async sigV2Signatures(
    accessKeyId: string,
    algorithm: 'sha1' | 'sha256',
    texts: readonly string[],
  ): Promise<{ principal: Principal; signatures: Buffer[] } | undefined> {
    const known = await this.lookUpKey(accessKeyId);
    return known && { principal: known.principal, signatures: texts.map((text) => hmacWithSecret(known.secret, algorithm, text)) };
  }

  /** The access key's principal and secret, from the short cache or decrypted from its record. */
  private async lookUpKey(accessKeyId: string): Promise<{ principal: Principal; secret: string } | undefined> {
    const now = this.now();
    const cached = this.keyCache.get(accessKeyId);
    if (cached && cached.until > now) {
      // Another process sharing the store may have revoked the key: confirm its record, still cheaper than a decrypt.
      if (!this.sharedStore || (await this.store.get<CredentialRecord>(keys.credential(accessKeyId))) !== undefined) return cached;
      this.keyCache.delete(accessKeyId);
      return undefined;
    }
    const record = await this.store.get<CredentialRecord>(keys.credential(accessKeyId));
    if (!record) return undefined;
    let secret: string;
    try {
      secret = decryptSecret(this.secrets.encryption, record.sealed_secret);
    } catch {
      return undefined;
    }
    const principal = { userId: record.user_id, accessKeyId };
    this.keyCache.set(accessKeyId, { principal, secret, until: now + cacheMillis });
    return { principal, secret };
  }

  /** The principal of a user who set a password, by their email (or id) and that password, or undefined. */
  async authenticatePassword(login: string, password: string): Promise<Principal | undefined> {
    const user = await this.directory.findUserByLogin(login);
    if (!user?.password_hash || !(await verifyPassword(password, user.password_hash))) return undefined;
    return { userId: user.id, accessKeyId: '' };
  }

  /** Whether a principal still exists: its access key, still the user's, or for a password login the user. */
  private async principalExists({ userId, accessKeyId }: Principal): Promise<boolean> {
    if (accessKeyId === '') return (await this.directory.findUser(userId)) !== undefined;
    return (await this.store.get<CredentialRecord>(keys.credential(accessKeyId)))?.user_id === userId;
  }

  /** Forgets what this process verified for a user (all their keys) or for one key, so a revocation holds at once. */
  private forget(match: (principal: Principal) => boolean): void {
    for (const [key, cached] of this.keyCache) if (match(cached.principal)) this.keyCache.delete(key);
    this.sessions.forget(match);
  }

  /**
   * What `npm run superuser` does on the server's machine, as lakeFS's `lakefs superuser`: a new access key for
   * `username`, who is created as an administrator (a member of Admins) when there is no such user yet. An existing
   * user keeps their groups and policies; this is how an administrator who lost their keys gets back in.
   */
  async superuserCredentials(
    username: string,
    key?: { access_key_id: string; secret_access_key: string },
  ): Promise<{ credentials: CredentialsWithSecret; createdUser: boolean }> {
    if (!(await this.isInitialized())) throw preconditionFailed('Tarn is not set up yet: start the server and open /setup to create the first admin');
    validateName('user', username);
    const createdUser = (await this.directory.findUser(username)) === undefined;
    if (createdUser) {
      await this.directory.createUser({ id: username, creation_date: this.seconds() });
      await this.directory.addGroupMember(adminsGroup, username);
    }
    return { credentials: await this.createCredentials(username, key), createdUser };
  }

  // Credentials of any user

  /** A new access key of the user; `key` fixes its id and secret (an operator's choice, as lakeFS's superuser takes). */
  async createCredentials(userId: string, key?: { access_key_id: string; secret_access_key: string }): Promise<CredentialsWithSecret> {
    await this.directory.getUser(userId);
    if (key && (key.access_key_id.trim() === '' || key.secret_access_key === '')) {
      throw badRequest('access key id and secret must not be empty');
    }
    const created = this.seconds();
    const accessKeyId = key?.access_key_id ?? newAccessKeyId();
    const secret = key?.secret_access_key ?? newSecretAccessKey();
    const record: CredentialRecord = {
      access_key_id: accessKeyId,
      user_id: userId,
      creation_date: created,
      sealed_secret: encryptSecret(this.secrets.encryption, secret),
    };
    const written = await this.store.createAll([
      [keys.credential(accessKeyId), record],
      [keys.userCredential(userId, accessKeyId), { id: accessKeyId, creation_date: created } satisfies Link],
    ]);
    // Two keys of 14 random characters from 32 colliding is as likely as guessing one: a retry would hide a bug. A
    // key chosen by the caller may well be taken.
    if (!written) throw conflict('access key already exists');
    return { access_key_id: accessKeyId, secret_access_key: secret, creation_date: created };
  }

  async listCredentials(userId: string, page: PageRequest): Promise<Page<Credentials>> {
    await this.directory.getUser(userId);
    const links = await this.store.list<Link>(keys.userCredentialsPrefix(userId));
    const credentials = links.map(([, link]) => ({ id: link.id, access_key_id: link.id, creation_date: link.creation_date }));
    const found = pageById(credentials, page);
    return { ...found, results: found.results.map(({ access_key_id, creation_date }) => ({ access_key_id, creation_date })) };
  }

  async getCredentials(userId: string, accessKeyId: string): Promise<Credentials> {
    await this.directory.getUser(userId);
    const record = await this.store.get<CredentialRecord>(keys.credential(accessKeyId));
    if (!record || record.user_id !== userId) throw new NotFoundError('credentials');
    return { access_key_id: record.access_key_id, creation_date: record.creation_date };
  }

  /** Revokes a key: requests signed with it, and sessions opened with it, stop working. */
  async deleteCredentials(userId: string, accessKeyId: string): Promise<void> {
    await this.getCredentials(userId, accessKeyId);
    const sessions = await this.sessions.recordsOfKey(accessKeyId);
    await this.store.update([], [keys.credential(accessKeyId), keys.userCredential(userId, accessKeyId), ...sessions]);
    this.forget((principal) => principal.accessKeyId === accessKeyId);
  }

  /** Deletes a user with their credentials, memberships, attachments and sessions; nobody deletes themself. */
  async deleteUser(caller: Principal, userId: string): Promise<void> {
    if (caller.userId === userId) throw new ForbiddenError('cannot delete yourself');
    await this.directory.deleteUser(userId);
    this.forget((principal) => principal.userId === userId);
  }
}
