// The Insights screen (README, Insights): the route's loader reads what the ref holds under the URL's prefix (the
// treemap); this machine opens a folder by moving the URL's prefix, and reads, after the first paint and each on its
// own, the growth of objects and bytes over the ref's last commits and the uncommitted volume of the repository's
// branches. Each has its loading, loaded and failed states, a failure waiting for a retry. Another ref (or a refresh)
// reads both again; another prefix reads neither, as neither depends on it.
import { assign, raise, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { PrefixUsage, RefKind, StagedUsage } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { screenActions, type Navigation, type RouteChanged } from '../../lib/screen';

/** Commits whose totals the growth chart shows. */
export const GROWTH_COMMITS = 20;

export interface InsightsPageInput {
  repoId: string;
  /** The resolved ref the screen shows. */
  ref: string;
  refKind: RefKind;
  prefix: string;
  /** The loader's count under the prefix: the treemap. */
  usage: PrefixUsage;
}

/** What the ref held at one of its commits. */
export interface GrowthPoint {
  commitId: string;
  message: string;
  /** Unix seconds. */
  creationDate: number;
  objects: number;
  bytes: number;
}

/** The ref's last commits, oldest first, each with its totals. */
export interface Growth {
  points: GrowthPoint[];
  /** Whether the ref has commits older than those shown. */
  more: boolean;
}

/** A branch's uncommitted changes against its head. */
export interface BranchVolume {
  branch: string;
  staged: StagedUsage;
}

export interface BranchVolumes {
  branches: BranchVolume[];
  /** Whether the repository has more branches than those counted. */
  more: boolean;
}

export interface InsightsPageContext extends InsightsPageInput {
  growth: Growth | null;
  growthError: unknown;
  volumes: BranchVolumes | null;
  volumesError: unknown;
}

export type InsightsPageEvent =
  | { type: 'prefix.open'; prefix: string }
  | { type: 'growth.retry' }
  | { type: 'volumes.retry' }
  | { type: 'refresh' }
  | RouteChanged<InsightsPageInput>;

/** The URL with another folder opened: a new history entry, so Back returns to the folder before. */
const prefixAt = (prefix: string): Navigation => ({
  to: '.',
  search: (prev) => ({ ...prev, prefix: prefix || undefined }),
});

export const insightsPageMachine = setup({
  types: {
    input: {} as InsightsPageInput,
    context: {} as InsightsPageContext,
    events: {} as InsightsPageEvent | { type: 'reads.restart' },
  },
  actors: {
    fetchGrowth: promisePlaceholder<Growth, { repoId: string; ref: string }>('fetchGrowth'),
    fetchVolumes: promisePlaceholder<BranchVolumes, { repoId: string }>('fetchVolumes'),
  },
  actions: {
    ...screenActions,
    takeRoute: assign((_, input: InsightsPageInput) => input),
  },
  guards: {
    otherRef: ({ context }, input: InsightsPageInput) => input.repoId !== context.repoId || input.ref !== context.ref,
  },
}).createMachine({
  id: 'insightsPage',
  context: ({ input }) => ({ ...input, growth: null, growthError: undefined, volumes: null, volumesError: undefined }),
  on: {
    'route.changed': [
      {
        guard: { type: 'otherRef', params: ({ event }) => event.input },
        actions: [{ type: 'takeRoute', params: ({ event }) => event.input }, raise({ type: 'reads.restart' })],
      },
      { actions: { type: 'takeRoute', params: ({ event }) => event.input } },
    ],
    'prefix.open': {
      actions: {
        type: 'navigate',
        params: ({ event }) => prefixAt(event.prefix),
      },
    },
    refresh: { actions: ['invalidate', raise({ type: 'reads.restart' })] },
  },
  type: 'parallel',
  states: {
    growth: {
      initial: 'loading',
      on: { 'reads.restart': { target: '.loading', reenter: true } },
      states: {
        loading: {
          tags: ['growthLoading'],
          invoke: {
            src: 'fetchGrowth',
            input: ({ context }) => ({ repoId: context.repoId, ref: context.ref }),
            onDone: { target: 'loaded', actions: assign({ growth: ({ event }) => event.output, growthError: undefined }) },
            onError: { target: 'failed', actions: assign({ growthError: ({ event }: { event: ErrorActorEvent }) => event.error }) },
          },
        },
        loaded: {},
        failed: { on: { 'growth.retry': 'loading' } },
      },
    },
    volumes: {
      initial: 'loading',
      on: { 'reads.restart': { target: '.loading', reenter: true } },
      states: {
        loading: {
          tags: ['volumesLoading'],
          invoke: {
            src: 'fetchVolumes',
            input: ({ context }) => ({ repoId: context.repoId }),
            onDone: { target: 'loaded', actions: assign({ volumes: ({ event }) => event.output, volumesError: undefined }) },
            onError: { target: 'failed', actions: assign({ volumesError: ({ event }: { event: ErrorActorEvent }) => event.error }) },
          },
        },
        loaded: {},
        failed: { on: { 'volumes.retry': 'loading' } },
      },
    },
  },
});

export type InsightsPageActorRef = ActorRefFrom<typeof insightsPageMachine>;
export type InsightsPageSnapshot = SnapshotFrom<typeof insightsPageMachine>;
