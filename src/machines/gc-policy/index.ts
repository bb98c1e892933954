import { fromPromise } from 'xstate';
import { deleteGcRules, gcRulesSetAllowed, getGcRules, setGcRules } from '../../api/settings';
import type { GarbageCollectionRules } from '../../api/types';
import { gcPolicyMachine } from './machine';

export * from './machine';
export * from './policy-text';

export const liveGcPolicyMachine = gcPolicyMachine.provide({
  actors: {
    readRules: fromPromise<GarbageCollectionRules | null, { repoId: string }>(({ input, signal }) =>
      getGcRules(input.repoId, signal),
    ),
    saveRules: fromPromise<void, { repoId: string; rules: GarbageCollectionRules }>(({ input }) =>
      setGcRules(input.repoId, input.rules),
    ),
    deleteRules: fromPromise<void, { repoId: string }>(({ input }) => deleteGcRules(input.repoId)),
    checkAllowed: fromPromise<boolean, { repoId: string }>(({ input, signal }) => gcRulesSetAllowed(input.repoId, signal)),
  },
});
