import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Commit, Diff, MergePreview, MergeResult, Page } from '../../src/api/types';
import { changeSummaryMachine, type CountRequest } from '../../src/machines/change-summary';
import { emptyCounts, type ChangeCounts } from '../../src/machines/change-summary/count';
import { compareMachine, compareMergeMachine, type CommitsSource, type CompareInput } from '../../src/machines/compare';
import { confirmDeleteMachine, type ConfirmDeleteActorRef, type DeleteTarget } from '../../src/machines/confirm-delete';
import type { MergeActorRef, MergeRequest, PreviewRequest } from '../../src/machines/merge';
import { pagedListMachine, pagedListView, type PageRequest } from '../../src/machines/paged-list';
import type { DiffTreeActorRef } from '../../src/machines/diff-tree';
import { transitionCoverage } from './transition-coverage';
import { mergePreview } from '../merge-preview-fake';

const coverage = transitionCoverage(compareMachine);

const page = <T,>(results: T[]): Page<T> => ({
  results,
  pagination: { has_more: false, next_offset: '', results: results.length, max_per_page: 1000 },
});
const firstPage = page<Diff>([{ type: 'added', path: 'data/a.txt', path_type: 'object' }]);
const commit = (id: string): Commit => ({ id, parents: [], committer: 'ana', message: `commit ${id}`, creation_date: 1_700_000_000, meta_range_id: '', metadata: {} });
const preview = mergePreview();

function start(input: Partial<CompareInput> = {}, deleteBranch: () => Promise<void> = async () => undefined) {
  let refreshes = 0;
  const requests: MergeRequest[] = [];
  const commitRequests: PageRequest<CommitsSource>[] = [];
  const counted: CountRequest[] = [];
  const deleted: string[] = [];
  const machine = compareMachine.provide({
    actions: { invalidate: () => void refreshes++, navigate: () => undefined },
    actors: {
      merge: compareMergeMachine.provide({
        actors: {
          merge: fromPromise<MergeResult, MergeRequest>(async ({ input: r }) => {
            requests.push(r);
            return { reference: 'merge-commit' };
          }),
          preview: fromPromise<MergePreview, PreviewRequest>(async () => preview),
        },
      }),
      commits: pagedListMachine<Commit, CommitsSource>().provide({
        actors: {
          fetchPage: fromPromise<Page<Commit>, PageRequest<CommitsSource>>(async ({ input: r }) => {
            commitRequests.push(r);
            return page([commit('c2'), commit('c1')]);
          }),
        },
      }),
      summary: changeSummaryMachine.provide({
        actors: {
          count: fromPromise<ChangeCounts, CountRequest>(async ({ input: r }) => {
            counted.push(r);
            return { ...emptyCounts(), total: 1, counts: { ...emptyCounts().counts, added: 1 } };
          }),
        },
      }),
      deleteSource: confirmDeleteMachine.provide({
        actors: {
          remove: fromPromise<void, DeleteTarget>(async ({ input: target }) => {
            await deleteBranch();
            if (target.kind === 'branch') deleted.push(target.id);
          }),
        },
      }),
    },
  });
  const screen = createActor(machine, {
    input: { repoId: 'lake', base: 'main', compare: 'dev', readOnly: false, hasChanges: true, prefix: '', view: 'files', firstPage, ...input },
    inspect: coverage.inspect,
  }).start();
  const merge = () => screen.getSnapshot().children.merge as MergeActorRef;
  /** The question of the receipt, while it asks. */
  const deleteFlow = () => screen.getSnapshot().children.deleteSource as ConfirmDeleteActorRef;
  const mergeIt = async () => {
    await waitFor(merge(), (s) => s.matches({ idle: 'previewed' }), { timeout: 5000 });
    merge().send({ type: 'merge.open' });
    merge().send({ type: 'merge.submit' });
    await waitFor(screen, (s) => s.context.receipt !== null, { timeout: 5000 });
  };
  return { screen, merge, deleteFlow, mergeIt, requests, commitRequests, counted, deleted, refreshes: () => refreshes };
}

