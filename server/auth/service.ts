// Setup of the first admin, credentials and sessions. Until access control arrives the setup admin is the only
// user. Secrets are stored encrypted and compared in constant time; verified keys are cached briefly so a request
// costs a map lookup, not a decryption. A session is valid only while its record exists, so logging out ends it
// on the server (and across restarts), not just in the browser.
import { z } from 'zod';
import { badRequest, conflict, preconditionFailed } from '../errors';
import {
  constantTimeEqual,
  decryptSecret,
  encryptSecret,
  issueToken,
  sigV4SigningKey,
  verifyToken,
  type InstallationKeys,
} from './crypto';
import { newAccessKeyId, newSecretAccessKey } from './keys';
import type { RecordStore } from './record-store';

export interface User {
  id: string;
  creation_date: number;
  friendly_name?: string;
  email?: string;
}

export interface Principal {
  userId: string;
  accessKeyId: string;
}

export interface CredentialsWithSecret {
  access_key_id: string;
  secret_access_key: string;
  creation_date: number;
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

export interface SetupInput {
  username: string;
  key?: { access_key_id: string; secret_access_key: string };
  email?: string;
  firstName?: string;
  lastName?: string;
  companyName?: string;
  featureUpdates?: boolean;
}

/** One open session, keyed by its token's id (jti): the token itself is never stored. */
interface SessionRecord {
  user_id: string;
  access_key_id: string;
  /** Unix seconds, as the token's `exp`. */
  expires: number;
}

const sessionsPrefix = 'auth/sessions/';

const keys = {
  setup: 'auth/setup',
  installationKey: 'auth/installation-key',
  user: (id: string) => `auth/users/${id}`,
  credential: (akid: string) => `auth/credentials/${akid}`,
  session: (jti: string) => `${sessionsPrefix}${jti}`,
};

export const defaultSessionTtlSeconds = 7 * 24 * 3600;
const cacheMillis = 10_000;
/** Expired session records are swept at a login at most this often. */
const sweepEveryMillis = 3600_000;
const emailSchema = z.email();

interface CachedKey {
  principal: Principal;
  secret: string;
  until: number;
}

interface CachedToken {
  principal: Principal;
  jti: string;
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
  now?: () => number;
}

export class AuthService {
  private readonly keyCache = new Map<string, CachedKey>();
  private readonly tokenCache = new Map<string, CachedToken>();
  private setupDone = false;
  private lastSweep = 0;
  readonly sessionTtlSeconds: number;
  private readonly sharedStore: boolean;
  private readonly now: () => number;

  constructor(
    private readonly store: RecordStore,
    private readonly secrets: InstallationKeys,
    options: AuthOptions = {},
  ) {
    this.sessionTtlSeconds = options.sessionTtlSeconds ?? defaultSessionTtlSeconds;
    this.sharedStore = options.sharedStore ?? false;
    this.now = options.now ?? Date.now;
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
    if (username.includes('%')) throw badRequest("user name cannot contain '%'");
    if (input.email !== undefined && input.email !== '' && !emailSchema.safeParse(input.email).success) {
      throw badRequest('invalid email address');
    }
    if (await this.isInitialized()) throw conflict('lakeFS already initialized');
    const created = Math.floor(this.now() / 1000);
    const accessKeyId = input.key?.access_key_id ?? newAccessKeyId();
    const secret = input.key?.secret_access_key ?? newSecretAccessKey();
    if (accessKeyId.trim() === '' || secret === '') throw badRequest('access key id and secret must not be empty');
    const credential: CredentialRecord = {
      access_key_id: accessKeyId,
      user_id: username,
      creation_date: created,
      sealed_secret: encryptSecret(this.secrets.encryption, secret),
    };
    const user: User = { id: username, creation_date: created, ...(input.email ? { email: input.email } : {}) };
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
      [keys.user(username), user],
      [keys.credential(accessKeyId), credential],
    ]);
    if (!written) throw conflict('lakeFS already initialized');
    this.setupDone = true;
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
    return this.store.get<User>(keys.user(id));
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

  /** The access key's principal and secret, from the short cache or decrypted from its record. */
  private async lookUpKey(accessKeyId: string): Promise<{ principal: Principal; secret: string } | undefined> {
    const now = this.now();
    const cached = this.keyCache.get(accessKeyId);
    if (cached && cached.until > now) return cached;
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

  /** Opens a session: its record makes the token valid until it expires or the session is ended. */
  async issueSession(principal: Principal): Promise<{ token: string; token_expiration: number }> {
    const now = this.now();
    const { token, claims } = issueToken(this.secrets.signing, principal.userId, principal.accessKeyId, this.sessionTtlSeconds, now);
    const record: SessionRecord = { user_id: principal.userId, access_key_id: principal.accessKeyId, expires: claims.exp };
    await this.store.set(keys.session(claims.jti), record);
    if (now - this.lastSweep >= sweepEveryMillis) {
      this.lastSweep = now;
      await this.sweepExpiredSessions();
    }
    return { token, token_expiration: claims.exp };
  }

  /**
   * Ends the session of a token (logout). Server processes sharing the store confirm cached sessions (see
   * `sharedStore`), so none of them accepts the token afterwards.
   */
  async endSession(token: string): Promise<void> {
    this.tokenCache.delete(token);
    const claims = verifyToken(this.secrets.signing, token, this.now());
    if (claims?.jti) await this.store.delete(keys.session(claims.jti));
  }

  /** The principal of a valid session token whose session is open and whose key still exists, or undefined. */
  async authenticateToken(token: string): Promise<Principal | undefined> {
    const now = this.now();
    const cached = this.tokenCache.get(token);
    if (cached && cached.until > now) {
      if (!this.sharedStore || (await this.store.get<SessionRecord>(keys.session(cached.jti))) !== undefined) return cached.principal;
      this.tokenCache.delete(token);
      return undefined;
    }
    const claims = verifyToken(this.secrets.signing, token, now);
    if (!claims || !claims.jti) return undefined;
    const session = await this.store.get<SessionRecord>(keys.session(claims.jti));
    if (!session || session.user_id !== claims.sub || session.access_key_id !== claims.akid) return undefined;
    const record = await this.store.get<CredentialRecord>(keys.credential(claims.akid));
    if (!record || record.user_id !== claims.sub) return undefined;
    const principal = { userId: claims.sub, accessKeyId: claims.akid };
    if (this.tokenCache.size > 10_000) this.tokenCache.clear();
    this.tokenCache.set(token, { principal, jti: claims.jti, until: Math.min(now + cacheMillis, claims.exp * 1000) });
    return principal;
  }

  /** Removes the records of sessions that expired without a logout, so they do not pile up. */
  async sweepExpiredSessions(): Promise<number> {
    const nowSeconds = this.now() / 1000;
    let removed = 0;
    for (const [key, session] of await this.store.list<SessionRecord>(sessionsPrefix)) {
      if (session.expires <= nowSeconds) {
        await this.store.delete(key);
        removed++;
      }
    }
    return removed;
  }
}
