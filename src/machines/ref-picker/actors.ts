// The picker's lists over the real API, for one repository.
import { fromPromise } from 'xstate';
import { listBranches } from '../../api/branches';
import { findCommitByIdPrefix, logCommits } from '../../api/commits';
import { listTags } from '../../api/tags';
import type { Commit, Page, Ref } from '../../api/types';
import { pagedListMachine, type PageRequest } from '../paged-list/machine';
import { refPickerMachine, type RefListKind } from './machine';

/** One repository's branches or tags as a paged list (the pickers'). */
export function liveRefList(kind: RefListKind, repoId: string) {
  const list = kind === 'branch' ? listBranches : listTags;
  return pagedListMachine<Ref>().provide({
    actors: {
      fetchPage: fromPromise<Page<Ref>, PageRequest>(({ input, signal }) =>
        list(repoId, { prefix: input.prefix || undefined, after: input.after, amount: input.amount }, signal),
      ),
    },
  });
}

/** The picker of one repository's refs. */
export function createLiveRefPickerMachine(repoId: string) {
  return refPickerMachine.provide({
    actors: {
      branchList: liveRefList('branch', repoId),
      tagList: liveRefList('tag', repoId),
      commitList: pagedListMachine<Commit>().provide({
        actors: {
          // The list's prefix is the branch (see commitsListInput).
          fetchPage: fromPromise<Page<Commit>, PageRequest>(({ input, signal }) =>
            logCommits(repoId, input.prefix, { after: input.after, amount: input.amount }, signal),
          ),
        },
      }),
      findCommit: fromPromise<Commit | null, { prefix: string }>(({ input, signal }) => findCommitByIdPrefix(repoId, input.prefix, signal)),
    },
  });
}
