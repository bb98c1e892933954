import { fromPromise } from 'xstate';
import { branchProtectionSetAllowed, getBranchProtection, setBranchProtection, type BranchProtection } from '../../api/settings';
import { branchProtectionMachine, type RulesWrite } from './machine';

export * from './machine';
export * from './rule-edit';

export const liveBranchProtectionMachine = branchProtectionMachine.provide({
  actors: {
    readRules: fromPromise<BranchProtection, { repoId: string }>(({ input, signal }) =>
      getBranchProtection(input.repoId, signal),
    ),
    writeRules: fromPromise<void, RulesWrite>(({ input }) => setBranchProtection(input.repoId, input.rules, input.checksum)),
    checkAllowed: fromPromise<boolean, { repoId: string }>(({ input, signal }) => branchProtectionSetAllowed(input.repoId, signal)),
  },
});
