// A diff tree over the real API: its folders listed a level and a page at a time, its objects' content
// read from the two sides of the source, and its data objects' rows compared by DuckDB on those sides.
import { fromPromise } from 'xstate';
import { listDiffLevel, type DiffSource } from '../../api/diff';
import type { Diff, Page } from '../../api/types';
import type { ObjectDiffSides } from '../../lib/content-diff';
import { objectDiffLoader, objectDiffMachine } from '../object-diff';
import { pagedListMachine, type PageRequest } from '../paged-list';
import { rowDiffActors, rowDiffMachine } from '../row-diff';
import { diffTreeMachine } from './machine';

/** The old and new sides of a source's objects; `branch@` is a branch's last commit, without its staged changes. */
export function diffSides(source: DiffSource): ObjectDiffSides {
  return 'branch' in source
    ? { repoId: source.repoId, leftRef: `${source.branch}@`, rightRef: source.branch }
    : { repoId: source.repoId, leftRef: source.left, rightRef: source.right };
}

export function liveDiffTreeMachine(source: DiffSource) {
  const fetchPage = fromPromise<Page<Diff>, PageRequest>(({ input, signal }) =>
    listDiffLevel(source, { prefix: input.prefix, after: input.after, amount: input.amount }, signal),
  );
  const sides = diffSides(source);
  return diffTreeMachine.provide({
    actors: {
      level: pagedListMachine<Diff>().provide({ actors: { fetchPage } }),
      objectDiff: objectDiffMachine.provide({ actors: { loadObjectDiff: objectDiffLoader(sides) } }),
      rowDiff: rowDiffMachine.provide({ actors: rowDiffActors(sides) }),
    },
  });
}
