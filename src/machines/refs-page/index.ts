import { listBranches } from '../../api/branches';
import { listTags } from '../../api/tags';
import type { Ref } from '../../api/types';
import { liveBranchSummariesMachine } from '../branch-summaries';
import { liveCreateRefMachine } from '../create-ref';
import { pagedListOver } from '../paged-list';
import { liveConfirmDeleteMachine } from '../confirm-delete';
import { refsPageMachine } from './machine';

export * from './machine';

/** The Branches or Tags screen over the real API; the route's useScreen provides the router's actions. */
export const liveRefsPageMachine = refsPageMachine.provide({
  actors: { create: liveCreateRefMachine, delete: liveConfirmDeleteMachine, summaries: liveBranchSummariesMachine },
});

/** The listing of each screen, of the repository its route gives as the list's source. */
export const liveRefListings = {
  branch: pagedListOver<Ref, string>(listBranches),
  tag: pagedListOver<Ref, string>(listTags),
};
