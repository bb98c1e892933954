// A ref's commit log (docs/behaviour.md, Commits): the paged list over the real API.
import { fromPromise } from 'xstate';
import { logCommits } from '../../api/commits';
import type { Commit, Page } from '../../api/types';
import { pagedListMachine, type PageRequest } from '../paged-list';

export function liveCommitLog(repoId: string, ref: string) {
  const fetchPage = fromPromise<Page<Commit>, PageRequest>(({ input, signal }) =>
    logCommits(repoId, ref, { after: input.after, amount: input.amount }, signal),
  );
  return pagedListMachine<Commit>().provide({ actors: { fetchPage } });
}
