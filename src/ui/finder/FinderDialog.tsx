// The file finder's dialog (`t`, Ctrl+K): a combobox over a listbox (WAI-ARIA combobox pattern: focus stays in the
// text box, the active option is named by aria-activedescendant). Before anything is typed the listbox holds the
// suggestions, in two groups; then the ranked matches, virtualised, their matched letters marked.
import { formatCount } from '../../lib/format';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Box, Button, CloseButton, HStack, Input, Kbd, Mark, Portal, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '../theme/deferred/dialog';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useSelector } from '@xstate/react';
import { LuFile, LuFolderOpen } from 'react-icons/lu';
import type { FoundObject } from '../../api/types';
import type { RankedPath } from '../../lib/finder-rank';
import {
  FINDER_MATCH_CAP,
  finderActiveIndex,
  finderBlank,
  finderFilter,
  finderSuggestions,
  type FinderActorRef,
  type FinderSnapshot,
  type FinderSuggestion,
  type FinderTarget,
} from '../../machines/finder/machine';
import { ErrorAlert } from '../components/ErrorAlert';

export const FINDER_TITLE = 'Find a file';
const ROW_HEIGHT = 36;
const LIST_HEIGHT = 360;

const selectView = (s: FinderSnapshot) => ({
  ref: s.context.scope.ref,
  query: s.context.query,
  searched: s.context.searched,
  ranked: s.context.ranked,
  blank: finderBlank(s.context),
  recent: s.context.recent,
  topLevel: s.context.topLevel,
  active: finderActiveIndex(s.context),
  hasMore: s.context.hasMore,
  searching: s.hasTag('searching'),
  failed: s.hasTag('failed'),
  // A failed first page leaves the previous text's matches in the context: they do not answer this text.
  showMatches: !s.matches({ open: { search: 'searchFailed' } }) && !s.matches({ open: { search: 'idle' } }),
  done: s.matches({ open: { search: 'done' } }),
  error: s.context.error,
  listing: s.hasTag('listing'),
  listFailed: s.hasTag('listFailed'),
  listError: s.context.listError,
});

type FinderView = ReturnType<typeof selectView>;

function statusText(view: FinderView): string {
  if (view.blank) return view.listing ? 'Listing the top-level files...' : '';
  if (view.searching) return 'Searching...';
  if (!view.done) return '';
  const count = view.ranked.length;
  if (count === 0) return `No files match "${view.searched}"`;
  // Stopped at the cap: the server has more than the finder keeps.
  if (view.hasMore) return `The first ${formatCount(FINDER_MATCH_CAP)} matches: type more to narrow the search`;
  return count === 1 ? '1 match' : `${formatCount(count)} matches`;
}

