import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { Commit, Diff, Page, RepositoryEvent } from '../../src/api/types';
import {
  changesCommitMachine,
  changesMachine,
  changesRevertMachine,
  FALLBACK_POLL_MS,
  LIVE_RETRY_MS,
  type ChangesInput,
} from '../../src/machines/changes/machine';
import { RECONNECT_FIRST_MS, repositoryEventsMachine } from '../../src/machines/repository-events/machine';
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

  describe('with the live stream', () => {
    /** A stand-in for the tab's stream: what it emits reaches the screen as the stream's events would. */
    function liveStream() {
      const live = createActor(repositoryEventsMachine.provide({ actors: { stream: fromCallback(() => undefined) } }), { input: { repoId: 'lake' } }).start();
      const tell = (event: RepositoryEvent) => live.send({ type: 'stream.event', id: String(++told), event });
      let told = 0;
      return { live, tell };
    }

    it('loads again when the branch shown gets an uncommitted change or moves, and not for another branch', () => {
      const { live, tell } = liveStream();
      const { refreshes } = start({ live });
      tell({ type: 'staging', branch: 'dev', count: 1 });
      tell({ type: 'run', run_id: 'r1', branch: 'main', event_type: 'post-commit', status: 'running' });
      expect(refreshes()).toBe(0);
      tell({ type: 'staging', branch: 'main', count: 3 });
      expect(refreshes()).toBe(1);
      tell({ type: 'branch', branch: 'main', action: 'moved', cause: 'commit', commit_id: 'c2' });
      expect(refreshes()).toBe(2);
      tell({ type: 'reload' });
      expect(refreshes()).toBe(3);
    });

    it('waits for an open commit dialog to close before it loads again', async () => {
      vi.useFakeTimers();
      try {
        const { live, tell } = liveStream();
        const { screen, refreshes } = start({ live });
        const commit = screen.getSnapshot().children.commit!;
        commit.send({ type: 'commit.open' });
        tell({ type: 'staging', branch: 'main', count: 1 });
        expect(refreshes()).toBe(0);
        await vi.advanceTimersByTimeAsync(LIVE_RETRY_MS);
        expect(refreshes()).toBe(0);
        commit.send({ type: 'commit.cancel' });
        await vi.advanceTimersByTimeAsync(LIVE_RETRY_MS);
        expect(refreshes()).toBe(1);
      } finally {
        vi.useRealTimers();
      }
    });

    it('loads again every half minute while the stream is down, and stops once it is back', async () => {
      vi.useFakeTimers();
      try {
        const { live } = liveStream();
        const { refreshes } = start({ live });
        live.send({ type: 'stream.broken' });
        await vi.advanceTimersByTimeAsync(FALLBACK_POLL_MS);
        expect(refreshes()).toBe(1);
        // The stream opens again after its backoff.
        await vi.advanceTimersByTimeAsync(RECONNECT_FIRST_MS);
        live.send({ type: 'stream.opened' });
        await vi.advanceTimersByTimeAsync(FALLBACK_POLL_MS * 2);
        expect(refreshes()).toBe(1);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
