// A repository's live stream, once per tab (docs/behaviour.md, Live): the repository layout route runs this machine
// for as long as a repository's pages are shown, and its screens hear what changes through `repositoryChanges`
// (below) instead of polling. The stream itself is an injected callback actor (the browser's EventSource over
// src/api/events), so the machine runs headless in tests. When the stream breaks, the machine waits (doubling the wait,
// up to half a minute) and opens it again after the last event it heard, so nothing is missed; while it is down,
// screens may poll slowly (`isDown`).
import { assign, emit, fromCallback, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { RepositoryEvent } from '../../api/types';
import { callbackPlaceholder } from '../../lib/actor-placeholders';

export interface RepositoryEventsInput {
  repoId: string;
}

/** What the stream actor tells its machine. */
export type StreamEvent =
  | { type: 'stream.opened' }
  | { type: 'stream.event'; id: string; event: RepositoryEvent }
  | { type: 'stream.broken' };

export interface StreamInput {
  repoId: string;
  /** Resume after this event (undefined: from now on). */
  lastEventId: string | undefined;
}

export interface RepositoryEventsContext {
  repoId: string;
  lastEventId: string | undefined;
  /** Breaks in a row since the stream last opened: the wait before the next try doubles with each. */
  failures: number;
}

/** What the machine emits for screens: one event of the repository. */
export interface RepositoryChanged {
  type: 'repository.changed';
  event: RepositoryEvent;
}

export const RECONNECT_FIRST_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

export const repositoryEventsMachine = setup({
  types: {
    input: {} as RepositoryEventsInput,
    context: {} as RepositoryEventsContext,
    events: {} as StreamEvent,
    emitted: {} as RepositoryChanged,
  },
  actors: {
    stream: callbackPlaceholder<StreamEvent, StreamInput>('stream'),
  },
  delays: {
    backoff: ({ context }) => Math.min(RECONNECT_FIRST_MS * 2 ** Math.max(0, context.failures - 1), RECONNECT_MAX_MS),
  },
}).createMachine({
  id: 'repositoryEvents',
  context: ({ input }) => ({ repoId: input.repoId, lastEventId: undefined, failures: 0 }),
  initial: 'connected',
  states: {
    connected: {
      initial: 'connecting',
      invoke: { src: 'stream', input: ({ context }) => ({ repoId: context.repoId, lastEventId: context.lastEventId }) },
      on: {
        'stream.event': {
          target: '.open',
          actions: [assign({ lastEventId: ({ event }) => event.id, failures: 0 }), emit(({ event }) => ({ type: 'repository.changed' as const, event: event.event }))],
        },
        'stream.broken': { target: 'down', actions: assign({ failures: ({ context }) => context.failures + 1 }) },
      },
      states: {
        connecting: { on: { 'stream.opened': 'open' } },
        open: { entry: assign({ failures: 0 }) },
      },
    },
    /** The stream broke: screens fall back to polling until it is open again. */
    down: { after: { backoff: 'connected' } },
  },
});

export type RepositoryEventsActorRef = ActorRefFrom<typeof repositoryEventsMachine>;
export type RepositoryEventsSnapshot = SnapshotFrom<typeof repositoryEventsMachine>;

/** Whether screens must poll: the stream is not open (broken and waiting, or not yet open again after a break). */
export function isDown(snapshot: RepositoryEventsSnapshot): boolean {
  return snapshot.matches('down') || (snapshot.matches({ connected: 'connecting' }) && snapshot.context.failures > 0);
}

/** What a screen hears from the stream: each change, and whether the stream is up (it polls while it is not). */
export type LiveUpdate = { type: 'live.changed'; event: RepositoryEvent } | { type: 'live.status'; down: boolean };

/**
 * A screen's subscription, invoked as its child with the tab's stream (none outside a repository page, or in tests
 * that give none): the screen receives `live.changed` for every event and `live.status` when the stream goes down
 * or up again.
 */
export const repositoryChanges = fromCallback<LiveUpdate, { live: AnyActorRef | undefined }>(({ input, sendBack }) => {
  const live = input.live as RepositoryEventsActorRef | undefined;
  if (!live) return undefined;
  const changes = live.on('repository.changed', ({ event }) => sendBack({ type: 'live.changed', event }));
  let down = isDown(live.getSnapshot());
  if (down) sendBack({ type: 'live.status', down });
  const status = live.subscribe((snapshot) => {
    if (isDown(snapshot) === down) return;
    down = !down;
    sendBack({ type: 'live.status', down });
  });
  return () => {
    changes.unsubscribe();
    status.unsubscribe();
  };
});
