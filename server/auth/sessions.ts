// Logins as sessions: a signed token names its session, whose record makes it valid until it expires or the session
// is ended, so logging out, revoking the key or deleting the user ends it on the server, not just in the browser.
// Verified tokens are cached briefly, so a request costs a map lookup, not a signature check and a read.
import { issueToken, verifyToken } from './crypto';
import { recordKeys as keys } from './record-keys';
import type { RecordStore } from './record-store';

/** Who is calling: the user, and the access key the request or session uses ('' for a password login). */
export interface Principal {
  userId: string;
  accessKeyId: string;
}

/** One open session, keyed by its token's id (jti): the token itself is never stored. */
interface SessionRecord {
  user_id: string;
  access_key_id: string;
  /** Unix seconds, as the token's `exp`. */
  expires: number;
}

interface CachedToken {
  principal: Principal;
  jti: string;
  until: number;
}

export const defaultSessionTtlSeconds = 7 * 24 * 3600;
const cacheMillis = 10_000;
/** Expired session records are swept at a login at most this often. */
const sweepEveryMillis = 3600_000;

export interface SessionOptions {
  ttlSeconds: number;
  /** Other processes share the store and may end a session: a cached session is confirmed by reading its record. */
  sharedStore: boolean;
  now: () => number;
  /** Whether the session's principal still exists: its access key, or for a password login its user. */
  principalExists: (principal: Principal) => Promise<boolean>;
}

export class Sessions {
  private readonly tokenCache = new Map<string, CachedToken>();
  private lastSweep = 0;
  readonly ttlSeconds: number;

  constructor(
    private readonly store: RecordStore,
    private readonly signingKey: Buffer,
    private readonly options: SessionOptions,
  ) {
    this.ttlSeconds = options.ttlSeconds;
  }

  /** Opens a session: its record makes the token valid until it expires or the session is ended. */
  async open(principal: Principal): Promise<{ token: string; token_expiration: number }> {
    const now = this.options.now();
    const { token, claims } = issueToken(this.signingKey, principal.userId, principal.accessKeyId, this.ttlSeconds, now);
    const record: SessionRecord = { user_id: principal.userId, access_key_id: principal.accessKeyId, expires: claims.exp };
    await this.store.set(keys.session(claims.jti), record);
    if (now - this.lastSweep >= sweepEveryMillis) {
      this.lastSweep = now;
      await this.sweepExpired();
    }
    return { token, token_expiration: claims.exp };
  }

  /**
   * Ends the session of a token (logout). Server processes sharing the store confirm cached sessions (see
   * `sharedStore`), so none of them accepts the token afterwards.
   */
  async end(token: string): Promise<void> {
    this.tokenCache.delete(token);
    const claims = verifyToken(this.signingKey, token, this.options.now());
    if (claims?.jti) await this.store.delete(keys.session(claims.jti));
  }

  /** The principal of a valid session token whose session is open and whose key (or user) still exists. */
  async authenticate(token: string): Promise<Principal | undefined> {
    const now = this.options.now();
    const cached = this.tokenCache.get(token);
    if (cached && cached.until > now) {
      if (!this.options.sharedStore || (await this.store.get<SessionRecord>(keys.session(cached.jti))) !== undefined) return cached.principal;
      this.tokenCache.delete(token);
      return undefined;
    }
    const claims = verifyToken(this.signingKey, token, now);
    if (!claims || !claims.jti) return undefined;
    const session = await this.store.get<SessionRecord>(keys.session(claims.jti));
    if (!session || session.user_id !== claims.sub || session.access_key_id !== claims.akid) return undefined;
    const principal = { userId: claims.sub, accessKeyId: claims.akid };
    if (!(await this.options.principalExists(principal))) return undefined;
    if (this.tokenCache.size > 10_000) this.tokenCache.clear();
    this.tokenCache.set(token, { principal, jti: claims.jti, until: Math.min(now + cacheMillis, claims.exp * 1000) });
    return principal;
  }

  /** Removes the records of sessions that expired without a logout, so they do not pile up. */
  async sweepExpired(): Promise<number> {
    const nowSeconds = this.options.now() / 1000;
    let removed = 0;
    for (const [key, session] of await this.store.list<SessionRecord>(keys.sessionsPrefix)) {
      if (session.expires <= nowSeconds) {
        await this.store.delete(key);
        removed++;
      }
    }
    return removed;
  }

  /** The record keys of the sessions opened with an access key, for revoking the key to delete with it. */
  async recordsOfKey(accessKeyId: string): Promise<string[]> {
    return (await this.store.list<SessionRecord>(keys.sessionsPrefix)).filter(([, s]) => s.access_key_id === accessKeyId).map(([key]) => key);
  }

  /** Forgets the verified tokens of the principals matched, so a revocation holds at once in this process. */
  forget(match: (principal: Principal) => boolean): void {
    for (const [token, cached] of this.tokenCache) if (match(cached.principal)) this.tokenCache.delete(token);
  }
}
