import { waitFor } from 'xstate';
import type { User } from '../../api/types';
import type { SessionActorRef } from './machine';

export type SessionCheck = { status: 'signedIn'; user: User } | { status: 'signedOut' };

/**
 * What the route guards need: the signed-in user once the session has been checked, or that nobody is signed in.
 * A server that could not be asked rejects with the reason (the root route shows it, with a retry).
 */
export async function checkedSession(session: SessionActorRef): Promise<SessionCheck> {
  const snapshot = await waitFor(session, (s) => !s.hasTag('checking') && !s.hasTag('loggingOut'), { timeout: Infinity });
  if (snapshot.matches({ auth: 'unavailable' })) throw snapshot.context.error;
  const { user } = snapshot.context;
  return user ? { status: 'signedIn', user } : { status: 'signedOut' };
}
