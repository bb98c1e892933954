// The merge machine over the real API: the merge call and its dry run, and the two sides of a conflicting path read from the
// destination (old) and the source (new) for their content comparison.
import { fromPromise } from 'xstate';
import { merge, previewMerge } from '../../api/refs';
import type { MergePreview, MergeResult } from '../../api/types';
import { liveObjectDiffMachine } from '../object-diff';
import type { MergeRequest, PreviewRequest } from './machine';

export const liveMergeActors = {
  // mergeBody reads only the merge options of the request.
  merge: fromPromise<MergeResult, MergeRequest>(({ input }) => merge(input.repoId, input.source, input.dest, input)),
  preview: fromPromise<MergePreview, PreviewRequest>(({ input, signal }) => previewMerge(input.repoId, input.source, input.dest, signal)),
  objectDiff: liveObjectDiffMachine,
};
