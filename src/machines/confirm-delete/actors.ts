// Deleting an object, a branch or a tag over the real API.
import { fromPromise } from 'xstate';
import { deleteBranch } from '../../api/branches';
import { deleteObject } from '../../api/objects';
import { deleteTag } from '../../api/tags';
import type { DeleteTarget } from './machine';

export const confirmDeleteActors = {
  remove: fromPromise<void, DeleteTarget>(({ input }) => {
    switch (input.kind) {
      case 'object':
        return deleteObject(input.repoId, input.branch, input.path);
      case 'branch':
        return deleteBranch(input.repoId, input.id);
      case 'tag':
        return deleteTag(input.repoId, input.id);
    }
  }),
};
