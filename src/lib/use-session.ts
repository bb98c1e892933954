// The session as route components see it: through the router context, where the app put it.
import { useCallback } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { isSimplifiedMode, missingPermissionReason, permissionOf, sessionPermission, type Permission, type SessionActorRef, type SessionSnapshot } from '../machines/session/machine';

export function useSessionActor(): SessionActorRef {
  return useRouteContext({ from: '__root__', select: (context) => context.session });
}

export function useSessionSelector<T>(select: (snapshot: SessionSnapshot) => T): T {
  return useSelector(useSessionActor(), select);
}

/** Whether the signed-in user may do `action` on `resource` (see sessionPermission). */
export function usePermission(action: string, resource: string): Permission {
  const allowed = useSessionSelector((s) => sessionPermission(s, action, resource).allowed);
  return { allowed, reason: allowed ? undefined : missingPermissionReason(action) };
}

/**
 * The permission question for many resources at once (a table's rows), with one subscription instead of one per
 * row: the answer changes only when the user's policies do.
 */
export function usePermissionCheck(): (action: string, resource: string) => Permission {
  const permissions = useSessionSelector((s) => s.context.permissions);
  return useCallback((action: string, resource: string) => permissionOf(permissions, action, resource), [permissions]);
}

export function useSimplifiedMode(): boolean {
  return useSessionSelector(isSimplifiedMode);
}
