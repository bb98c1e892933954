// The file finder (issue 12, as GitHub's `t`): a dialog that searches every object path of the page's ref for the
// typed text. It searches once typing pauses, shows the first page at once and keeps reading the following pages in
// the background until the server has no more or the finder holds FINDER_MATCH_CAP matches; a new text or closing
// cancels the reading. Matches are ranked by the console (lib/finder-rank) as they arrive; Up/Down move the active
// one, and picking it opens the object, or its folder, through the `navigate` action the route provides.
import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { FoundObject, FoundObjectList } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { rankPaths, type RankedPath } from '../../lib/finder-rank';
import { parentPrefix } from '../../lib/object-paths';
import { screenActions, type Navigation } from '../../lib/screen';
import { debouncedFilterMachine, typedFilter, type DebouncedFilterActorRef, type FilterSettled } from '../debounced-filter/machine';

/** The file finder: the pause in typing before it searches (shorter than a list's filter: the finder is a
 * jump-to tool, typed fast), its page size and the most matches it keeps. */
export const FINDER_DEBOUNCE_MS = 150;
export const FINDER_PAGE_SIZE = 100;
export const FINDER_MATCH_CAP = 1000;

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
  /** The active option's path; null means the first. */
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

/** The active option's index in the ranked matches (0 when there are none). */
export function finderActiveIndex(context: Pick<FinderContext, 'ranked' | 'activePath'>): number {
  if (context.activePath === null) return 0;
  return Math.max(0, context.ranked.findIndex((r) => r.item.path === context.activePath));
}

function moved(context: FinderContext, to: FinderMove): string | null {
  const last = context.ranked.length - 1;
  if (last < 0) return null;
  const index = finderActiveIndex(context);
  const next = { next: Math.min(index + 1, last), previous: Math.max(index - 1, 0), first: 0, last }[to];
  return context.ranked[next]!.item.path;
}

const searchedText = (context: FinderContext) => context.query.trim();

const closedContext = (scope: FinderScope): FinderContext => ({
  scope,
  query: '',
  searched: '',
  found: [],
  ranked: [],
  after: '',
  hasMore: false,
  activePath: null,
  error: undefined,
});

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
    /** One page of the paths of the scope's ref containing `q`. */
    findPage: promisePlaceholder<FoundObjectList, FinderPageRequest>('findPage'),
    filter: debouncedFilterMachine,
  },
  actions: {
    ...screenActions,
  },
  guards: {
    blank: ({ event }) => event.type === 'finder.query' && event.text.trim() === '',
    readsOn: ({ context }) => context.hasMore && context.found.length < FINDER_MATCH_CAP,
    picks: ({ context, event }) => event.type === 'finder.pick' && (event.path !== undefined || context.ranked.length > 0),
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
      initial: 'idle',
      // The pause is the finder's own (FINDER_DEBOUNCE_MS), over the trimmed text: spaces around it search nothing new.
      invoke: { id: 'filter', src: 'filter', input: { text: '', delayMs: FINDER_DEBOUNCE_MS } },
      on: {
        'finder.close': 'closed',
        'finder.query': [
          {
            guard: 'blank',
            target: '.idle',
            actions: [
              assign(({ event, context }) => ({ ...closedContext(context.scope), query: event.text })),
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
        'finder.move': { actions: assign({ activePath: ({ context, event }) => moved(context, event.to) }) },
        'finder.pick': {
          guard: 'picks',
          target: 'closed',
          actions: {
            type: 'navigate',
            params: ({ context, event }) =>
              pickedAt({
                ...context.scope,
                path: event.path ?? context.ranked[finderActiveIndex(context)]!.item.path,
                target: event.target,
              }),
          },
        },
      },
      states: {
        /** Nothing typed: nothing to show. */
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
  },
});

/** The search box's pause while the finder is open (none when closed): typing shows as searching. */
export function finderFilter(snapshot: FinderSnapshot): DebouncedFilterActorRef | undefined {
  return snapshot.children.filter as DebouncedFilterActorRef | undefined;
}

export type FinderActorRef = ActorRefFrom<typeof finderMachine>;
export type FinderSnapshot = SnapshotFrom<typeof finderMachine>;
