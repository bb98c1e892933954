// A policy: its statements as a table or JSON, and the editor (docs/behaviour.md, Access control). The editor is
// titled Create Policy or Edit Policy, takes a Policy ID and the JSON document, shows the parse error, and — beyond
// lakeFS — checks actions and resource ARNs as they are typed and completes action names. Saving an edit reads the
// policy again; Cancel restores the last saved text. A created policy is shown on its own page.
import { assign, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { Policy } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { screenActions, type Navigation } from '../../lib/screen';
import { acceptCompletion, checkDocument, completionsAt, documentText, idProblem, NEW_POLICY_TEXT } from './document';

export type PolicyEditorMode = 'create' | 'edit';

export interface PolicyEditorInput {
  mode: PolicyEditorMode;
  /** The policy edited (the route loader's read); none when creating. */
  policy?: Policy | null;
}

export interface PolicyEditorContext {
  mode: PolicyEditorMode;
  /** The policy as last saved and read. */
  policy: Policy | null;
  id: string;
  text: string;
  /** The text of the policy as last saved: what Cancel restores. */
  savedText: string;
  cursor: number;
  parseError: string | undefined;
  problems: string[];
  completions: string[];
  error: unknown;
  jsonView: boolean;
}

export type PolicyEditorEvent =
  | { type: 'editor.open' }
  | { type: 'id.change'; id: string }
  | { type: 'text.change'; text: string; cursor: number }
  | { type: 'completion.accept'; action: string }
  | { type: 'editor.save' }
  | { type: 'editor.cancel' }
  | { type: 'view.json'; on: boolean };

const checked = (text: string, cursor: number) => {
  const { parseError, problems } = checkDocument(text);
  return { text, cursor, parseError, problems, completions: completionsAt(text, cursor) };
};

const policyPage = (policyId: string): Navigation => ({ to: '/auth/policies/$policyId', params: { policyId } });

export const policyEditorMachine = setup({
  types: {
    input: {} as PolicyEditorInput,
    context: {} as PolicyEditorContext,
    events: {} as PolicyEditorEvent,
  },
  actors: {
    save: promisePlaceholder<Policy, { mode: PolicyEditorMode; policy: Policy }>('save'),
    read: promisePlaceholder<Policy, { id: string }>('read'),
  },
  actions: {
    ...screenActions,
    setError: assign((_, error: unknown) => ({ error })),
    restore: assign(({ context }) => ({ ...checked(context.savedText, 0), id: context.policy?.id ?? '', error: undefined })),
  },
  guards: {
    saveable: ({ context }) =>
      context.id.trim() !== '' &&
      idProblem(context.id) === undefined &&
      context.parseError === undefined &&
      context.problems.length === 0,
    creating: ({ context }) => context.mode === 'create',
  },
}).createMachine({
  id: 'policyEditor',
  context: ({ input }) => {
    const policy = input.policy ?? null;
    const savedText = policy ? documentText(policy.statement) : NEW_POLICY_TEXT;
    return {
      mode: input.mode,
      policy,
      id: policy?.id ?? '',
      ...checked(savedText, 0),
      savedText,
      error: undefined,
      jsonView: false,
    };
  },
  initial: 'closed',
  on: {
    'view.json': { actions: assign({ jsonView: ({ event }) => event.on }) },
  },
  states: {
    closed: {
      on: { 'editor.open': { target: 'open', actions: 'restore' } },
    },
    open: {
      on: {
        'id.change': { actions: assign({ id: ({ event }) => event.id, error: undefined }) },
        'text.change': { actions: assign(({ event }) => ({ ...checked(event.text, event.cursor), error: undefined })) },
        'completion.accept': {
          actions: assign(({ context, event }) => {
            const next = acceptCompletion(context.text, context.cursor, event.action);
            return { ...checked(next.text, next.cursor), completions: [] };
          }),
        },
        'editor.save': { guard: 'saveable', target: 'saving' },
        'editor.cancel': { target: 'closed', actions: 'restore' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'save',
        input: ({ context }) => ({
          mode: context.mode,
          policy: { id: context.id.trim(), statement: checkDocument(context.text).statement },
        }),
        onDone: [
          {
            guard: 'creating',
            target: 'closed',
            actions: [
              { type: 'navigate', params: ({ event }) => policyPage(event.output.id) },
              assign({ id: '', savedText: NEW_POLICY_TEXT }),
            ],
          },
          { target: 'refreshing' },
        ],
        onError: { target: 'open', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    // After an edit the policy is read again (docs/behaviour.md, Access control), and its text becomes what Cancel restores.
    refreshing: {
      tags: ['busy'],
      invoke: {
        src: 'read',
        input: ({ context }) => ({ id: context.id.trim() }),
        onDone: {
          target: 'closed',
          actions: assign(({ event }) => ({ policy: event.output, savedText: documentText(event.output.statement), error: undefined })),
        },
        onError: { target: 'closed', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
  },
});

export type PolicyEditorActorRef = ActorRefFrom<typeof policyEditorMachine>;
export type PolicyEditorSnapshot = SnapshotFrom<typeof policyEditorMachine>;
