// Settings → Branch Protection (docs/behaviour.md, Repository settings). The rules are read with their checksum and
// written whole with the checksum of the last read (If-Match). When someone else changed them meanwhile the server
// answers 412: the machine reads them again, makes the user's edit (add or delete of a pattern) on the fresh rules,
// saves again, and tells the user. Each save ends with a read, for the new checksum. Adding and deleting wait for
// the server's preflight (docs/behaviour.md, Repository settings: branch_protection/set_allowed), asked beside the rules.
import { assign, setup, stateIn, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { BranchProtection } from '../../api/settings';
import { PreconditionError } from '../../api/errors';
import type { BranchProtectionRule } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import type { RouteChanged } from '../../lib/screen';
import { preflightRefusal, preflightRegion } from '../../lib/preflight-region';
import { applyRuleEdit, type RuleEdit } from './rule-edit';

/** Shown after the user's edit was made again on rules someone else changed. */
export const RULES_CHANGED_NOTICE =
  'The branch protection rules were changed by someone else meanwhile. Your change was made on the latest rules.';

/** How many times in a row an edit is made again on fresh rules before the conflict is shown as a failure. */
const MAX_REAPPLIES = 3;

export interface BranchProtectionInput {
  repoId: string;
  /** The route loader's read: the page starts with it, making no request. */
  firstRead?: BranchProtection;
}

export interface BranchProtectionContext {
  repoId: string;
  rules: readonly BranchProtectionRule[];
  /** The checksum of the last read; undefined before the first. */
  checksum: string | undefined;
  /** The pattern typed in the add dialog. */
  draft: string;
  /** The edit being saved. */
  edit: RuleEdit | undefined;
  /** How many times the edit was made again after a 412. */
  reapplied: number;
  notice: string | undefined;
  error: unknown;
  /** Why the preflight could not be asked, in its state `failed`. */
  preflightError: unknown;
}

export type BranchProtectionEvent =
  | { type: 'rules.refresh' }
  | { type: 'add.open' }
  | { type: 'add.change'; pattern: string }
  | { type: 'add.confirm' }
  | { type: 'add.cancel' }
  | { type: 'rule.delete'; pattern: string }
  | { type: 'notice.dismiss' }
  | RouteChanged<BranchProtectionInput>;

export interface RulesWrite {
  repoId: string;
  rules: BranchProtectionRule[];
  checksum: string;
}

function editedRules(context: BranchProtectionContext): readonly BranchProtectionRule[] {
  return context.edit ? applyRuleEdit(context.rules, context.edit) : context.rules;
}

export const branchProtectionMachine = setup({
  types: {
    input: {} as BranchProtectionInput,
    context: {} as BranchProtectionContext,
    events: {} as BranchProtectionEvent,
  },
  actors: {
    readRules: promisePlaceholder<BranchProtection, { repoId: string }>('readRules'),
    writeRules: promisePlaceholder<void, RulesWrite>('writeRules'),
    /** branch_protection/set_allowed: true when the server allows setting the rules. */
    checkAllowed: promisePlaceholder<boolean, { repoId: string }>('checkAllowed'),
  },
  actions: {
    setPreflightError: assign((_, preflightError: unknown) => ({ preflightError })),
    takeRules: assign((_, read: BranchProtection) => ({ rules: read.rules, checksum: read.checksum })),
    takeRoute: assign((_, input: BranchProtectionInput) => ({
      repoId: input.repoId,
      rules: input.firstRead?.rules ?? [],
      checksum: input.firstRead?.checksum,
      edit: undefined,
      notice: undefined,
      error: undefined,
    })),
    startEdit: assign((_, edit: RuleEdit) => ({ edit, reapplied: 0, notice: undefined, error: undefined })),
    endEdit: assign({ edit: undefined }),
    openDraft: assign({ draft: '', notice: undefined }),
    setDraft: assign((_, draft: string) => ({ draft })),
    countReapply: assign(({ context }) => ({ reapplied: context.reapplied + 1, notice: RULES_CHANGED_NOTICE })),
    setError: assign((_, error: unknown) => ({ error, edit: undefined })),
    clearError: assign({ error: undefined }),
    dismissNotice: assign({ notice: undefined }),
  },
  guards: {
    preflightAllowed: (_, allowed: boolean) => allowed,
    mayChange: stateIn({ preflight: 'allowed' }),
    preloaded: ({ context }) => context.checksum !== undefined,
    draftGiven: ({ context }) => context.draft.trim() !== '',
    editChanges: ({ context }) => editedRules(context) !== context.rules,
    mayReapply: ({ context }, error: unknown) => error instanceof PreconditionError && context.reapplied < MAX_REAPPLIES,
  },
}).createMachine({
  id: 'branchProtection',
  context: ({ input }) => ({
    repoId: input.repoId,
    rules: input.firstRead?.rules ?? [],
    checksum: input.firstRead?.checksum,
    draft: '',
    edit: undefined,
    reapplied: 0,
    notice: undefined,
    error: undefined,
    preflightError: undefined,
  }),
  type: 'parallel',
  on: {
    'notice.dismiss': { actions: 'dismissNotice' },
    // The loader read again: the page starts over from its read, asking the preflight again too.
    'route.changed': {
      target: ['.preflight', '.rules'],
      reenter: true,
      actions: { type: 'takeRoute', params: ({ event }) => event.input },
    },
  },
  states: {
    preflight: preflightRegion('rules.refresh'),
    rules: {
      initial: 'starting',
      states: {
        starting: {
          always: [{ guard: 'preloaded', target: 'ready' }, { target: 'loading' }],
        },
        loading: {
          tags: ['loading'],
          invoke: {
            src: 'readRules',
            input: ({ context }) => ({ repoId: context.repoId }),
            onDone: { target: 'ready', actions: { type: 'takeRules', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
          },
        },
        failed: {
          on: { 'rules.refresh': { target: 'loading', actions: 'clearError' } },
        },
        ready: {
          initial: 'idle',
          on: {
            'rules.refresh': { target: 'loading', actions: 'clearError' },
            'rule.delete': {
              guard: 'mayChange',
              target: 'applying',
              actions: { type: 'startEdit', params: ({ event }) => ({ kind: 'delete', pattern: event.pattern }) },
            },
          },
          states: {
            idle: {
              on: { 'add.open': { guard: 'mayChange', target: 'adding', actions: 'openDraft' } },
            },
            // The dialog 'Create Branch Protection Rule' is open.
            adding: {
              on: {
                'add.change': { actions: { type: 'setDraft', params: ({ event }) => event.pattern } },
                'add.confirm': {
                  guard: 'draftGiven',
                  target: '#branchProtection.rules.applying',
                  actions: { type: 'startEdit', params: ({ context }) => ({ kind: 'add', pattern: context.draft.trim() }) },
                },
                'add.cancel': 'idle',
              },
            },
          },
        },
        // An edit that changes nothing (the pattern is there already, or gone) needs no write.
        applying: {
          always: [{ guard: 'editChanges', target: 'saving' }, { target: 'ready', actions: 'endEdit' }],
        },
        saving: {
          tags: ['busy'],
          invoke: {
            src: 'writeRules',
            input: ({ context }) => ({ repoId: context.repoId, rules: [...editedRules(context)], checksum: context.checksum ?? '' }),
            onDone: { target: 'loading', actions: 'endEdit' },
            onError: [
              { guard: { type: 'mayReapply', params: ({ event }: { event: ErrorActorEvent }) => event.error }, target: 'reloading' },
              { target: 'ready', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
            ],
          },
        },
        // Someone else changed the rules: read them, then make the edit again on them.
        reloading: {
          tags: ['busy'],
          invoke: {
            src: 'readRules',
            input: ({ context }) => ({ repoId: context.repoId }),
            onDone: { target: 'applying', actions: [{ type: 'takeRules', params: ({ event }) => event.output }, 'countReapply'] },
            onError: { target: 'ready', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
          },
        },
      },
    },
  },
});

export type BranchProtectionActorRef = ActorRefFrom<typeof branchProtectionMachine>;
export type BranchProtectionSnapshot = SnapshotFrom<typeof branchProtectionMachine>;

const PROTECTION_PREFLIGHT = {
  asking: 'Checking whether you may change the branch protection rules...',
  refused: "You are not allowed to change this repository's branch protection rules.",
};

/** Why adding and deleting rules are disabled by the server's preflight, or undefined when allowed. */
export function protectionChangeRefusal(snapshot: BranchProtectionSnapshot): string | undefined {
  return preflightRefusal(snapshot.value.preflight, PROTECTION_PREFLIGHT, snapshot.context.preflightError);
}
