// The session as route components see it: through the router context, where the app put it.
import { useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { SessionActorRef, SessionSnapshot } from './machine';

export function useSessionActor(): SessionActorRef {
  return useRouteContext({ from: '__root__', select: (context) => context.session });
}

export function useSessionSelector<T>(select: (snapshot: SessionSnapshot) => T): T {
  return useSelector(useSessionActor(), select);
}
