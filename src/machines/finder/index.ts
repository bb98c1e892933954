import { fromPromise } from 'xstate';
import { findObjects, listTopLevelFiles } from '../../api/finder';
import type { FoundObjectList } from '../../api/types';
import { FINDER_TOP_LEVEL_FILES, finderMachine, type FinderPageRequest, type FinderScope } from './machine';
import { recentFiles, rememberRecentFile } from './recent-files';

export * from './machine';
export * from './recent-files';

/** The finder over the real API and this browser's storage; the route provides where a pick goes (`navigate`). */
export const liveFinderMachine = finderMachine.provide({
  actors: {
    findPage: fromPromise<FoundObjectList, FinderPageRequest>(({ input: { repoId, ref, ...params }, signal }) =>
      findObjects(repoId, ref, params, signal),
    ),
    recentFiles: fromPromise<string[], { repoId: string }>(({ input }) => Promise.resolve(recentFiles(input.repoId))),
    topLevelFiles: fromPromise<string[], FinderScope>(({ input, signal }) =>
      listTopLevelFiles(input.repoId, input.ref, FINDER_TOP_LEVEL_FILES, signal),
    ),
  },
  actions: { rememberPick: (_, { repoId, path }) => rememberRecentFile(repoId, path) },
});
