import { fromPromise } from 'xstate';
import { getGroupAcl, setGroupAcl } from '../../api/access-control';
import type { ACL } from '../../api/types';
import { groupAclMachine } from './machine';

export * from './machine';

export const liveGroupAclMachine = groupAclMachine.provide({
  actors: {
    readAcl: fromPromise<ACL | null, { groupId: string }>(({ input, signal }) => getGroupAcl(input.groupId, signal)),
    writeAcl: fromPromise<ACL, { groupId: string; acl: ACL }>(async ({ input }) => {
      await setGroupAcl(input.groupId, input.acl);
      return input.acl;
    }),
  },
});
