// The tab's live stream of the shown repository (machines/repository-events), run by the repository layout route
// and shared with its screens, which pass it to their machines (none outside a repository page).
import { createContext, useContext, type ReactNode } from 'react';
import type { RepositoryEventsActorRef } from '../../machines/repository-events/machine';

const LiveContext = createContext<RepositoryEventsActorRef | undefined>(undefined);

export function LiveProvider({ live, children }: { live: RepositoryEventsActorRef; children: ReactNode }) {
  return <LiveContext.Provider value={live}>{children}</LiveContext.Provider>;
}

/** The repository's live stream, for a screen's machine to hear changes through. */
export function useLive(): RepositoryEventsActorRef | undefined {
  return useContext(LiveContext);
}
