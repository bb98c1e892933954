// Deleting a branch or a tag over the real API.
import { fromPromise } from 'xstate';
import { deleteBranch } from '../../api/branches';
import { deleteTag } from '../../api/tags';
import type { DeleteRefInput } from './machine';

export const deleteRefActors = {
  deleteRef: fromPromise<void, DeleteRefInput>(({ input }) =>
    input.kind === 'branch' ? deleteBranch(input.repoId, input.id) : deleteTag(input.repoId, input.id),
  ),
};
