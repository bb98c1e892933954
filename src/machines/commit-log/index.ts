// A ref's commit log (docs/behaviour.md, Commits): the paged list over the real API.
import { logCommits } from '../../api/commits';
import type { Commit } from '../../api/types';
import { pagedListOver } from '../paged-list';

/** Whose log the list shows. */
export interface CommitLogSource {
  repoId: string;
  ref: string;
}

export const liveCommitLog = pagedListOver<Commit, CommitLogSource>(({ repoId, ref }, { after, amount }, signal) =>
  logCommits(repoId, ref, { after, amount }, signal),
);
