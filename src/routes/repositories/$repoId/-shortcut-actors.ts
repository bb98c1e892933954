// The actors behind the repository pages' shortcuts, with the navigation their flows end in: the finder opens the
// object it picked, or its folder; the permalink puts the commit id into the address in place of the ref.
import { useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useActorRef } from '../../../lib/root-actors';
import { liveFinderMachine, type FinderActorRef, type FinderPick } from '../../../machines/finder';
import { livePermalinkMachine, type PermalinkActorRef } from '../../../machines/permalink';
import { parentPrefix } from '../../../ui/objects/paths';

export interface ShortcutActors {
  finder: FinderActorRef;
  permalink: PermalinkActorRef;
}

export function useShortcutActors(): ShortcutActors {
  const router = useRouter();
  // The flows' logic is fixed for the layout's life: the router does not change.
  const [logic] = useState(() => ({
    finder: liveFinderMachine.provide({
      actions: {
        navigate: (_, { repoId, ref, path, target }: FinderPick) =>
          void router.navigate(
            target === 'object'
              ? { to: '/repositories/$repoId/object', params: { repoId }, search: { ref, path } }
              : { to: '/repositories/$repoId/objects', params: { repoId }, search: { ref, path: parentPrefix(path) || undefined } },
          ),
      },
    }),
    permalink: livePermalinkMachine.provide({
      actions: {
        // The page stays what it is: the same route, path and other parameters, with the commit as its ref. It
        // replaces the address rather than adding one, as the page shows the same thing.
        navigate: (_, commitId) => void router.navigate({ to: '.', search: (prev) => ({ ...prev, ref: commitId }), replace: true }),
      },
    }),
  }));
  return { finder: useActorRef(logic.finder), permalink: useActorRef(logic.permalink) };
}
