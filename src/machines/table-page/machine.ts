// A table's page (README, Tables): the route reads the table on the page's ref, and on the ref it is compared with
// when the address names one (`compare`); the screen owns the choice of that ref (kept in the address) and the row
// diff of the two snapshots, a row-diff actor over the data files each side's log names. The SQL over the current
// snapshot is the SQL preview's flow (machines/sql-preview), run by the page's SQL panel.
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Diff, TableDetail } from '../../api/types';
import { screenActions, type RouteChanged } from '../../lib/screen';
import type { RowDiffSources } from '../../lib/sql/row-diff';
import { tableSourceQuery, type TableSnapshot } from '../../lib/sql/table-source';
import { tableDiff, type TableDiff } from '../../lib/table-diff';
import { rowDiffMachine, type RowDiffActorRef } from '../row-diff/machine';

export interface TablePageInput {
  repoId: string;
  /** The page's ref, as the address gives it (a branch, tag or commit). */
  ref: string;
  path: string;
  detail: TableDetail;
  /** The ref the table is compared with, when the address names one. */
  compare: string | undefined;
  /** The table on that ref; null when there is no table at the path there. */
  compared: TableDetail | null | undefined;
}

export interface TablePageContext extends TablePageInput {
  /** From the compared ref to the page's ref, when a ref is compared. */
  diff: TableDiff | undefined;
  rowDiff: RowDiffActorRef | undefined;
}

export type TablePageEvent =
  | { type: 'compare.choose'; ref: string }
  | { type: 'compare.clear' }
  | { type: 'rows.toggle' }
  | RouteChanged<TablePageInput>;

export const snapshotOf = (repo: string, ref: string, detail: TableDetail): TableSnapshot => ({ repo, ref, files: detail.data_files.map((f) => f.path) });

const diffOf = (input: TablePageInput): TableDiff | undefined =>
  input.compare === undefined || input.compared === undefined ? undefined : tableDiff(input.compared ?? undefined, input.detail);

/** Both snapshots as queries: a side without the table reads as no rows with the other side's columns. */
export function snapshotSources({ repoId, ref, detail, compare, compared }: TablePageInput): RowDiffSources {
  const right = tableSourceQuery(snapshotOf(repoId, ref, detail));
  if (!compared || compare === undefined) return { left: `SELECT * FROM (${right}) AS source LIMIT 0`, right };
  return { left: tableSourceQuery(snapshotOf(repoId, compare, compared)), right };
}

/** The row diff's entry: the table's folder, changed between the two refs. */
const tableEntry = (path: string): Diff => ({ type: 'changed', path, path_type: 'object' });

export const tablePageMachine = setup({
  types: {
    input: {} as TablePageInput,
    context: {} as TablePageContext,
    events: {} as TablePageEvent,
  },
  actors: { rowDiff: rowDiffMachine },
  actions: { ...screenActions },
  guards: {
    comparing: ({ context }) => context.compare !== undefined && context.compared !== undefined,
    rowsShown: ({ context }) => context.rowDiff !== undefined,
  },
}).createMachine({
  id: 'tablePage',
  context: ({ input }) => ({ ...input, diff: diffOf(input), rowDiff: undefined }),
  on: {
    'route.changed': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        // Another ref or table: the rows shown compared the old ones.
        if (context.rowDiff) enqueue.stopChild(context.rowDiff);
        enqueue.assign({ ...event.input, diff: diffOf(event.input), rowDiff: undefined });
      }),
    },
    'compare.choose': {
      actions: {
        type: 'navigate',
        params: ({ event }) => ({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, compare: event.ref.trim() || undefined }) }),
      },
    },
    'compare.clear': {
      actions: { type: 'navigate', params: () => ({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, compare: undefined }) }) },
    },
    'rows.toggle': [
      {
        guard: 'rowsShown',
        actions: enqueueActions(({ context, enqueue }) => {
          if (context.rowDiff) enqueue.stopChild(context.rowDiff);
          enqueue.assign({ rowDiff: undefined });
        }),
      },
      {
        guard: 'comparing',
        actions: assign({
          rowDiff: ({ context, spawn }) =>
            spawn('rowDiff', {
              id: 'rows',
              input: {
                entry: tableEntry(context.path),
                sides: { repoId: context.repoId, leftRef: context.compare as string, rightRef: context.ref },
                sources: snapshotSources(context),
              },
            }),
        }),
      },
    ],
  },
});

export type TablePageActorRef = ActorRefFrom<typeof tablePageMachine>;
export type TablePageSnapshot = SnapshotFrom<typeof tablePageMachine>;
