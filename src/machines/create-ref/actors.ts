// Creating a branch or a tag over the real API.
import { fromPromise } from 'xstate';
import { createBranch } from '../../api/branches';
import { createTag } from '../../api/tags';
import type { CreateRefRequest } from './machine';

export const createRefActors = {
  createRef: fromPromise<void, CreateRefRequest>(async ({ input }) => {
    if (input.kind === 'branch') await createBranch(input.repoId, { name: input.name, source: input.source });
    else await createTag(input.repoId, { id: input.name, ref: input.source });
  }),
};
