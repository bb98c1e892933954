// The commit machine's actors over the real API.
import { fromPromise } from 'xstate';
import { commit } from '../../api/commits';
import { diffBranch } from '../../api/diff';
import type { Commit } from '../../api/types';
import type { CommitRequest, SuggestionRequest } from './machine';
import { SUGGESTION_PAGE, suggestCommitMessage } from './suggestion';

export const commitActors = {
  commit: fromPromise<Commit, CommitRequest>(({ input }) =>
    commit(input.repoId, input.branch, { message: input.message, metadata: input.metadata }),
  ),
  suggest: fromPromise<string | null, SuggestionRequest>(async ({ input, signal }) => {
    const page = await diffBranch(input.repoId, input.branch, { amount: SUGGESTION_PAGE }, signal);
    return suggestCommitMessage(page.results, !page.pagination.has_more);
  }),
};
