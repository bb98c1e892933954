import { useCallback } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useSessionActor } from '../../machines/session';

/**
 * After a change of users, groups, policies or links: the page loads again, and the session reads the user's
 * effective policies again (the change may have been to the user's own).
 */
export function useAuthRefresh(): () => void {
  const router = useRouter();
  const session = useSessionActor();
  return useCallback(() => {
    void router.invalidate();
    session.send({ type: 'permissions.reload' });
  }, [router, session]);
}
