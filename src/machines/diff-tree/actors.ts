// A diff tree over the real API: its folders listed a level and a page at a time, its objects' content
// read from the two sides of its source, and its data objects' rows compared by DuckDB on those sides.
import { fromPromise } from 'xstate';
import { listDiffLevel, type DiffSource } from '../../api/diff';
import type { Diff, Page } from '../../api/types';
import { liveObjectDiffMachine } from '../object-diff';
import { pagedListMachine, type PageRequest } from '../paged-list';
import { liveRowDiffMachine } from '../row-diff';
import { diffTreeMachine } from './machine';

export const liveDiffTreeMachine = diffTreeMachine.provide({
  actors: {
    level: pagedListMachine<Diff, DiffSource>().provide({
      actors: {
        fetchPage: fromPromise<Page<Diff>, PageRequest<DiffSource>>(({ input, signal }) =>
          listDiffLevel(input.source, { prefix: input.prefix, after: input.after, amount: input.amount }, signal),
        ),
      },
    }),
    objectDiff: liveObjectDiffMachine,
    rowDiff: liveRowDiffMachine,
  },
});
