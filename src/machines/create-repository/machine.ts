// Creating a repository (docs/behaviour.md, Repositories): the dialog's three fields, validated as the user types; Create only when
// all three are valid; the server's refusal shown in the dialog. The flow ends with the new repository as output.
import { assign, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { Repository, RepositoryCreation, StorageConfig } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import {
  DEFAULT_BRANCH_NAME,
  defaultNamespace,
  validateRepositoryForm,
  type RepositoryFormErrors,
  type RepositoryFormValues,
} from '../../lib/repository-rules';

export type RepositoryField = keyof RepositoryFormValues;

export interface CreateRepositoryInput {
  /** The server's storage configuration, when known: the namespace rule and default prefix come from it. */
  storage?: StorageConfig;
}

export interface CreateRepositoryContext {
  storage: StorageConfig | undefined;
  values: RepositoryFormValues;
  /** Once the user edits the namespace, it no longer follows the id. */
  namespaceEdited: boolean;
  /** A field's error shows once the user has edited or left it. */
  touched: Partial<Record<RepositoryField, boolean>>;
  error: unknown;
  created: Repository | null;
}

export type CreateRepositoryEvent =
  | { type: 'field.change'; field: RepositoryField; value: string }
  | { type: 'field.blur'; field: RepositoryField }
  | { type: 'create.submit' };

export const createRepositoryMachine = setup({
  types: {
    input: {} as CreateRepositoryInput,
    context: {} as CreateRepositoryContext,
    events: {} as CreateRepositoryEvent,
    output: {} as Repository,
  },
  actors: {
    createRepository: promisePlaceholder<Repository, RepositoryCreation>('createRepository'),
  },
  actions: {
    change: assign(({ context }, { field, value }: { field: RepositoryField; value: string }) => {
      const values = { ...context.values, [field]: value };
      if (field === 'id' && !context.namespaceEdited && context.storage?.default_namespace_prefix) {
        values.storageNamespace = defaultNamespace(context.storage, value);
      }
      return {
        values,
        touched: { ...context.touched, [field]: true },
        namespaceEdited: context.namespaceEdited || field === 'storageNamespace',
      };
    }),
    touch: assign(({ context }, field: RepositoryField) => ({ touched: { ...context.touched, [field]: true } })),
    setError: assign((_, error: unknown) => ({ error })),
    clearError: assign({ error: null }),
    setCreated: assign((_, created: Repository) => ({ created })),
  },
  guards: {
    formValid: ({ context }) => Object.keys(validateRepositoryForm(context.values, context.storage)).length === 0,
  },
}).createMachine({
  id: 'createRepository',
  context: ({ input }) => ({
    storage: input.storage,
    values: { id: '', defaultBranch: DEFAULT_BRANCH_NAME, storageNamespace: defaultNamespace(input.storage, '') },
    namespaceEdited: false,
    touched: {},
    error: null,
    created: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: { type: 'change', params: ({ event }) => event } },
        'field.blur': { actions: { type: 'touch', params: ({ event }) => event.field } },
        'create.submit': { guard: 'formValid', target: 'submitting' },
      },
    },
    submitting: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        src: 'createRepository',
        input: ({ context }) => ({
          name: context.values.id,
          default_branch: context.values.defaultBranch.trim(),
          storage_namespace: context.values.storageNamespace,
        }),
        onDone: { target: 'created', actions: { type: 'setCreated', params: ({ event }) => event.output } },
        onError: {
          target: 'editing',
          actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    created: { type: 'final' },
  },
  // `created` is set on the way into the final state.
  output: ({ context }) => context.created as Repository,
});

export type CreateRepositoryActorRef = ActorRefFrom<typeof createRepositoryMachine>;
export type CreateRepositorySnapshot = SnapshotFrom<typeof createRepositoryMachine>;

/** What the dialog shows: the values, the errors of the fields the user has touched, and whether it can submit. */
export function createRepositoryView(snapshot: CreateRepositorySnapshot) {
  const { values, touched, storage, error } = snapshot.context;
  const errors = validateRepositoryForm(values, storage);
  const shown: RepositoryFormErrors = {};
  for (const field of Object.keys(errors) as RepositoryField[]) if (touched[field]) shown[field] = errors[field];
  return {
    values,
    storage,
    errors: shown,
    error,
    busy: snapshot.hasTag('busy'),
    canSubmit: snapshot.can({ type: 'create.submit' }),
  };
}
