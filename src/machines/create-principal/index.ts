import { fromPromise } from 'xstate';
import { createGroup, createUser } from '../../api/access-control';
import { createPrincipalMachine, type CreatedPrincipal, type PrincipalKind } from './machine';

export * from './machine';

export const liveCreatePrincipalMachine = createPrincipalMachine.provide({
  actors: {
    create: fromPromise<CreatedPrincipal, { kind: PrincipalKind; name: string }>(async ({ input }) => {
      if (input.kind === 'group') {
        await createGroup(input.name);
        return {};
      }
      const user = await createUser(input.name, input.kind === 'invite');
      return { activationUrl: user.activation_url };
    }),
  },
});
