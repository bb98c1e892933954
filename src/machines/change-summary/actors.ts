// Counting a branch's changes under a prefix over the real API.
import { fromPromise } from 'xstate';
import { listDiff } from '../../api/diff';
import type { CountRequest } from './machine';
import { countChanges, type ChangeCounts } from './count';

/** Counts every change under the prefix (listed without a delimiter, so each object once). */
export const countChangesUnder = fromPromise<ChangeCounts, CountRequest>(({ input: { source, prefix, from }, signal }) =>
  countChanges(({ after, amount }) => listDiff(source, { prefix, after, amount }, signal), from),
);
