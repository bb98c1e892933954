// Invitations: an invited user exists without credentials until they set a password with their activation token.
// The token is random, shown once (in the link), kept only as its SHA-256, valid once and for 24 hours.
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { TarnError, ValidationError } from '../errors';
import type { Directory, UserRecord } from './directory';
import { hashPassword, minPasswordLength } from './passwords';
import { recordKeys as keys } from './record-keys';
import type { RecordStore } from './record-store';

export const invitationTtlSeconds = 24 * 3600;

interface InvitationRecord {
  user_id: string;
  email: string;
  /** Unix seconds. */
  expires: number;
}

/** Sends an invited user their activation link (by mail, when a mail server is configured). */
export interface InvitationMailer {
  sendInvitation(to: string, activationUrl: string): Promise<void>;
}

const emailSchema = z.email();
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The console's activation page for a token: `{origin}/auth/users/create?token=...&email=...`. */
export function activationUrl(origin: string, token: string, email: string): string {
  const url = new URL('/auth/users/create', origin);
  url.searchParams.set('token', token);
  url.searchParams.set('email', email);
  return url.toString();
}

export const invalidToken = () => new TarnError('unauthenticated', 'invalid token');

export class Invitations {
  constructor(
    private readonly store: RecordStore,
    private readonly directory: Directory,
    private readonly now: () => number,
  ) {}

  /** Creates the invited user (their id is their email) and their activation token. */
  async invite(email: string): Promise<{ user: UserRecord; token: string }> {
    if (!emailSchema.safeParse(email).success) throw new ValidationError('Invalid email address');
    const created = Math.floor(this.now() / 1000);
    const user = await this.directory.createUser({ id: email, email, creation_date: created });
    const token = randomBytes(32).toString('base64url');
    const record: InvitationRecord = { user_id: user.id, email, expires: created + invitationTtlSeconds };
    await this.store.set(keys.invitation(tokenHash(token)), record);
    return { user, token };
  }

  /** Sets the invited user's password and spends the token; a wrong, spent or expired token is refused. */
  async activate(token: string, password: string, email?: string): Promise<void> {
    if (password.length < minPasswordLength) throw new ValidationError(`password must be at least ${minPasswordLength} characters`);
    const key = keys.invitation(tokenHash(token));
    const invitation = await this.store.get<InvitationRecord>(key);
    if (!invitation || invitation.expires * 1000 <= this.now()) {
      if (invitation) await this.store.delete(key);
      throw invalidToken();
    }
    if (email !== undefined && email !== '' && email.toLowerCase() !== invitation.email.toLowerCase()) throw invalidToken();
    // Spent first: if setting the password fails, the admin invites again rather than the link working twice.
    await this.store.delete(key);
    await this.directory.setPasswordHash(invitation.user_id, await hashPassword(password));
  }
}
