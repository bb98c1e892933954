import { fromPromise } from 'xstate';
import { deleteObjects } from '../../api/objects';
import type { ObjectErrorList } from '../../api/types';
import { bulkDeleteMachine, type DeleteChunkInput } from './machine';

export const liveBulkDeleteMachine = bulkDeleteMachine.provide({
  actors: {
    deleteChunk: fromPromise<ObjectErrorList, DeleteChunkInput>(({ input, signal }) =>
      deleteObjects(input.repoId, input.branch, input.paths, signal),
    ),
  },
});
