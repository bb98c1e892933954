import { fromPromise } from 'xstate';
import { deleteObject } from '../../api/objects';
import type { DeleteObjectInput } from './machine';

export const deleteObjectActors = {
  deleteObject: fromPromise<void, DeleteObjectInput>(({ input }) => deleteObject(input.repoId, input.branch, input.path)),
};
