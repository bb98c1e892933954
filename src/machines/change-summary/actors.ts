// Counting a branch's changes under a prefix over the real API.
import { fromPromise } from 'xstate';
import { listDiff, type DiffSource } from '../../api/diff';
import { countChanges, type ChangeCounts } from './count';

/** Counts every change under `prefix` (listed without a delimiter, so each object once). */
export function changeCounter(source: DiffSource, prefix: string) {
  return fromPromise<ChangeCounts, { from: ChangeCounts | undefined }>(({ input, signal }) =>
    countChanges(({ after, amount }) => listDiff(source, { prefix, after, amount }, signal), input.from),
  );
}
