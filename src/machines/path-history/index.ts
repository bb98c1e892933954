import { liveObjectDiffMachine } from '../object-diff';
import { pagedListOver } from '../paged-list/from-fetch';
import { liveRowDiffMachine } from '../row-diff';
import { copyVersion, fetchVersions } from './actors';
import { pathHistoryMachine } from './machine';

export * from './machine';
export * from './versions';
export { fetchVersions } from './actors';

/** The History screen over the real API; the route's helper provides the router's actions. */
export const livePathHistoryMachine = pathHistoryMachine.provide({
  actors: {
    versions: pagedListOver(fetchVersions),
    contentDiff: liveObjectDiffMachine,
    rowDiff: liveRowDiffMachine,
    copy: copyVersion,
  },
});
