import { fromPromise } from 'xstate';
import { listBranchSummaries } from '../../api/branches';
import type { BranchSummaryList } from '../../api/types';
import { branchSummariesMachine, type SummaryRequest } from './machine';

export * from './machine';

/** The summaries over the real API. */
export const liveBranchSummariesMachine = branchSummariesMachine.provide({
  actors: {
    fetchSummaries: fromPromise<BranchSummaryList, SummaryRequest>(({ input, signal }) =>
      listBranchSummaries(input.repoId, { prefix: input.prefix || undefined, after: input.after, amount: input.amount }, signal),
    ),
  },
});
