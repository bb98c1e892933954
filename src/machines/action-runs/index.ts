// The action runs list (docs/behaviour.md, Action runs): the paged list over the real API, filtered by branch or commit,
// following the repository's live stream.
import { listActionRuns } from '../../api/actions';
import type { ActionRun } from '../../api/types';
import { pagedListOver } from '../paged-list';
import { actionRunsMachine, type ActionRunSource } from './machine';

export * from './machine';

export const liveActionRunList = pagedListOver<ActionRun, ActionRunSource>(({ repoId, branch, commit }, { after, amount }, signal) =>
  listActionRuns(repoId, { after, amount, branch, commit }, signal),
);

/** The runs screen over the real API; the route's helper provides the router's actions. */
export const liveActionRunsMachine = actionRunsMachine.provide({ actors: { list: liveActionRunList } });
