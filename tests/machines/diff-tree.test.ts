import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { DiffSource } from '../../src/api/diff';
import type { Diff, Page } from '../../src/api/types';
import type { DiffLine } from '../../src/lib/line-diff';
import { diffTreeMachine } from '../../src/machines/diff-tree/machine';
import { objectDiffMachine, type ObjectDiffInput } from '../../src/machines/object-diff/machine';
import { pagedListMachine, pagedListView, type PageRequest } from '../../src/machines/paged-list';
import { rowDiffMachine, type CompareRowsInput, type RowDiffInput } from '../../src/machines/row-diff/machine';
import type { ColumnPlan, RowDiffOutcome } from '../../src/lib/sql/row-diff';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(diffTreeMachine);

const entry = (path: string, extra: Partial<Diff> = {}): Diff => ({
  type: 'changed',
  path,
  path_type: path.endsWith('/') ? 'common_prefix' : 'object',
  ...extra,
});
const page = (results: Diff[]): Page<Diff> => ({
  results,
  pagination: { has_more: false, next_offset: '', results: results.length, max_per_page: 1000 },
});

// The changes by folder, as the server lists them with the '/' delimiter.
const folders: Record<string, Diff[]> = {
  '': [entry('data/'), entry('notes.txt')],
  'data/': [entry('data/raw/'), entry('data/a.csv')],
  'data/raw/': [entry('data/raw/b.csv')],
};

const uncommitted: DiffSource = { repoId: 'lake', branch: 'main' };

function start(firstPage?: Page<Diff>) {
  const listed: PageRequest<DiffSource>[] = [];
  const contents: string[] = [];
  const compared: string[] = [];
  const machine = diffTreeMachine.provide({
    actors: {
      level: pagedListMachine<Diff, DiffSource>().provide({
        actors: {
          fetchPage: fromPromise<Page<Diff>, PageRequest<DiffSource>>(async ({ input }) => {
            listed.push(input);
            return page(folders[input.prefix] ?? []);
          }),
        },
      }),
      objectDiff: objectDiffMachine.provide({
        actors: {
          loadObjectDiff: fromPromise<DiffLine[], ObjectDiffInput>(async ({ input }) => {
            contents.push(input.entry.path);
            return [{ op: 'insert', text: input.entry.path, right: 1 }];
          }),
        },
      }),
      rowDiff: rowDiffMachine.provide({
        actors: {
          describeSides: fromPromise<ColumnPlan, RowDiffInput>(async () => ({
            common: [{ name: 'id', leftType: 'BIGINT', rightType: 'BIGINT' }],
            added: [],
            removed: [],
          })),
          compareRows: fromPromise<RowDiffOutcome, CompareRowsInput>(async ({ input }) => {
            compared.push(`${input.entry.path} on ${input.key}`);
            return { kind: 'compared', key: input.key, counts: { added: 1, removed: 0, changed: 0 }, rows: [] };
          }),
        },
      }),
    },
  });
  const tree = createActor(machine, { input: { source: uncommitted, prefix: '', firstPage }, inspect: coverage.inspect }).start();
  return { tree, listed, contents, compared };
}

const rowsOf = (list: { getSnapshot: () => Parameters<typeof pagedListView<Diff>>[0] } | undefined) =>
  list ? pagedListView(list.getSnapshot()).rows.map((d) => d.path) : undefined;

describe('diff tree machine', () => {
  it('shows the root from the loader, with no request, and lists a folder when it is expanded', async () => {
    const { tree, listed } = start(page(folders['']!));
    expect(rowsOf(tree.getSnapshot().children.root)).toEqual(['data/', 'notes.txt']);
    expect(listed).toEqual([]);
    tree.send({ type: 'folder.toggle', path: 'data/' });
    const data = tree.getSnapshot().context.folders['data/'];
    await waitFor(data!, (s) => s.matches('ready'), { timeout: 5000 });
    expect(rowsOf(data)).toEqual(['data/raw/', 'data/a.csv']);
    expect(listed).toEqual([{ source: uncommitted, prefix: 'data/', after: undefined, amount: 100 }]);
  });

  it('collapses a folder and stops its listing, and lists it afresh when expanded again', async () => {
    const { tree, listed } = start(page(folders['']!));
    tree.send({ type: 'folder.toggle', path: 'data/' });
    const first = tree.getSnapshot().context.folders['data/']!;
    await waitFor(first, (s) => s.matches('ready'), { timeout: 5000 });
    tree.send({ type: 'folder.toggle', path: 'data/' });
    expect(tree.getSnapshot().context.folders).toEqual({});
    expect(first.getSnapshot().status).toBe('stopped');
    tree.send({ type: 'folder.toggle', path: 'data/' });
    await waitFor(tree.getSnapshot().context.folders['data/']!, (s) => s.matches('ready'), { timeout: 5000 });
    expect(listed.map((r) => r.prefix)).toEqual(['data/', 'data/']);
  });

  it('lists its starting folder itself when no first page was loaded', async () => {
    const { tree, listed } = start();
    await waitFor(tree.getSnapshot().children.root!, (s) => s.matches('ready'), { timeout: 5000 });
    expect(rowsOf(tree.getSnapshot().children.root)).toEqual(['data/', 'notes.txt']);
    expect(listed).toHaveLength(1);
  });

  it('shows and hides the content changes of an object, one actor per shown object', async () => {
    const { tree, contents } = start(page(folders['']!));
    tree.send({ type: 'content.toggle', entry: entry('notes.txt') });
    const shown = tree.getSnapshot().context.contents['notes.txt']!;
    const loaded = await waitFor(shown, (s) => s.matches('shown'), { timeout: 5000 });
    expect(loaded.context.lines).toEqual([{ op: 'insert', text: 'notes.txt', right: 1 }]);
    tree.send({ type: 'content.toggle', entry: entry('notes.txt') });
    expect(tree.getSnapshot().context.contents).toEqual({});
    expect(shown.getSnapshot().status).toBe('stopped');
    expect(contents).toEqual(['notes.txt']);
  });

  it('shows and hides the row diff of a data object, one actor per compared object', async () => {
    const { tree, compared } = start(page(folders['']!));
    tree.send({ type: 'rows.toggle', entry: entry('data/a.csv') });
    const shown = tree.getSnapshot().context.rowDiffs['data/a.csv']!;
    await waitFor(shown, (s) => s.matches('shown'), { timeout: 5000 });
    tree.send({ type: 'rows.toggle', entry: entry('data/a.csv') });
    expect(tree.getSnapshot().context.rowDiffs).toEqual({});
    expect(shown.getSnapshot().status).toBe('stopped');
    expect(compared).toEqual(['data/a.csv on id']);
  });

  it('closes everything shown and lists the root of a new source in the same tree', async () => {
    const { tree, listed } = start(page(folders['']!));
    tree.send({ type: 'folder.toggle', path: 'data/' });
    tree.send({ type: 'content.toggle', entry: entry('notes.txt') });
    const root = tree.getSnapshot().children.root;
    const other: DiffSource = { repoId: 'lake', left: 'main', right: 'dev' };
    tree.send({ type: 'route.changed', input: { source: other, prefix: '' } });
    const { context, children } = tree.getSnapshot();
    expect(children.root).toBe(root);
    expect(context.source).toEqual(other);
    expect([Object.keys(context.folders), Object.keys(context.contents)]).toEqual([[], []]);
    await waitFor(root!, (s) => s.matches('ready'), { timeout: 5000 });
    expect(listed.at(-1)).toMatchObject({ source: other, prefix: '' });
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
