import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Commit, Diff, Page } from '../../src/api/types';
import { changesCommitMachine, changesMachine, changesRevertMachine, type ChangesInput } from '../../src/machines/changes/machine';
import type { CommitRequest, SuggestionRequest } from '../../src/machines/commit';
import type { RevertRequest } from '../../src/machines/revert';
import { pagedListView } from '../../src/machines/paged-list';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(changesMachine);

const firstPage: Page<Diff> = {
  results: [{ type: 'added', path: 'a.txt', path_type: 'object' }],
  pagination: { has_more: false, next_offset: '', results: 1, max_per_page: 1000 },
};
const made: Commit = { id: 'c1', parents: [], committer: 'ada', message: 'load data', creation_date: 1, meta_range_id: '' };

function start(input: Partial<ChangesInput> = {}) {
  let refreshes = 0;
  const refresh = () => void refreshes++;
  const machine = changesMachine.provide({
    actions: { invalidate: refresh, navigate: () => undefined },
    actors: {
      commit: changesCommitMachine.provide({
        actors: {
          commit: fromPromise<Commit, CommitRequest>(async () => made),
          suggest: fromPromise<string | null, SuggestionRequest>(async () => null),
        },
      }),
      revert: changesRevertMachine.provide({
        actors: { reset: fromPromise<void, RevertRequest>(async () => undefined) },
      }),
    },
  });
  const screen = createActor(machine, {
    input: { repoId: 'lake', branch: 'main', readOnly: false, protectedBranch: false, hasChanges: true, prefix: '', firstPage, ...input },
    inspect: coverage.inspect,
  }).start();
  return { screen, refreshes: () => refreshes };
}

describe('changes screen machine', () => {
  it('starts the tree from the loaded page and the flows from what the route loaded', () => {
    const { screen } = start();
    const { tree, commit, revert, summary } = screen.getSnapshot().children;
    const root = tree?.getSnapshot().children.root;
    expect(root && pagedListView(root.getSnapshot()).rows.map((d) => d.path)).toEqual(['a.txt']);
    expect(commit?.getSnapshot().can({ type: 'commit.open' })).toBe(true);
    expect(revert?.getSnapshot().can({ type: 'revert.request', target: { type: 'reset' } })).toBe(true);
    expect(summary?.getSnapshot().matches('idle')).toBe(true);
  });

  it('passes a read-only repository, a protected branch and a branch without changes to commit and revert', () => {
    for (const input of [{ readOnly: true }, { protectedBranch: true }, { hasChanges: false }]) {
      const { commit, revert } = start(input).screen.getSnapshot().children;
      expect(commit?.getSnapshot().can({ type: 'commit.open' })).toBe(false);
      expect(revert?.getSnapshot().can({ type: 'revert.request', target: { type: 'reset' } })).toBe(false);
    }
  });

  it('loads the page again on refresh, after a commit and after a revert', async () => {
    const { screen, refreshes } = start();
    screen.send({ type: 'changes.refresh' });
    expect(refreshes()).toBe(1);
    const { commit, revert } = screen.getSnapshot().children;
    commit?.send({ type: 'commit.open' });
    commit?.send({ type: 'message.change', value: 'load data' });
    commit?.send({ type: 'commit.submit' });
    await waitFor(commit!, (s) => s.matches('closed'), { timeout: 5000 });
    expect(refreshes()).toBe(2);
    revert?.send({ type: 'revert.request', target: { type: 'reset' } });
    revert?.send({ type: 'revert.confirm' });
    await waitFor(revert!, (s) => s.matches('idle'), { timeout: 5000 });
    expect(refreshes()).toBe(3);
    // The revert leaves a receipt in place of the commit's.
    expect(screen.getSnapshot().context.receipt).toEqual({ kind: 'revert', target: { type: 'reset' } });
  });

  it('takes a new load into the same tree, and starts the flows over for the branch as it now is', () => {
    const { screen } = start();
    const { tree, commit } = screen.getSnapshot().children;
    screen.send({
      type: 'route.changed',
      input: { repoId: 'lake', branch: 'dev', readOnly: false, protectedBranch: false, hasChanges: false, prefix: '', firstPage: { ...firstPage, results: [] } },
    });
    const after = screen.getSnapshot().children;
    expect(after.tree).toBe(tree);
    const root = after.tree?.getSnapshot().children.root;
    expect(root && pagedListView(root.getSnapshot()).rows).toEqual([]);
    expect(after.commit).not.toBe(commit);
    expect(after.commit?.getSnapshot().can({ type: 'commit.open' })).toBe(false);
  });

  it('keeps the commit made as a receipt across the reload, until dismissed or another branch is shown', async () => {
    const { screen } = start();
    expect(screen.getSnapshot().context.receipt).toBeNull();
    const commit = screen.getSnapshot().children.commit!;
    commit.send({ type: 'commit.open' });
    commit.send({ type: 'message.change', value: 'load data' });
    commit.send({ type: 'commit.submit' });
    await waitFor(screen, (s) => s.context.receipt !== null, { timeout: 5000 });
    const reloaded = { repoId: 'lake', branch: 'main', readOnly: false, protectedBranch: false, hasChanges: false, prefix: '', firstPage: { ...firstPage, results: [] } };
    screen.send({ type: 'route.changed', input: reloaded });
    expect(screen.getSnapshot().context.receipt).toEqual({ kind: 'commit', commit: made });
    screen.send({ type: 'receipt.dismiss' });
    expect(screen.getSnapshot().context.receipt).toBeNull();

    const again = screen.getSnapshot().children.commit!;
    screen.send({ type: 'route.changed', input: { ...reloaded, hasChanges: true } });
    const fresh = screen.getSnapshot().children.commit!;
    expect(fresh).not.toBe(again);
    fresh.send({ type: 'commit.open' });
    fresh.send({ type: 'message.change', value: 'load data' });
    fresh.send({ type: 'commit.submit' });
    await waitFor(screen, (s) => s.context.receipt !== null, { timeout: 5000 });
    screen.send({ type: 'route.changed', input: { ...reloaded, branch: 'dev' } });
    expect(screen.getSnapshot().context.receipt).toBeNull();
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
