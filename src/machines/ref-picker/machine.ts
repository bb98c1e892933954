// The ref picker (docs/behaviour.md, Objects page: branches, tags, commits): a list of branches and one of tags (page size
// 300, filtered by prefix as the user types, 300 ms after the last keystroke), a branch's commits, and, when the
// typed text could be a commit id (4 or more hex characters), the commit it names. Each list is a paged list,
// started when first shown; the picker lives while its popover is open. What it offers (tags, commits) is fixed
// by its input: a picker for a branch's writes offers neither. Given a ref to start from, it also creates the branch a
// typed name does not find, and tells its owner (`branchCreated`), which picks it.
import { assign, emit, enqueueActions, raise, sendTo, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { Commit, Ref } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { REF_PICKER_PAGE_SIZE } from '../../lib/page-sizes';
import { debouncedFilterMachine, typedFilter, type FilterSettled } from '../debounced-filter/machine';
import { pagedListMachine, type PagedListActorRef } from '../paged-list/machine';

export type RefListKind = 'branch' | 'tag';

export interface CommitLookup {
  repoId: string;
  prefix: string;
}

export interface RefPickerInput {
  /** Whose refs are picked. */
  repoId: string;
  /** The tab shown first. */
  kind: RefListKind;
  /** Offer the tags tab (default true). */
  withTags?: boolean;
  /** Offer commits: a branch's log, and the commit a typed id prefix names (default true). */
  withCommits?: boolean;
  /** Offer to create a branch of the typed name from this ref (default: no such offer). */
  createFrom?: string | undefined;
}

export interface BranchCreation {
  repoId: string;
  name: string;
  source: string;
}

export interface RefPickerContext {
  repoId: string;
  kind: RefListKind;
  withTags: boolean;
  withCommits: boolean;
  /** What is typed in each list's filter box. */
  filters: Record<RefListKind, string>;
  branches: PagedListActorRef<Ref> | null;
  tags: PagedListActorRef<Ref> | null;
  /** The branch whose commits are shown, and their list. */
  commitsOf: string | null;
  commits: PagedListActorRef<Commit> | null;
  /** The commit id prefix looked up last ('' when the filter is not one), and the commit it names. */
  commitQuery: string;
  commitMatch: Commit | null;
  commitError: unknown;
  createFrom: string | null;
  /** Why the last creation failed (a refused name, a missing permission), until the filter changes. */
  createError: unknown;
}

export type RefPickerEvent =
  | { type: 'picker.tab'; kind: RefListKind }
  | { type: 'picker.filter'; text: string }
  | { type: 'picker.commits'; branch: string }
  | { type: 'picker.back' }
  /** Creates the branch the branch filter names, from `createFrom`. */
  | { type: 'picker.createBranch' }
  /** Internal: the shown tab's filter took effect (after the pause in typing, or on a tab change). */
  | { type: 'picker.filtered' }
  | FilterSettled;

/** The commit list's input: the branch travels as the list's prefix (the commit log has no prefix filter). */
export const commitsListInput = (repoId: string, branch: string) => ({ source: repoId, pageSize: REF_PICKER_PAGE_SIZE, prefix: branch });

/** A name lakeFS takes for a branch: a word character, then word characters and hyphens. */
export const BRANCH_NAME = /^\w[-\w]*$/;

/** The branch the picker would create from what is typed in the branch filter, or undefined when it offers none. */
export function branchToCreate(context: Pick<RefPickerContext, 'createFrom' | 'filters'>): string | undefined {
  const name = context.filters.branch.trim();
  return context.createFrom !== null && BRANCH_NAME.test(name) ? name : undefined;
}

/** What the picker tells its owner when it has created a branch. */
export type RefPickerEmitted = { type: 'branchCreated'; name: string };

/** Text that may be the start of a commit id: 4 to 64 hex characters. */
export const COMMIT_ID_PREFIX = /^[0-9a-f]{4,64}$/i;

const shownFilter = (context: RefPickerContext) => context.filters[context.kind].trim();

export const refPickerMachine = setup({
  types: {
    input: {} as RefPickerInput,
    context: {} as RefPickerContext,
    events: {} as RefPickerEvent,
    emitted: {} as RefPickerEmitted,
  },
  actors: {
    filter: debouncedFilterMachine,
    createBranch: promisePlaceholder<void, BranchCreation>('createBranch'),
    /** Provided with a `fetchPage` over a repository's (the source's) branches, tags and a branch's log. */
    branchList: pagedListMachine<Ref, string>(),
    tagList: pagedListMachine<Ref, string>(),
    commitList: pagedListMachine<Commit, string>(),
    /** The repository's commit whose id starts with the prefix, or null. */
    findCommit: promisePlaceholder<Commit | null, CommitLookup>('findCommit'),
  },
  actions: {
    showTab: enqueueActions(({ context, enqueue }, kind: RefListKind) => {
      enqueue.assign({ kind });
      if (kind === 'branch' && !context.branches) {
        enqueue.assign({ branches: ({ spawn }) => spawn('branchList', { id: 'branches', input: { source: context.repoId, pageSize: REF_PICKER_PAGE_SIZE } }) });
      }
      if (kind === 'tag' && !context.tags) {
        enqueue.assign({ tags: ({ spawn }) => spawn('tagList', { id: 'tags', input: { source: context.repoId, pageSize: REF_PICKER_PAGE_SIZE } }) });
      }
    }),
    applyFilter: enqueueActions(({ context, enqueue }) => {
      const list = context.kind === 'branch' ? context.branches : context.tags;
      const prefix = shownFilter(context);
      if (list && list.getSnapshot().context.prefix !== prefix) enqueue.sendTo(list, { type: 'list.filter', prefix });
    }),
    filtered: raise({ type: 'picker.filtered' }),
    stopCommits: enqueueActions(({ context, enqueue }) => {
      if (context.commits) enqueue.stopChild(context.commits);
      enqueue.assign({ commits: null, commitsOf: null });
    }),
    forgetCommitMatch: assign({ commitQuery: '', commitMatch: null, commitError: null }),
  },
  guards: {
    tabOffered: ({ context }, kind: RefListKind) => kind === 'branch' || context.withTags,
    commitsOffered: ({ context }) => context.withCommits,
    filterIsCommitId: ({ context }) => context.withCommits && COMMIT_ID_PREFIX.test(shownFilter(context)),
    creationOffered: ({ context }) => context.kind === 'branch' && branchToCreate(context) !== undefined,
  },
}).createMachine({
  id: 'refPicker',
  context: ({ input }) => {
    const withTags = input.withTags ?? true;
    return {
      repoId: input.repoId,
      kind: withTags ? input.kind : 'branch',
      withTags,
      withCommits: input.withCommits ?? true,
      filters: { branch: '', tag: '' },
      branches: null,
      tags: null,
      commitsOf: null,
      commits: null,
      commitQuery: '',
      commitMatch: null,
      commitError: null,
      createFrom: input.createFrom ?? null,
      createError: null,
    };
  },
  entry: { type: 'showTab', params: ({ context }) => context.kind },
  // One pause for both tabs' boxes: a tab change puts the new tab's text in effect at once, dropping a pause in progress.
  invoke: { id: 'filter', src: 'filter', input: { text: '' } },
  on: {
    'picker.filter': {
      actions: [
        assign({ filters: ({ context, event }) => ({ ...context.filters, [context.kind]: event.text }), createError: null }),
        sendTo('filter', ({ event }) => typedFilter(event.text)),
      ],
    },
    'filter.settled': { actions: ['applyFilter', 'filtered'] },
    'picker.tab': {
      guard: { type: 'tabOffered', params: ({ event }) => event.kind },
      actions: [
        { type: 'showTab', params: ({ event }) => event.kind },
        sendTo('filter', ({ context, event }) => ({ type: 'filter.set' as const, text: context.filters[event.kind].trim() })),
        'filtered',
      ],
    },
  },
  type: 'parallel',
  states: {
    creation: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'picker.createBranch': { guard: 'creationOffered', target: 'creating' } },
        },
        creating: {
          tags: ['creatingBranch'],
          entry: assign({ createError: null }),
          invoke: {
            src: 'createBranch',
            input: ({ context }) => ({ repoId: context.repoId, name: branchToCreate(context) ?? '', source: context.createFrom ?? '' }),
            onDone: { target: 'idle', actions: emit(({ context }) => ({ type: 'branchCreated' as const, name: branchToCreate(context) ?? '' })) },
            onError: { target: 'idle', actions: assign({ createError: ({ event }: { event: ErrorActorEvent }) => event.error }) },
          },
        },
      },
    },
    commitSearch: {
      initial: 'idle',
      on: {
        'picker.filtered': [
          {
            guard: 'filterIsCommitId',
            target: '.looking',
            reenter: true,
            actions: assign({ commitQuery: ({ context }) => shownFilter(context).toLowerCase(), commitMatch: null, commitError: null }),
          },
          { target: '.idle', actions: 'forgetCommitMatch' },
        ],
      },
      states: {
        idle: {},
        looking: {
          tags: ['lookingUpCommit'],
          invoke: {
            src: 'findCommit',
            input: ({ context }) => ({ repoId: context.repoId, prefix: context.commitQuery }),
            onDone: { target: 'idle', actions: assign({ commitMatch: ({ event }) => event.output }) },
            onError: { target: 'idle', actions: assign({ commitError: ({ event }: { event: ErrorActorEvent }) => event.error }) },
          },
        },
      },
    },
    commits: {
      initial: 'hidden',
      states: {
        hidden: {
          on: {
            'picker.commits': { guard: 'commitsOffered', target: 'browsing', actions: assign({ commitsOf: ({ event }) => event.branch }) },
          },
        },
        /** A branch's commits: another branch's starts a list of its own, back returns to the ref lists. */
        browsing: {
          entry: assign({
            commits: ({ context, spawn }) => spawn('commitList', { id: 'commits', input: commitsListInput(context.repoId, context.commitsOf ?? '') }),
          }),
          exit: 'stopCommits',
          on: {
            'picker.commits': { target: 'browsing', reenter: true, actions: assign({ commitsOf: ({ event }) => event.branch }) },
            'picker.back': 'hidden',
          },
        },
      },
    },
  },
});

export type RefPickerActorRef = ActorRefFrom<typeof refPickerMachine>;
export type RefPickerSnapshot = SnapshotFrom<typeof refPickerMachine>;
