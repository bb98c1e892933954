import { fromPromise } from 'xstate';
import { updatePasswordByToken } from '../../api/access-control';
import { activationMachine } from './machine';

export * from './machine';

export const liveActivationMachine = activationMachine.provide({
  actors: {
    activate: fromPromise<void, { token: string; password: string; email: string }>(({ input }) =>
      updatePasswordByToken(input.token, input.password, input.email || undefined),
    ),
  },
});
