import { lazy, Suspense, useState } from 'react';
import { Button, HStack, IconButton, Kbd } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { LuKeyboard, LuSearch } from 'react-icons/lu';
import type { FinderActorRef } from '../../machines/finder/machine';
import type { PermalinkActorRef } from '../../machines/permalink/machine';
import { useRepositoryShortcuts } from './useRepositoryShortcuts';

// Loaded when first opened: the repository pages do not carry the finder's list and dialogs until then.
const FinderDialog = lazy(() => import('../finder/FinderDialog').then((m) => ({ default: m.FinderDialog })));
const ShortcutsDialog = lazy(() => import('../finder/ShortcutsDialog').then((m) => ({ default: m.ShortcutsDialog })));

export interface RepositoryShortcutsProps {
  finder: FinderActorRef;
  permalink: PermalinkActorRef;
  repoId: string;
  /** The page's ref: the URL's `ref`, else the default branch. */
  refName: string;
}

/** The repository pages' shortcuts (`t`, Ctrl/⌘+K, `y`, `?`), the buttons that do the same, and their dialogs. */
export function RepositoryShortcuts({ finder, permalink, repoId, refName }: RepositoryShortcutsProps) {
  const finderOpen = useSelector(finder, (s) => s.matches('open'));
  // Whether the list of shortcuts is shown is the view's own: nothing else reads it, and it is lost with the page.
  const [helpOpen, setHelpOpen] = useState(false);
  const openFinder = () => finder.send({ type: 'finder.open', scope: { repoId, ref: refName } });
  useRepositoryShortcuts({
    find: openFinder,
    permalink: () => permalink.send({ type: 'permalink.make', repoId, ref: refName }),
    help: () => setHelpOpen(true),
  });
  return (
    <HStack gap="1" ms="auto">
      <Button size="sm" variant="outline" aria-keyshortcuts="t Control+K Meta+K" onClick={openFinder}>
        <LuSearch />
        Find a file
        {/* The key is announced through aria-keyshortcuts; as text it would be read as part of the name. */}
        <Kbd size="sm" aria-hidden="true">
          t
        </Kbd>
      </Button>
      <IconButton size="sm" variant="ghost" aria-label="Keyboard shortcuts" aria-keyshortcuts="?" title="Keyboard shortcuts (?)" onClick={() => setHelpOpen(true)}>
        <LuKeyboard />
      </IconButton>
      <Suspense fallback={null}>
        {finderOpen && <FinderDialog finder={finder} />}
        {helpOpen && <ShortcutsDialog onClose={() => setHelpOpen(false)} />}
      </Suspense>
    </HStack>
  );
}
