// The merge machine over the real API: the merge call, and the two sides of a conflicting path read from the
// destination (old) and the source (new) for their content comparison.
import { fromPromise } from 'xstate';
import { merge } from '../../api/refs';
import type { MergeResult } from '../../api/types';
import { objectDiffLoader, objectDiffMachine } from '../object-diff';
import { mergeMachine, type MergeRequest } from './machine';

interface MergeBranches {
  repoId: string;
  source: string;
  dest: string;
}

/** The content comparison of a conflicting path: the destination's version (old) against the source's (new). */
export function conflictContentMachine({ repoId, source, dest }: MergeBranches) {
  return objectDiffMachine.provide({ actors: { loadObjectDiff: objectDiffLoader({ repoId, leftRef: dest, rightRef: source }) } });
}

export function liveMergeMachine(branches: MergeBranches) {
  return mergeMachine.provide({
    actors: {
      // mergeBody reads only the merge options of the request.
      merge: fromPromise<MergeResult, MergeRequest>(({ input }) => merge(input.repoId, input.source, input.dest, input)),
      objectDiff: conflictContentMachine(branches),
    },
  });
}
