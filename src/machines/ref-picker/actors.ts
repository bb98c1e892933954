// The picker's lists over the real API; the repository travels as each list's source.
import { fromPromise } from 'xstate';
import { createBranch, listBranches } from '../../api/branches';
import { findCommitByIdPrefix, logCommits } from '../../api/commits';
import { listTags } from '../../api/tags';
import type { Commit, Ref } from '../../api/types';
import { pagedListOver } from '../paged-list/from-fetch';
import { refPickerMachine, type BranchCreation, type CommitLookup } from './machine';

/** A repository's (the source's) branches as a paged list (the pickers'). */
export const liveBranchList = pagedListOver<Ref, string>((repoId, params, signal) => listBranches(repoId, params, signal));
/** A repository's (the source's) tags as a paged list. */
export const liveTagList = pagedListOver<Ref, string>((repoId, params, signal) => listTags(repoId, params, signal));

/** The picker of a repository's refs (the input's). */
export const liveRefPickerMachine = refPickerMachine.provide({
  actors: {
    branchList: liveBranchList,
    tagList: liveTagList,
    // The list's prefix is the branch (see commitsListInput).
    commitList: pagedListOver<Commit, string>((repoId, { prefix, after, amount }, signal) => logCommits(repoId, prefix ?? '', { after, amount }, signal)),
    findCommit: fromPromise<Commit | null, CommitLookup>(({ input, signal }) => findCommitByIdPrefix(input.repoId, input.prefix, signal)),
    createBranch: fromPromise<void, BranchCreation>(async ({ input }) => {
      await createBranch(input.repoId, { name: input.name, source: input.source });
    }),
  },
});
