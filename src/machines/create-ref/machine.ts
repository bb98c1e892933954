// Creating a branch or a tag (docs/behaviour.md, Branches and tags): a name and a source ref. The server
// validates the name; a tag's Create waits for a name; neither can be created in a read-only repository. A refusal
// stays in the dialog. The flow ends with the created ref as output.
import { assign, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { RefKind } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';

export type CreatedRefKind = 'branch' | 'tag';

export interface SourceRef {
  id: string;
  kind: RefKind;
}

export interface CreateRefInput {
  repoId: string;
  kind: CreatedRefKind;
  readOnly: boolean;
  /** The source chosen beforehand (a branch starts from the default branch), or null. */
  source: SourceRef | null;
}

export interface CreateRefRequest {
  repoId: string;
  kind: CreatedRefKind;
  name: string;
  source: string;
}

export interface CreatedRef {
  kind: CreatedRefKind;
  id: string;
  /** The ref it was created from. */
  source: string;
}

export interface CreateRefContext extends CreateRefInput {
  name: string;
  error: unknown;
}

export type CreateRefEvent =
  | { type: 'name.change'; value: string }
  | { type: 'source.change'; source: SourceRef }
  | { type: 'create.submit' };

export const createRefMachine = setup({
  types: {
    input: {} as CreateRefInput,
    context: {} as CreateRefContext,
    events: {} as CreateRefEvent,
    output: {} as CreatedRef,
  },
  actors: {
    createRef: promisePlaceholder<void, CreateRefRequest>('createRef'),
  },
  guards: {
    // The branch name is left to the server's rules (its refusal is shown); a tag needs one typed first.
    canSubmit: ({ context }) => !context.readOnly && context.source !== null && (context.kind === 'branch' || context.name !== ''),
  },
}).createMachine({
  id: 'createRef',
  context: ({ input }) => ({ ...input, name: '', error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'name.change': { actions: assign({ name: ({ event }) => event.value }) },
        'source.change': { actions: assign({ source: ({ event }) => event.source }) },
        'create.submit': { guard: 'canSubmit', target: 'submitting' },
      },
    },
    submitting: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'createRef',
        input: ({ context }) => ({
          repoId: context.repoId,
          kind: context.kind,
          name: context.name,
          // Entered only through canSubmit, which needs a source.
          source: context.source?.id ?? '',
        }),
        onDone: 'created',
        onError: { target: 'editing', actions: assign({ error: ({ event }: { event: ErrorActorEvent }) => event.error }) },
      },
    },
    created: { type: 'final' },
  },
  output: ({ context }) => ({ kind: context.kind, id: context.name, source: context.source?.id ?? '' }),
});

export type CreateRefActorRef = ActorRefFrom<typeof createRefMachine>;
export type CreateRefSnapshot = SnapshotFrom<typeof createRefMachine>;
