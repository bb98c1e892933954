import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Diff, MergeResult, Page } from '../../src/api/types';
import { compareMachine, compareMergeMachine, type CompareInput } from '../../src/machines/compare';
import type { MergeActorRef, MergeRequest } from '../../src/machines/merge';
import { pagedListView } from '../../src/machines/paged-list';
import type { DiffTreeActorRef } from '../../src/machines/diff-tree';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(compareMachine);

const firstPage: Page<Diff> = {
  results: [{ type: 'added', path: 'a.txt', path_type: 'object' }],
  pagination: { has_more: false, next_offset: '', results: 1, max_per_page: 1000 },
};

function start(input: Partial<CompareInput> = {}) {
  let refreshes = 0;
  const refresh = () => void refreshes++;
  const requests: MergeRequest[] = [];
  const machine = compareMachine.provide({
    actions: { invalidate: refresh, navigate: () => undefined },
    actors: {
      merge: compareMergeMachine.provide({
        actors: {
          merge: fromPromise<MergeResult, MergeRequest>(async ({ input: r }) => {
            requests.push(r);
            return { reference: 'm' };
          }),
        },
      }),
    },
  });
  const screen = createActor(machine, {
    input: { repoId: 'lake', base: 'main', compare: 'dev', readOnly: false, hasChanges: true, prefix: '', firstPage, ...input },
    inspect: coverage.inspect,
  }).start();
  return { screen, requests, refreshes: () => refreshes };
}

describe('compare machine', () => {
  it('shows the loaded changes without asking again', () => {
    const { screen } = start();
    const tree = screen.getSnapshot().children.tree as DiffTreeActorRef;
    const root = tree.getSnapshot().children.root!;
    expect(pagedListView(root.getSnapshot()).rows).toEqual(firstPage.results);
  });

  it('merges the compared branch into the base and loads the page again', async () => {
    const { screen, requests, refreshes } = start();
    const merge = screen.getSnapshot().children.merge as MergeActorRef;
    merge.send({ type: 'merge.open' });
    merge.send({ type: 'merge.submit' });
    await waitFor(merge, (s) => s.matches('idle'), { timeout: 5000 });
    expect(requests[0]).toMatchObject({ source: 'dev', dest: 'main' });
    expect(refreshes()).toBe(1);
  });

  it('offers no merge without changes', () => {
    const { screen } = start({ hasChanges: false });
    const merge = screen.getSnapshot().children.merge as MergeActorRef;
    expect(merge.getSnapshot().can({ type: 'merge.open' })).toBe(false);
  });

  it('loads the page again on refresh', () => {
    const { screen, refreshes } = start();
    screen.send({ type: 'compare.refresh' });
    expect(refreshes()).toBe(1);
  });

  it('takes a new load into the same tree, and starts the merge over for the refs as they now are', () => {
    const { screen } = start();
    const tree = screen.getSnapshot().children.tree as DiffTreeActorRef;
    const before = screen.getSnapshot().children.merge;
    const next: Page<Diff> = { ...firstPage, results: [{ type: 'removed', path: 'b.txt', path_type: 'object' }] };
    screen.send({
      type: 'route.changed',
      input: { repoId: 'lake', base: 'main', compare: 'feature', readOnly: false, hasChanges: false, prefix: '', firstPage: next },
    });
    expect(screen.getSnapshot().children.tree).toBe(tree);
    expect(tree.getSnapshot().context.source).toEqual({ repoId: 'lake', left: 'main', right: 'feature' });
    expect(pagedListView(tree.getSnapshot().children.root!.getSnapshot()).rows).toEqual(next.results);
    const merge = screen.getSnapshot().children.merge as MergeActorRef;
    expect(merge).not.toBe(before);
    expect(merge.getSnapshot().can({ type: 'merge.open' })).toBe(false);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
