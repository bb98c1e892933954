// Settings → Garbage Collection (docs/behaviour.md, Repository settings). The policy is read (404 means none is set),
// shown as a table or JSON, edited as JSON text (a parse error is shown in place), saved whole or deleted; each
// change reads the policy again. With no policy the editor opens on the template, as the create form. Editing,
// saving and deleting wait for the server's preflight (docs/behaviour.md, Repository settings: gc/rules/set_allowed), asked beside the policy.
import { and, assign, setup, stateIn, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { GarbageCollectionRules } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import type { RouteChanged } from '../../lib/screen';
import { preflightRefusal, preflightRegion } from '../../lib/preflight-region';
import { parsePolicy, policyTemplate, policyText } from './policy-text';

export interface GcPolicyInput {
  repoId: string;
  defaultBranch: string;
  /** The route loader's read (null: no policy); the page starts with it, making no request. */
  firstRead?: GarbageCollectionRules | null;
}

export interface GcPolicyContext {
  repoId: string;
  defaultBranch: string;
  /** The policy as last read: null when none is set, undefined before the first read. */
  rules: GarbageCollectionRules | null | undefined;
  /** The editor's text. */
  text: string;
  parseError: string | undefined;
  /** The last failed call (read, save or delete). */
  error: unknown;
  /** Why the preflight could not be asked, in its state `failed`. */
  preflightError: unknown;
  jsonView: boolean;
}

export type GcPolicyEvent =
  | { type: 'policy.refresh' }
  | { type: 'policy.edit' }
  | { type: 'policy.delete' }
  | { type: 'view.json'; on: boolean }
  | { type: 'edit.change'; text: string }
  | { type: 'edit.save' }
  | { type: 'edit.cancel' }
  | RouteChanged<GcPolicyInput>;

const editorText = (context: Pick<GcPolicyContext, 'rules' | 'defaultBranch'>) =>
  policyText(context.rules ?? policyTemplate(context.defaultBranch));

/** What the editor's text saves as; the `edit.save` guard has let only a parsing text through. */
function parsedRules(text: string): GarbageCollectionRules {
  const parsed = parsePolicy(text);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.rules;
}

export const gcPolicyMachine = setup({
  types: {
    input: {} as GcPolicyInput,
    context: {} as GcPolicyContext,
    events: {} as GcPolicyEvent,
  },
  actors: {
    readRules: promisePlaceholder<GarbageCollectionRules | null, { repoId: string }>('readRules'),
    saveRules: promisePlaceholder<void, { repoId: string; rules: GarbageCollectionRules }>('saveRules'),
    deleteRules: promisePlaceholder<void, { repoId: string }>('deleteRules'),
    /** gc/rules/set_allowed: true when the server allows setting the rules. */
    checkAllowed: promisePlaceholder<boolean, { repoId: string }>('checkAllowed'),
  },
  actions: {
    setPreflightError: assign((_, preflightError: unknown) => ({ preflightError })),
    takeRules: assign((_, rules: GarbageCollectionRules | null) => ({ rules, error: undefined })),
    takeRoute: assign((_, input: GcPolicyInput) => ({
      repoId: input.repoId,
      defaultBranch: input.defaultBranch,
      rules: input.firstRead,
      parseError: undefined,
      error: undefined,
    })),
    startEditing: assign(({ context }) => ({ text: editorText(context), parseError: undefined, error: undefined })),
    setText: assign((_, text: string) => ({ text, parseError: undefined })),
    showParseError: assign(({ context }) => {
      const parsed = parsePolicy(context.text);
      return { parseError: 'error' in parsed ? parsed.error : undefined };
    }),
    setError: assign((_, error: unknown) => ({ error })),
    clearError: assign({ error: undefined }),
    setJsonView: assign((_, jsonView: boolean) => ({ jsonView })),
  },
  guards: {
    preflightAllowed: (_, allowed: boolean) => allowed,
    mayChange: stateIn({ preflight: 'allowed' }),
    preloaded: ({ context }) => context.rules !== undefined,
    hasPolicy: ({ context }) => context.rules !== null && context.rules !== undefined,
    textParses: ({ context }) => !('error' in parsePolicy(context.text)),
  },
}).createMachine({
  id: 'gcPolicy',
  context: ({ input }) => ({
    repoId: input.repoId,
    defaultBranch: input.defaultBranch,
    rules: input.firstRead,
    text: '',
    parseError: undefined,
    error: undefined,
    preflightError: undefined,
    jsonView: false,
  }),
  type: 'parallel',
  on: {
    'view.json': { actions: { type: 'setJsonView', params: ({ event }) => event.on } },
    // The loader read again: the page starts over from its read, asking the preflight again too.
    'route.changed': {
      target: ['.preflight', '.policy'],
      reenter: true,
      actions: { type: 'takeRoute', params: ({ event }) => event.input },
    },
  },
  states: {
    preflight: preflightRegion('policy.refresh'),
    policy: {
      initial: 'starting',
      states: {
        starting: {
          always: [{ guard: 'preloaded', target: 'loaded' }, { target: 'loading' }],
        },
        loading: {
          tags: ['loading'],
          entry: 'clearError',
          invoke: {
            src: 'readRules',
            input: ({ context }) => ({ repoId: context.repoId }),
            onDone: { target: 'loaded', actions: { type: 'takeRules', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
          },
        },
        failed: {
          on: { 'policy.refresh': 'loading' },
        },
        // With a policy it is shown; without one, the create form opens on the template.
        loaded: {
          always: [{ guard: 'hasPolicy', target: 'viewing' }, { target: 'editing', actions: 'startEditing' }],
        },
        viewing: {
          on: {
            'policy.refresh': 'loading',
            'policy.edit': { guard: 'mayChange', target: 'editing', actions: 'startEditing' },
            'policy.delete': { guard: 'mayChange', target: 'deleting' },
          },
        },
        editing: {
          on: {
            'edit.change': { actions: { type: 'setText', params: ({ event }) => event.text } },
            'edit.save': [
              { guard: and(['mayChange', 'textParses']), target: 'saving' },
              { guard: 'mayChange', actions: 'showParseError' },
            ],
            // Cancelling an edit shows the policy again; with none, it puts the template back.
            'edit.cancel': [{ guard: 'hasPolicy', target: 'viewing', actions: 'clearError' }, { actions: 'startEditing' }],
            'policy.refresh': 'loading',
          },
        },
        saving: {
          tags: ['busy'],
          entry: 'clearError',
          invoke: {
            src: 'saveRules',
            input: ({ context }) => ({ repoId: context.repoId, rules: parsedRules(context.text) }),
            onDone: 'loading',
            onError: { target: 'editing', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
          },
        },
        deleting: {
          tags: ['busy'],
          entry: 'clearError',
          invoke: {
            src: 'deleteRules',
            input: ({ context }) => ({ repoId: context.repoId }),
            onDone: 'loading',
            onError: { target: 'viewing', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
          },
        },
      },
    },
  },
});

export type GcPolicyActorRef = ActorRefFrom<typeof gcPolicyMachine>;
export type GcPolicySnapshot = SnapshotFrom<typeof gcPolicyMachine>;

const GC_PREFLIGHT = {
  asking: 'Checking whether you may change the garbage collection policy...',
  refused: "You are not allowed to change this repository's garbage collection policy.",
};

/** Why editing, saving and deleting the policy are disabled by the server's preflight, or undefined when allowed. */
export function gcPolicyChangeRefusal(snapshot: GcPolicySnapshot): string | undefined {
  return preflightRefusal(snapshot.value.preflight, GC_PREFLIGHT, snapshot.context.preflightError);
}