describe('compare machine', () => {
  it('shows the loaded changes without asking again, every file at once in the files view', () => {
    const { screen } = start();
    const tree = screen.getSnapshot().children.tree as DiffTreeActorRef;
    expect(tree.getSnapshot().context.source).toEqual({ repoId: 'lake', left: 'main', right: 'dev', flat: true });
    expect(pagedListView(tree.getSnapshot().children.root!.getSnapshot()).rows).toEqual(firstPage.results);
  });

  it('opens the line changes of the first text files in the files view, and none in the tree view', () => {
    const texts = page<Diff>([
      ...Array.from({ length: 7 }, (_, i): Diff => ({ type: 'changed', path: `t${i}.txt`, path_type: 'object', size_bytes: 10 })),
      { type: 'added', path: 'big.txt', path_type: 'object', size_bytes: 10_000_000 },
      { type: 'added', path: 'lakes.parquet', path_type: 'object', size_bytes: 10 },
    ]);
    const { screen } = start({ firstPage: texts });
    const tree = screen.getSnapshot().children.tree as DiffTreeActorRef;
    expect(Object.keys(tree.getSnapshot().context.contents)).toEqual(['t0.txt', 't1.txt', 't2.txt', 't3.txt', 't4.txt']);
    screen.send({ type: 'route.changed', input: { repoId: 'lake', base: 'main', compare: 'dev', readOnly: false, hasChanges: true, prefix: '', view: 'tree', firstPage: texts } });
    expect(Object.keys(tree.getSnapshot().context.contents)).toEqual([]);
  });

  it('lists the commits the compared ref brings and counts its changes at once', async () => {
    const { screen, commitRequests, counted } = start();
    const commits = screen.getSnapshot().children.commits!;
    await waitFor(commits, (s) => pagedListView(s).rows.length === 2, { timeout: 5000 });
    expect(commitRequests[0]?.source).toEqual({ repoId: 'lake', base: 'main', compare: 'dev' });
    const summary = screen.getSnapshot().children.summary!;
    await waitFor(summary, (s) => s.context.summary?.total === 1, { timeout: 5000 });
    expect(counted).toHaveLength(1);
  });

  it('merges, loads the page again, and keeps a receipt of the merge commit through the reload', async () => {
    const { screen, mergeIt, requests, refreshes } = start();
    await mergeIt();
    expect(requests[0]).toMatchObject({ source: 'dev', dest: 'main' });
    expect(refreshes()).toBe(1);
    screen.send({ type: 'route.changed', input: { repoId: 'lake', base: 'main', compare: 'dev', readOnly: false, hasChanges: false, prefix: '', view: 'files', firstPage: page([]) } });
    expect(screen.getSnapshot().context.receipt).toEqual({ source: 'dev', dest: 'main', commitId: 'merge-commit', sourceBranch: 'kept' });
    screen.send({ type: 'receipt.dismiss' });
    expect(screen.getSnapshot().context.receipt).toBeNull();
  });

  it('deletes the merged branch only once the user confirms', async () => {
    const { screen, deleteFlow, mergeIt, deleted } = start();
    await mergeIt();
    screen.send({ type: 'receipt.deleteSource' });
    expect(deleteFlow().getSnapshot().context.target).toEqual({ kind: 'branch', repoId: 'lake', id: 'dev' });
    deleteFlow().send({ type: 'delete.cancel' });
    expect(deleted).toEqual([]);
    expect(screen.getSnapshot().context.receipt?.sourceBranch).toBe('kept');
    screen.send({ type: 'receipt.deleteSource' });
    deleteFlow().send({ type: 'delete.confirm' });
    await waitFor(screen, (s) => s.context.receipt?.sourceBranch === 'deleted', { timeout: 5000 });
    expect(deleted).toEqual(['dev']);
    expect(screen.getSnapshot().can({ type: 'receipt.deleteSource' })).toBe(false);
  });

  it('says why the branch was not deleted, and lets the user try again', async () => {
    let fail = true;
    const { screen, deleteFlow, mergeIt, deleted } = start({}, async () => {
      if (fail) throw new Error('branch is protected');
    });
    await mergeIt();
    screen.send({ type: 'receipt.deleteSource' });
    deleteFlow().send({ type: 'delete.confirm' });
    await waitFor(deleteFlow(), (s) => s.context.error !== null, { timeout: 5000 });
    expect(screen.getSnapshot().value).toMatchObject({ receipt: 'deleting' });
    expect(deleteFlow().getSnapshot().matches('confirming')).toBe(true);
    fail = false;
    deleteFlow().send({ type: 'delete.confirm' });
    await waitFor(screen, (s) => s.context.receipt?.sourceBranch === 'deleted', { timeout: 5000 });
    expect(deleted).toEqual(['dev']);
  });

  it('offers no merge without changes', () => {
    const { merge } = start({ hasChanges: false });
    expect(merge().getSnapshot().can({ type: 'merge.open' })).toBe(false);
  });

  it('loads the page again on refresh', () => {
    const { screen, refreshes } = start();
    screen.send({ type: 'compare.refresh' });
    expect(refreshes()).toBe(1);
  });

  it('takes a new load into the same list, and starts the merge, commits and counts over for the refs as they now are', () => {
    const { screen, merge } = start();
    const tree = screen.getSnapshot().children.tree as DiffTreeActorRef;
    const before = { merge: merge(), commits: screen.getSnapshot().children.commits };
    const next = page<Diff>([{ type: 'removed', path: 'b.txt', path_type: 'object' }]);
    screen.send({
      type: 'route.changed',
      input: { repoId: 'lake', base: 'main', compare: 'feature', readOnly: false, hasChanges: false, prefix: '', view: 'tree', firstPage: next },
    });
    expect(screen.getSnapshot().children.tree).toBe(tree);
    expect(tree.getSnapshot().context.source).toEqual({ repoId: 'lake', left: 'main', right: 'feature' });
    expect(pagedListView(tree.getSnapshot().children.root!.getSnapshot()).rows).toEqual(next.results);
    expect(merge()).not.toBe(before.merge);
    expect(screen.getSnapshot().children.commits).not.toBe(before.commits);
    expect(merge().getSnapshot().can({ type: 'merge.open' })).toBe(false);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
