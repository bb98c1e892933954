// The action runs list (docs/behaviour.md, Action runs): the paged list over the real API, filtered by branch or commit.
import { fromPromise } from 'xstate';
import { listActionRuns } from '../../api/actions';
import type { ActionRun, Page } from '../../api/types';
import { pagedListMachine, type PageRequest } from '../paged-list';

export interface ActionRunFilters {
  branch?: string;
  commit?: string;
}

export function liveActionRunList(repoId: string, filters: ActionRunFilters) {
  const fetchPage = fromPromise<Page<ActionRun>, PageRequest>(({ input, signal }) =>
    listActionRuns(repoId, { after: input.after, amount: input.amount, ...filters }, signal),
  );
  return pagedListMachine<ActionRun>().provide({ actors: { fetchPage } });
}
