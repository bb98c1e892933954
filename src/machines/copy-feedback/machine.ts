// A copy button's feedback: the value goes to the clipboard, and the button says "Copied" for a second. A copy
// the browser refuses (insecure origin, denied permission) leaves the button as it was.
import { setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { promisePlaceholder } from '../../lib/actor-placeholders';

/** How long the button says "Copied". */
export const COPY_FEEDBACK_MS = 1000;

export type CopyFeedbackEvent = { type: 'copy'; value: string };

export const copyFeedbackMachine = setup({
  types: {
    events: {} as CopyFeedbackEvent,
  },
  actors: {
    /** Puts the text on the clipboard. */
    writeText: promisePlaceholder<void, string>('writeText'),
  },
  delays: {
    feedback: COPY_FEEDBACK_MS,
  },
}).createMachine({
  id: 'copyFeedback',
  initial: 'idle',
  states: {
    idle: {
      on: { copy: 'copying' },
    },
    copying: {
      invoke: {
        src: 'writeText',
        input: ({ event }) => event.value,
        onDone: 'copied',
        onError: 'idle',
      },
    },
    copied: {
      after: { feedback: 'idle' },
      // Another copy while the check mark shows keeps it for a second from then.
      on: { copy: 'copying' },
    },
  },
});

export type CopyFeedbackActorRef = ActorRefFrom<typeof copyFeedbackMachine>;
export type CopyFeedbackSnapshot = SnapshotFrom<typeof copyFeedbackMachine>;
