// Each listed branch's distance from the default branch, its head's date and whether it is merged (docs/behaviour.md,
// Branches and tags): asked of the server for the rows the branch listing has loaded, a stretch of rows at a time, after
// the rows are on screen, so the list never waits for them. It follows the listing: rows appended are asked about
// next; a listing that starts over (refresh, another filter, a create or delete that reloads the route) starts the
// summaries over too, dropping an answer still on its way. A failed request keeps what was answered and waits for a
// retry, which asks again from the first row not yet answered.
import { assign, fromCallback, setup, type ActorRefFrom, type ErrorActorEvent, type EventObject, type SnapshotFrom } from 'xstate';
import type { BranchSummary, BranchSummaryList, Ref } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import type { PagedListActorRef, PagedListSnapshot } from '../paged-list/machine';

/** The most rows one request asks about: the server's largest page. */
export const SUMMARY_BATCH = 1000;

/** The branch listing followed; its source is the repository. */
export type BranchListActorRef = PagedListActorRef<Ref, string>;

export interface BranchSummariesInput {
  list: BranchListActorRef;
}

/** The stretch of the listing a request asks about, in the listing's own paging terms. */
export interface SummaryRequest {
  repoId: string;
  prefix: string;
  after: string | undefined;
  amount: number;
}

/** Where the listing stands: its rows (its own array, never copied) and what they list. */
export interface ListedRows {
  rows: readonly Ref[];
  repoId: string;
  prefix: string;
  startAfter: string | undefined;
}

export interface BranchSummariesContext extends ListedRows {
  list: BranchListActorRef;
  /** How many of `rows`, from the first, have been answered. */
  answered: number;
  summaries: ReadonlyMap<string, BranchSummary>;
  error: unknown;
}

export type RowsChanged = { type: 'rows.changed' } & ListedRows;

export type BranchSummariesEvent = RowsChanged | { type: 'summaries.retry' };

const listedRows = (snapshot: PagedListSnapshot<Ref, string>): ListedRows => ({
  rows: snapshot.context.rows,
  repoId: snapshot.context.source,
  prefix: snapshot.context.prefix,
  startAfter: snapshot.context.startAfter,
});

/** Reports each change of the listing's rows (`rows.changed`), starting with the rows it holds now. */
const followList = fromCallback<EventObject, { list: BranchListActorRef }>(({ input, sendBack }) => {
  let last: readonly Ref[] | undefined;
  const follow = (snapshot: PagedListSnapshot<Ref, string>) => {
    if (snapshot.context.rows === last) return;
    last = snapshot.context.rows;
    sendBack({ type: 'rows.changed', ...listedRows(snapshot) } satisfies RowsChanged);
  };
  follow(input.list.getSnapshot());
  const subscription = input.list.subscribe(follow);
  return () => subscription.unsubscribe();
});

/** The same listing with rows only added at its end: the rows answered so far still stand. */
function extendsListing(context: BranchSummariesContext, next: ListedRows): boolean {
  if (next.repoId !== context.repoId || next.prefix !== context.prefix || next.startAfter !== context.startAfter) return false;
  if (next.rows.length < context.rows.length) return false;
  return context.rows.every((row, i) => next.rows[i] === row);
}

export const branchSummariesMachine = setup({
  types: {
    input: {} as BranchSummariesInput,
    context: {} as BranchSummariesContext,
    events: {} as BranchSummariesEvent,
  },
  actors: {
    followList,
    fetchSummaries: promisePlaceholder<BranchSummaryList, SummaryRequest>('fetchSummaries'),
  },
  actions: {
    takeRows: assign((_, next: ListedRows) => ({ ...next })),
    startOver: assign((_, next: ListedRows) => ({ ...next, answered: 0, summaries: new Map<string, BranchSummary>(), error: undefined })),
    takeAnswer: assign(({ context }, answer: BranchSummaryList) => {
      const summaries = new Map(context.summaries);
      for (const summary of answer.results) summaries.set(summary.id, summary);
      return { summaries, answered: Math.min(context.rows.length, context.answered + SUMMARY_BATCH), error: undefined };
    }),
    setError: assign((_, error: unknown) => ({ error })),
  },
  guards: {
    extendsListing: ({ context }, next: ListedRows) => extendsListing(context, next),
    unanswered: ({ context }) => context.answered < context.rows.length,
  },
}).createMachine({
  id: 'branchSummaries',
  context: ({ input }) => ({
    list: input.list,
    rows: [],
    repoId: input.list.getSnapshot().context.source,
    prefix: '',
    startAfter: undefined,
    answered: 0,
    summaries: new Map(),
    error: undefined,
  }),
  invoke: { src: 'followList', input: ({ context }) => ({ list: context.list }) },
  on: {
    'rows.changed': [
      { guard: { type: 'extendsListing', params: ({ event }) => event }, actions: { type: 'takeRows', params: ({ event }) => event } },
      { target: '.waiting', reenter: true, actions: { type: 'startOver', params: ({ event }) => event } },
    ],
  },
  initial: 'waiting',
  states: {
    // Every loaded row is answered (or there are none yet); rows appended move on to loading.
    waiting: {
      always: { guard: 'unanswered', target: 'loading' },
    },
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'fetchSummaries',
        input: ({ context }) => ({
          repoId: context.repoId,
          prefix: context.prefix,
          after: context.answered === 0 ? context.startAfter : context.rows[context.answered - 1]?.id,
          amount: Math.min(context.rows.length - context.answered, SUMMARY_BATCH),
        }),
        onDone: { target: 'waiting', actions: { type: 'takeAnswer', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    failed: {
      on: { 'summaries.retry': 'loading' },
    },
  },
});

export type BranchSummariesActorRef = ActorRefFrom<typeof branchSummariesMachine>;
export type BranchSummariesSnapshot = SnapshotFrom<typeof branchSummariesMachine>;

/** What a row shows: its summary once answered; `pending` while a request that may answer it is on its way. */
export function branchSummaryOf(snapshot: BranchSummariesSnapshot, id: string): { summary: BranchSummary | undefined; pending: boolean } {
  const summary = snapshot.context.summaries.get(id);
  return { summary, pending: summary === undefined && snapshot.hasTag('loading') };
}
