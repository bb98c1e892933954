// The action runs list (docs/behaviour.md, Action runs): the paged list over the real API, filtered by branch or commit.
import { listActionRuns } from '../../api/actions';
import type { ActionRun } from '../../api/types';
import { pagedListOver } from '../paged-list';

/** Whose runs the list shows: a repository's, of one branch or commit when the filter names it. */
export interface ActionRunSource {
  repoId: string;
  branch?: string;
  commit?: string;
}

export const liveActionRunList = pagedListOver<ActionRun, ActionRunSource>(({ repoId, branch, commit }, { after, amount }, signal) =>
  listActionRuns(repoId, { after, amount, branch, commit }, signal),
);
