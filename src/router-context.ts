import type { SessionActorRef } from './machines/session';

/** What every route can reach: the root actors. Apart from the router, which the route tree it builds imports. */
export interface RouterContext {
  session: SessionActorRef;
}
