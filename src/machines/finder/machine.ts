// The file finder (issue 12, as GitHub's `t`; docs/behaviour.md, File finder): a dialog that searches every object
// path of the page's ref for the typed letters, in order. It searches once typing pauses, shows the first page at
// once and keeps reading the following pages in the background until the server has no more or the finder holds
// FINDER_MATCH_CAP matches; a new text or closing cancels the reading. Matches are ranked by the console
// (lib/finder-rank, the server's rule) as they arrive. Before anything is typed it suggests the files opened lately in
// the repository, then the top-level files of the ref, both read once per opening. Up/Down move the active option;
// picking it opens the object, or its folder, through the `navigate` action the route provides, and remembers it as
// recent.
import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { FoundObject, FoundObjectList } from '../../api/types';
import { actionPlaceholder, promisePlaceholder } from '../../lib/actor-placeholders';
import { rankPaths, type RankedPath } from '../../lib/finder-rank';
import { parentPrefix } from '../../lib/object-paths';
import { screenActions, type Navigation } from '../../lib/screen';
import { debouncedFilterMachine, typedFilter, type DebouncedFilterActorRef, type FilterSettled } from '../debounced-filter/machine';

/** The file finder: the pause in typing before it searches (shorter than a list's filter: the finder is a
 * jump-to tool, typed fast), its page size and the most matches it keeps. */
export const FINDER_DEBOUNCE_MS = 150;
export const FINDER_PAGE_SIZE = 100;
export const FINDER_MATCH_CAP = 1000;
/** The top-level files suggested before anything is typed. */
export const FINDER_TOP_LEVEL_FILES = 20;

/** Where the finder searches: a repository at a ref (the page's `ref`, else the default branch). */
export interface FinderScope {
  repoId: string;
  ref: string;
}

export interface FinderPageRequest extends FinderScope {
  q: string;
  after?: string;
  amount: number;
}

/** Open the object itself, or the listing of the folder that holds it. */
export type FinderTarget = 'object' | 'folder';

export interface FinderPick extends FinderScope {
  path: string;
  target: FinderTarget;
}

/** The object picked, or its folder's listing. */
export function pickedAt({ repoId, ref, path, target }: FinderPick): Navigation {
  return target === 'object'
    ? { to: '/repositories/$repoId/object', params: { repoId }, search: { ref, path } }
    : { to: '/repositories/$repoId/objects', params: { repoId }, search: { ref, path: parentPrefix(path) || undefined } };
}

export type FinderMove = 'next' | 'previous' | 'first' | 'last';

export interface FinderContext {
  scope: FinderScope;
  /** The files opened lately in the repository, newest first. */
  recent: string[];
  /** The first files (not folders) at the top of the ref. */
  topLevel: string[];
  /** Why the top-level files could not be listed. */
  listError: unknown;
  /** The text as typed. */
  query: string;
  /** The text the matches below were found for ('' before the first answer). */
  searched: string;
  /** The matches read so far, in the server's (path) order. */
  found: FoundObject[];
  /** The same, best first. */
  ranked: RankedPath<FoundObject>[];
  /** The server's cursor after the last page read, and whether it has more after it. */
  after: string;
  hasMore: boolean;
  /** The active option's path (a suggestion's or a match's); null means the first. */
  activePath: string | null;
  error: unknown;
}

export type FinderEvent =
  | { type: 'finder.open'; scope: FinderScope }
  | { type: 'finder.close' }
  | { type: 'finder.query'; text: string }
  | { type: 'finder.retry' }
  | { type: 'finder.move'; to: FinderMove }
  /** Opens `path`, else the active option. */
  | { type: 'finder.pick'; target: FinderTarget; path?: string }
  | FilterSettled;

export interface FinderSuggestion {
  path: string;
  group: 'recent' | 'top-level';
}

type OptionsContext = Pick<FinderContext, 'query' | 'ranked' | 'recent' | 'topLevel' | 'activePath'>;

/** Nothing typed (spaces are nothing): the finder suggests files instead of searching. */
export const finderBlank = (context: Pick<FinderContext, 'query'>) => context.query.trim() === '';

