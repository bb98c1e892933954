// The ref picker (spec 1 "Objects page": branches, tags, commits): a list of branches and one of tags (page size
// 300, filtered by prefix as the user types, 300 ms after the last keystroke), and a branch's commits. Each list is
// a paged list, started when first shown; the picker lives while its popover is open.
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Commit, Ref } from '../../api/types';
import { FILTER_DEBOUNCE_MS, REF_PICKER_PAGE_SIZE } from '../../lib/constants';
import { pagedListMachine, type PagedListActorRef } from '../paged-list/machine';

export type RefListKind = 'branch' | 'tag';

export interface RefPickerInput {
  /** The tab shown first. */
  kind: RefListKind;
}

export interface RefPickerContext {
  kind: RefListKind;
  /** What is typed in each list's filter box. */
  filters: Record<RefListKind, string>;
  branches: PagedListActorRef<Ref> | null;
  tags: PagedListActorRef<Ref> | null;
  /** The branch whose commits are shown, and their list. */
  commitsOf: string | null;
  commits: PagedListActorRef<Commit> | null;
}

export type RefPickerEvent =
  | { type: 'picker.tab'; kind: RefListKind }
  | { type: 'picker.filter'; text: string }
  | { type: 'picker.commits'; branch: string }
  | { type: 'picker.back' };

/** The commit list's input: the branch travels as the list's prefix (the commit log has no prefix filter). */
export const commitsListInput = (branch: string) => ({ pageSize: REF_PICKER_PAGE_SIZE, prefix: branch });

export const refPickerMachine = setup({
  types: {
    input: {} as RefPickerInput,
    context: {} as RefPickerContext,
    events: {} as RefPickerEvent,
  },
  actors: {
    /** Provided with a `fetchPage` over the repository's branches, tags and a branch's log. */
    branchList: pagedListMachine<Ref>(),
    tagList: pagedListMachine<Ref>(),
    commitList: pagedListMachine<Commit>(),
  },
  actions: {
    showTab: enqueueActions(({ context, enqueue }, kind: RefListKind) => {
      enqueue.assign({ kind });
      if (kind === 'branch' && !context.branches) {
        enqueue.assign({ branches: ({ spawn }) => spawn('branchList', { id: 'branches', input: { pageSize: REF_PICKER_PAGE_SIZE } }) });
      }
      if (kind === 'tag' && !context.tags) {
        enqueue.assign({ tags: ({ spawn }) => spawn('tagList', { id: 'tags', input: { pageSize: REF_PICKER_PAGE_SIZE } }) });
      }
    }),
    applyFilter: enqueueActions(({ context, enqueue }) => {
      const list = context.kind === 'branch' ? context.branches : context.tags;
      const prefix = context.filters[context.kind].trim();
      if (list && list.getSnapshot().context.prefix !== prefix) enqueue.sendTo(list, { type: 'list.filter', prefix });
    }),
    stopCommits: enqueueActions(({ context, enqueue }) => {
      if (context.commits) enqueue.stopChild(context.commits);
      enqueue.assign({ commits: null, commitsOf: null });
    }),
  },
}).createMachine({
  id: 'refPicker',
  context: ({ input }) => ({ kind: input.kind, filters: { branch: '', tag: '' }, branches: null, tags: null, commitsOf: null, commits: null }),
  entry: { type: 'showTab', params: ({ context }) => context.kind },
  type: 'parallel',
  states: {
    filter: {
      initial: 'idle',
      on: {
        'picker.filter': {
          target: '.waiting',
          reenter: true,
          actions: assign({ filters: ({ context, event }) => ({ ...context.filters, [context.kind]: event.text }) }),
        },
        'picker.tab': { target: '.idle', actions: { type: 'showTab', params: ({ event }) => event.kind } },
      },
      states: {
        idle: {},
        waiting: { after: { [FILTER_DEBOUNCE_MS]: { target: 'idle', actions: 'applyFilter' } } },
      },
    },
    commits: {
      on: {
        'picker.commits': {
          actions: [
            'stopCommits',
            assign(({ event, spawn }) => ({
              commitsOf: event.branch,
              commits: spawn('commitList', { id: 'commits', input: commitsListInput(event.branch) }),
            })),
          ],
        },
        'picker.back': { actions: 'stopCommits' },
      },
    },
  },
});

export type RefPickerActorRef = ActorRefFrom<typeof refPickerMachine>;
export type RefPickerSnapshot = SnapshotFrom<typeof refPickerMachine>;
