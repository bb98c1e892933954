// Creating a user, inviting one by e-mail, or creating a group (docs/behaviour.md, Access control): the name is checked as it
// is typed, the server creates it, and an invitation's activation link, when the server answers with one (no mail
// server is configured), is shown for the admin to pass on. The machine ends saying whether something was created.
import { assign, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { promisePlaceholder } from '../../lib/actor-placeholders';

export type PrincipalKind = 'user' | 'invite' | 'group';

export const USER_NAME_PERCENT = 'User name cannot include the % sign';
export const GROUP_NAME_PERCENT = 'Group name cannot include the % sign';
export const INVALID_EMAIL = 'Invalid email address';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with the name typed so far, if anything; an empty name is not wrong, only not ready. */
export function nameProblem(kind: PrincipalKind, name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return undefined;
  if (kind === 'invite') return EMAIL.test(trimmed) ? undefined : INVALID_EMAIL;
  if (trimmed.includes('%')) return kind === 'user' ? USER_NAME_PERCENT : GROUP_NAME_PERCENT;
  return undefined;
}

export interface CreatePrincipalInput {
  kind: PrincipalKind;
}

export interface CreatedPrincipal {
  /** The link an invited user activates the account with, when the server did not mail it. */
  activationUrl?: string;
}

export interface CreatePrincipalContext extends CreatePrincipalInput {
  name: string;
  error: unknown;
  activationUrl: string | undefined;
  created: boolean;
}

export type CreatePrincipalEvent =
  | { type: 'name.change'; name: string }
  | { type: 'create.submit' }
  | { type: 'create.cancel' }
  | { type: 'create.close' };

export const createPrincipalMachine = setup({
  types: {
    input: {} as CreatePrincipalInput,
    context: {} as CreatePrincipalContext,
    events: {} as CreatePrincipalEvent,
    output: {} as { created: boolean },
  },
  actors: {
    create: promisePlaceholder<CreatedPrincipal, { kind: PrincipalKind; name: string }>('create'),
  },
  guards: {
    nameReady: ({ context }) => context.name.trim() !== '' && nameProblem(context.kind, context.name) === undefined,
    hasActivationLink: (_, created: CreatedPrincipal) => Boolean(created.activationUrl),
  },
}).createMachine({
  id: 'createPrincipal',
  context: ({ input }) => ({ kind: input.kind, name: '', error: undefined, activationUrl: undefined, created: false }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'name.change': { actions: assign({ name: ({ event }) => event.name, error: undefined }) },
        'create.submit': { guard: 'nameReady', target: 'creating' },
        'create.cancel': 'done',
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        src: 'create',
        input: ({ context }) => ({ kind: context.kind, name: context.name.trim() }),
        onDone: [
          {
            guard: { type: 'hasActivationLink', params: ({ event }) => event.output },
            target: 'showingActivationLink',
            actions: assign({ created: true, activationUrl: ({ event }) => event.output.activationUrl }),
          },
          { target: 'done', actions: assign({ created: true }) },
        ],
        onError: { target: 'editing', actions: assign({ error: ({ event }: { event: ErrorActorEvent }) => event.error }) },
      },
    },
    showingActivationLink: {
      on: { 'create.close': 'done' },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({ created: context.created }),
});

export type CreatePrincipalActorRef = ActorRefFrom<typeof createPrincipalMachine>;
export type CreatePrincipalSnapshot = SnapshotFrom<typeof createPrincipalMachine>;
