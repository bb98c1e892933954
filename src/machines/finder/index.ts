import { fromPromise } from 'xstate';
import { findObjects } from '../../api/finder';
import type { FoundObjectList } from '../../api/types';
import { finderMachine, type FinderPageRequest } from './machine';

export * from './machine';

/** The finder over the real API; the route provides where a pick goes (`navigate`). */
export const liveFinderMachine = finderMachine.provide({
  actors: {
    findPage: fromPromise<FoundObjectList, FinderPageRequest>(({ input: { repoId, ref, ...params }, signal }) =>
      findObjects(repoId, ref, params, signal),
    ),
  },
});