/** The recent files, then the top-level files that are not among them. */
export function finderSuggestions(context: Pick<FinderContext, 'recent' | 'topLevel'>): FinderSuggestion[] {
  const recent = new Set(context.recent);
  return [
    ...context.recent.map((path) => ({ path, group: 'recent' as const })),
    ...context.topLevel.filter((path) => !recent.has(path)).map((path) => ({ path, group: 'top-level' as const })),
  ];
}

/** The paths of the options offered: the suggestions while nothing is typed, else the ranked matches. */
export function finderOptions(context: OptionsContext): string[] {
  return finderBlank(context) ? finderSuggestions(context).map((s) => s.path) : context.ranked.map((r) => r.item.path);
}

/** The active option's index among the options (0 when there are none). */
export function finderActiveIndex(context: OptionsContext): number {
  if (context.activePath === null) return 0;
  return Math.max(0, finderOptions(context).indexOf(context.activePath));
}

function moved(context: FinderContext, to: FinderMove): string | null {
  const options = finderOptions(context);
  const last = options.length - 1;
  if (last < 0) return null;
  const index = finderActiveIndex(context);
  const next = { next: Math.min(index + 1, last), previous: Math.max(index - 1, 0), first: 0, last }[to];
  return options[next]!;
}

const searchedText = (context: FinderContext) => context.query.trim();

/** No search in effect: no matches, the first option active. */
const noSearch = {
  searched: '',
  found: [],
  ranked: [],
  after: '',
  hasMore: false,
  activePath: null,
  error: undefined,
} satisfies Partial<FinderContext>;

const closedContext = (scope: FinderScope): FinderContext => ({ scope, recent: [], topLevel: [], listError: undefined, query: '', ...noSearch });

/** The path a pick opens: the one clicked, else the active option. */
const pickedPath = (context: FinderContext, event: Extract<FinderEvent, { type: 'finder.pick' }>) =>
  event.path ?? finderOptions(context)[finderActiveIndex(context)]!;

/** Keeps at most FINDER_MATCH_CAP matches: the finder stops reading at the cap. */
const capped = (found: FoundObject[]) => (found.length > FINDER_MATCH_CAP ? found.slice(0, FINDER_MATCH_CAP) : found);

function takePage(found: FoundObject[], searched: string, page: FoundObjectList) {
  const kept = capped(found.concat(page.results));
  return {
    searched,
    found: kept,
    ranked: rankPaths(kept, searched),
    after: page.pagination.next_offset,
    hasMore: page.pagination.has_more,
  };
}

