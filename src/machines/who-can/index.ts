import { fromPromise } from 'xstate';
import { whoCan } from '../../api/access-control';
import { READ_ACTION, WRITE_ACTION, whoCanMachine, type WhoCanAnswer } from './machine';

export * from './machine';

export const liveWhoCanMachine = whoCanMachine.provide({
  actors: {
    ask: fromPromise<WhoCanAnswer, { resource: string }>(async ({ input, signal }) => {
      const [read, write] = await Promise.all([
        whoCan(READ_ACTION, input.resource, signal),
        whoCan(WRITE_ACTION, input.resource, signal),
      ]);
      return { read, write };
    }),
  },
});
