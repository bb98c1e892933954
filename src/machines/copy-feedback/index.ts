import { fromPromise } from 'xstate';
import { copyFeedbackMachine } from './machine';

export * from './machine';

/** The feedback over the browser's clipboard. */
export const liveCopyFeedbackMachine = copyFeedbackMachine.provide({
  actors: { writeText: fromPromise<void, string>(({ input }) => navigator.clipboard.writeText(input)) },
});