export function FinderDialog({ finder }: { finder: FinderActorRef }) {
  const filter = useSelector(finder, finderFilter);
  // Typing is the start of a search: the status says so from the first keystroke, not only once the pause ends.
  const typing = useSelector(filter, (s) => s?.matches('typing') ?? false);
  const view = useSelector(finder, selectView);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const matches = view.showMatches && !view.blank ? view.ranked : [];
  const suggestions = view.blank ? finderSuggestions(view) : [];
  const options = view.blank ? suggestions.length : matches.length;
  const pick = (target: FinderTarget, path?: string) => finder.send({ type: 'finder.pick', target, path });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const move = { ArrowDown: 'next', ArrowUp: 'previous', PageDown: 'last', PageUp: 'first' } as const;
    if (event.key in move) {
      event.preventDefault();
      finder.send({ type: 'finder.move', to: move[event.key as keyof typeof move] });
    } else if (event.key === 'Enter' && options > 0) {
      event.preventDefault();
      pick(event.ctrlKey || event.metaKey ? 'folder' : 'object');
    }
  };

  return (
    <Dialog.Root
      open
      size="lg"
      placement="top"
      initialFocusEl={() => inputRef.current}
      onOpenChange={(details) => !details.open && finder.send({ type: 'finder.close' })}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{FINDER_TITLE}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Input
                  ref={inputRef}
                  role="combobox"
                  aria-label={`${FINDER_TITLE} in ${view.ref}`}
                  aria-expanded={options > 0}
                  aria-controls={listId}
                  aria-autocomplete="list"
                  aria-activedescendant={options > 0 ? optionId(view.active) : undefined}
                  placeholder={`Search the paths of ${view.ref}`}
                  autoComplete="off"
                  spellCheck={false}
                  value={view.query}
                  onChange={(event) => finder.send({ type: 'finder.query', text: event.target.value })}
                  onKeyDown={onKeyDown}
                />
                <Text role="status" fontSize="sm" color="fg.muted" minH="5">
                  {statusText({ ...view, searching: view.searching || typing })}
                </Text>
                {view.blank ? (
                  <>
                    <SuggestionList
                      id={listId}
                      suggestions={suggestions}
                      active={view.active}
                      optionId={optionId}
                      onPick={(path) => pick('object', path)}
                    />
                    {view.listFailed && (
                      <ErrorAlert
                        title="Could not list the top-level files"
                        error={view.listError}
                        onRetry={() => finder.send({ type: 'finder.retry' })}
                      />
                    )}
                  </>
                ) : (
                  <>
                    {view.failed && <ErrorAlert error={view.error} onRetry={() => finder.send({ type: 'finder.retry' })} />}
                    <MatchList
                      id={listId}
                      searched={view.searched}
                      matches={matches}
                      active={view.active}
                      optionId={optionId}
                      onPick={(path) => pick('object', path)}
                    />
                  </>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer justifyContent="space-between">
              <Text fontSize="xs" color="fg.muted">
                <Kbd>Enter</Kbd> opens the file, <Kbd>Ctrl</Kbd>+<Kbd>Enter</Kbd> its folder
              </Text>
              <Button size="sm" variant="outline" disabled={options === 0} onClick={() => pick('folder')}>
                <LuFolderOpen />
                Open folder
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close dialog" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

interface MatchListProps {
  id: string;
  /** The text the matches answer. */
  searched: string;
  matches: readonly RankedPath<FoundObject>[];
  active: number;
  optionId: (index: number) => string;
  onPick: (path: string) => void;
}

/** Up to FINDER_MATCH_CAP options: only those in view are rendered. */
function MatchList({ id, searched, matches, active, optionId, onPick }: MatchListProps) {
  // State, not a ref: the virtualizer reads the viewport in a layout effect, before a ref would be attached.
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: matches.length,
    getScrollElement: () => viewport,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
  });
  // Keyboard moves keep the active option in view (the text box keeps the focus, so the browser would not), and a
  // new text starts at the top; pages read in the background leave the list where the user scrolled it.
  const hasMatches = matches.length > 0;
  useEffect(() => {
    if (hasMatches) virtualizer.scrollToIndex(active);
  }, [active, searched, hasMatches, virtualizer]);

  return (
    <Box ref={setViewport} data-scroll-viewport="" maxH={`${LIST_HEIGHT}px`} overflowY="auto" hidden={matches.length === 0}>
      <Box id={id} role="listbox" aria-label="Matching files" position="relative" h={`${virtualizer.getTotalSize()}px`}>
        {virtualizer.getVirtualItems().map((row) => {
          const match = matches[row.index]!;
          return (
            <OptionRow
              key={match.item.path}
              id={optionId(row.index)}
              path={match.item.path}
              selected={row.index === active}
              index={row.index}
              count={matches.length}
              onPick={onPick}
              position="absolute"
              top="0"
              left="0"
              transform={`translateY(${row.start}px)`}
            >
              <HighlightedPath path={match.item.path} positions={match.match.positions} />
            </OptionRow>
          );
        })}
      </Box>
    </Box>
  );
}

interface SuggestionListProps {
  id: string;
  suggestions: readonly FinderSuggestion[];
  active: number;
  optionId: (index: number) => string;
  onPick: (path: string) => void;
}

const GROUP_TITLES = { recent: 'Recent', 'top-level': 'Top-level files' } as const;

/** The recent files, then the top-level ones, each group under its heading; few enough to render them all. */
function SuggestionList({ id, suggestions, active, optionId, onPick }: SuggestionListProps) {
  const headingId = useId();
  const activeId = suggestions.length > 0 ? optionId(active) : undefined;
  // The text box keeps the focus, so the browser would not bring the active option into view: the list does.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);
  const groups = (['recent', 'top-level'] as const)
    .map((group) => ({ group, members: suggestions.flatMap((s, index) => (s.group === group ? [{ path: s.path, index }] : [])) }))
    .filter(({ members }) => members.length > 0);

  return (
    <Box maxH={`${LIST_HEIGHT}px`} overflowY="auto" hidden={suggestions.length === 0}>
      <Box id={id} role="listbox" aria-label="Suggested files">
        {groups.map(({ group, members }) => (
          <Box key={group} role="group" aria-labelledby={`${headingId}-${group}`} mb="2">
            <Text id={`${headingId}-${group}`} role="presentation" fontSize="xs" fontWeight="semibold" color="fg.muted" px="2" py="1">
              {GROUP_TITLES[group]}
            </Text>
            {members.map(({ path, index }) => (
              <OptionRow
                key={path}
                id={optionId(index)}
                path={path}
                selected={index === active}
                index={index}
                count={suggestions.length}
                onPick={onPick}
              >
                <Text as="span" fontFamily="mono" fontSize="sm" truncate title={path}>
                  {path}
                </Text>
              </OptionRow>
            ))}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

interface OptionRowProps {
  id: string;
  path: string;
  selected: boolean;
  index: number;
  count: number;
  onPick: (path: string) => void;
  children: ReactNode;
  position?: 'absolute';
  top?: string;
  left?: string;
  transform?: string;
}

/** One file the finder offers: clicking it opens it. */
function OptionRow({ id, path, selected, index, count, onPick, children, ...placement }: OptionRowProps) {
  return (
    <HStack
      id={id}
      role="option"
      // The name is the path, whole: the highlight's <mark>s would otherwise split it into words.
      aria-label={path}
      aria-selected={selected}
      aria-setsize={count}
      aria-posinset={index + 1}
      w="full"
      h={`${ROW_HEIGHT}px`}
      px="2"
      gap="2"
      borderRadius="sm"
      cursor="pointer"
      bg={selected ? 'bg.emphasized' : undefined}
      _hover={{ bg: 'bg.muted' }}
      onClick={() => onPick(path)}
      {...placement}
    >
      <LuFile aria-hidden />
      {children}
    </HStack>
  );
}

/** The path with each run of matched letters marked. */
function HighlightedPath({ path, positions }: { path: string; positions: readonly number[] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (let i = 0; i < positions.length; ) {
    const start = positions[i]!;
    let end = start + 1;
    while (positions[++i] === end) end++;
    if (start > at) parts.push(path.slice(at, start));
    parts.push(
      <Mark key={start} variant="subtle" fontWeight="semibold">
        {path.slice(start, end)}
      </Mark>,
    );
    at = end;
  }
  parts.push(path.slice(at));
  return (
    <Text as="span" fontFamily="mono" fontSize="sm" truncate title={path}>
      {parts}
    </Text>
  );
}