export const finderMachine = setup({
  types: {
    context: {} as FinderContext,
    events: {} as FinderEvent,
  },
  actors: {
    /** One page of the paths of the scope's ref holding the letters of `q` in order. */
    findPage: promisePlaceholder<FoundObjectList, FinderPageRequest>('findPage'),
    /** The repository's recent files, newest first (local storage in the browser). */
    recentFiles: promisePlaceholder<string[], { repoId: string }>('recentFiles'),
    /** The first FINDER_TOP_LEVEL_FILES files at the top of the scope's ref. */
    topLevelFiles: promisePlaceholder<string[], FinderScope>('topLevelFiles'),
    filter: debouncedFilterMachine,
  },
  actions: {
    ...screenActions,
    /** Makes a picked file one of the repository's recent files (local storage in the browser). */
    rememberPick: actionPlaceholder<{ repoId: string; path: string }>('rememberPick'),
  },
  guards: {
    blank: ({ event }) => event.type === 'finder.query' && finderBlank({ query: event.text }),
    readsOn: ({ context }) => context.hasMore && context.found.length < FINDER_MATCH_CAP,
    picks: ({ context, event }) => event.type === 'finder.pick' && (event.path !== undefined || finderOptions(context).length > 0),
  },
}).createMachine({
  id: 'finder',
  context: closedContext({ repoId: '', ref: '' }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'finder.open': { target: 'open', actions: assign(({ event }) => closedContext(event.scope)) },
      },
    },
    open: {
      type: 'parallel',
      // The pause is the finder's own (FINDER_DEBOUNCE_MS), over the trimmed text: spaces around it search nothing new.
      invoke: { id: 'filter', src: 'filter', input: { text: '', delayMs: FINDER_DEBOUNCE_MS } },
      on: {
        'finder.close': 'closed',
        'finder.move': { actions: assign({ activePath: ({ context, event }) => moved(context, event.to) }) },
        'finder.pick': {
          guard: 'picks',
          target: 'closed',
          actions: [
            { type: 'rememberPick', params: ({ context, event }) => ({ repoId: context.scope.repoId, path: pickedPath(context, event) }) },
            {
              type: 'navigate',
              params: ({ context, event }) => pickedAt({ ...context.scope, path: pickedPath(context, event), target: event.target }),
            },
          ],
        },
      },
      states: {
        /** The matches of the typed letters. Typing is handled here, so a new text never restarts the suggestions. */
        search: {
          initial: 'idle',
          on: {
            'finder.query': [
              {
                guard: 'blank',
                target: '.idle',
                actions: [
                  // The suggestions stay: they were read for this opening.
                  assign(({ event }) => ({ ...noSearch, query: event.text })),
                  // An emptied box clears the matches at once: nothing is in effect, and a pause in progress is dropped.
                  sendTo('filter', { type: 'filter.set', text: '' }),
                ],
              },
              {
                actions: [
                  assign({ query: ({ event }) => event.text }),
                  sendTo('filter', ({ event }) => typedFilter(event.text)),
                ],
              },
            ],
            // Never blank: an emptied box puts '' in effect itself.
            'filter.settled': '.searching',
          },
          states: {
            /** Nothing typed: the suggestions show. */
            idle: {},
            searching: {
              tags: ['searching'],
              invoke: {
                src: 'findPage',
                input: ({ context }) => ({ ...context.scope, q: searchedText(context), amount: FINDER_PAGE_SIZE }),
                onDone: {
                  target: 'received',
                  actions: assign(({ context, event }) => ({ ...takePage([], searchedText(context), event.output), activePath: null })),
                },
                onError: { target: 'searchFailed', actions: assign({ error: ({ event }) => event.error }) },
              },
            },
            reading: {
              tags: ['searching'],
              invoke: {
                src: 'findPage',
                input: ({ context }) => ({ ...context.scope, q: context.searched, after: context.after, amount: FINDER_PAGE_SIZE }),
                onDone: { target: 'received', actions: assign(({ context, event }) => takePage(context.found, context.searched, event.output)) },
                onError: { target: 'readFailed', actions: assign({ error: ({ event }) => event.error }) },
              },
            },
            received: {
              always: [{ guard: 'readsOn', target: 'reading' }, { target: 'done' }],
            },
            done: {},
            /** The first page failed: no matches for this text. */
            searchFailed: {
              tags: ['failed'],
              on: { 'finder.retry': { target: 'searching', actions: assign({ error: undefined }) } },
            },
            /** A following page failed: the matches so far stay. */
            readFailed: {
              tags: ['failed'],
              on: { 'finder.retry': { target: 'reading', actions: assign({ error: undefined }) } },
            },
          },
        },
        /** What the finder offers before anything is typed, read once per opening: recent files first. */
        suggestions: {
          initial: 'recalling',
          states: {
            recalling: {
              invoke: {
                src: 'recentFiles',
                input: ({ context }) => ({ repoId: context.scope.repoId }),
                onDone: { target: 'listing', actions: assign({ recent: ({ event }) => event.output }) },
                // Storage that cannot be read remembers nothing.
                onError: 'listing',
              },
            },
            listing: {
              tags: ['listing'],
              invoke: {
                src: 'topLevelFiles',
                input: ({ context }) => context.scope,
                onDone: { target: 'listed', actions: assign({ topLevel: ({ event }) => event.output }) },
                onError: { target: 'listFailed', actions: assign({ listError: ({ event }) => event.error }) },
              },
            },
            listed: {},
            /** The recent files still show. */
            listFailed: {
              tags: ['listFailed'],
              on: { 'finder.retry': { target: 'listing', actions: assign({ listError: undefined }) } },
            },
          },
        },
      },
    },
  },
});

/** The search box's pause while the finder is open (none when closed): typing shows as searching. */
export function finderFilter(snapshot: FinderSnapshot): DebouncedFilterActorRef | undefined {
  return snapshot.children.filter as DebouncedFilterActorRef | undefined;
}

export type FinderActorRef = ActorRefFrom<typeof finderMachine>;
export type FinderSnapshot = SnapshotFrom<typeof finderMachine>;
