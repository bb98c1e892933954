// The actors behind the repository pages' shortcuts, for the layout's life: the finder opens the object it picked, or
// its folder; the permalink puts the commit id into the address in place of the ref. Each goes through the router as
// a screen does.
import { useScreen } from '../../../lib/use-screen';
import { liveFinderMachine, type FinderActorRef } from '../../../machines/finder';
import { livePermalinkMachine, type PermalinkActorRef } from '../../../machines/permalink';

export interface ShortcutActors {
  finder: FinderActorRef;
  permalink: PermalinkActorRef;
}

export function useShortcutActors(): ShortcutActors {
  return { finder: useScreen(liveFinderMachine, undefined), permalink: useScreen(livePermalinkMachine, undefined) };
}
