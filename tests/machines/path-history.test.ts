import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Commit, Diff, ObjectStats, Page } from '../../src/api/types';
import { NO_BRANCH_PROTECTION } from '../../src/lib/branch-protection';
import type { DiffLine } from '../../src/lib/line-diff';
import { objectDiffMachine, type ObjectDiffInput } from '../../src/machines/object-diff';
import { pagedListMachine, pagedListView, type PageRequest } from '../../src/machines/paged-list';
import {
  COMPARE_UNSUPPORTED,
  HISTORY_COUNT_LIMIT,
  pathHistoryMachine,
  readVersions,
  RESTORE_DELETED,
  RESTORE_PREFIX,
  RESTORE_READ_ONLY,
  restoreRefusal,
  restoreTargetRefusal,
  versionsList,
  type HistorySource,
  type PathHistoryInput,
  type PathVersion,
  type RestoreRequest,
  type VersionReads,
} from '../../src/machines/path-history';
import { rowDiffMachine, type RowDiffInput } from '../../src/machines/row-diff';
import type { ColumnPlan } from '../../src/lib/sql/row-diff';
import { controlled } from './controlled';
import { routerSpy } from './screen';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(pathHistoryMachine);
const TIMEOUT = { timeout: 5000 };

const page = <T,>(results: T[], next = ''): Page<T> => ({
  results,
  pagination: { has_more: next !== '', next_offset: next, results: results.length, max_per_page: 1000 },
});
const commit = (id: string, parents = [`${id}-parent`]): Commit => ({
  id,
  parents,
  committer: 'ada',
  message: `commit ${id}`,
  creation_date: 1_700_000_000,
  meta_range_id: '',
});
const objectVersion = (id: string, size = 10): PathVersion => ({ commit: commit(id), state: { kind: 'object', size, checksum: `sum-${id}` } });
const deletedVersion = (id: string): PathVersion => ({ commit: commit(id), state: { kind: 'deleted' } });
const stats = (path: string, size: number, checksum: string): ObjectStats => ({
  path,
  path_type: 'object',
  physical_address: 'local://x',
  checksum,
  size_bytes: size,
  mtime: 1,
});

describe('readVersions', () => {
  const reads = (overrides: Partial<VersionReads>): VersionReads => ({
    log: () => Promise.reject(new Error('no log')),
    statAt: () => Promise.reject(new Error('no stat')),
    diff: () => Promise.reject(new Error('no diff')),
    ...overrides,
  });
  const signal = new AbortController().signal;

  it("lists an object's commits with the size and checksum each left, and a deletion as such", async () => {
    const asked: unknown[] = [];
    const versions = await readVersions(
      reads({
        log: async (_repo, ref, params) => {
          asked.push({ ref, ...params });
          return page([commit('c3'), commit('c2'), commit('c1')], 'c1');
        },
        statAt: async (_repo, commitId, path) => (commitId === 'c2' ? undefined : stats(path, commitId === 'c3' ? 30 : 10, `sum-${commitId}`)),
      }),
      { repoId: 'lake', ref: 'main', path: 'data/a.txt' },
      { amount: 25 },
      signal,
    );
    expect(asked).toEqual([{ ref: 'main', after: undefined, amount: 25, objects: ['data/a.txt'] }]);
    expect(versions.results.map((v) => [v.commit.id, v.state])).toEqual([
      ['c3', { kind: 'object', size: 30, checksum: 'sum-c3' }],
      ['c2', { kind: 'deleted' }],
      ['c1', { kind: 'object', size: 10, checksum: 'sum-c1' }],
    ]);
    expect(versions.pagination.next_offset).toBe('c1');
  });

  it("counts what each commit added, changed and removed under a prefix against its first parent, capped", async () => {
    const diffs: Array<{ left: string; right: string; prefix: string; after?: string; amount: number }> = [];
    const many = Array.from({ length: HISTORY_COUNT_LIMIT }, (_, i): Diff => ({ type: 'added', path: `p/${i}`, path_type: 'object' }));
    const versions = await readVersions(
      reads({
        log: async (_repo, _ref, params) => {
          expect(params.prefixes).toEqual(['p/']);
          return page([commit('big'), commit('small', ['s-parent', 'other']), commit('root', [])]);
        },
        diff: async (_repo, left, right, params) => {
          diffs.push({ left, right, ...params });
          if (right === 'big') return page(many, 'p/999');
          return page<Diff>([
            { type: 'added', path: 'p/a', path_type: 'object' },
            { type: 'changed', path: 'p/b', path_type: 'object' },
            { type: 'removed', path: 'p/c', path_type: 'object' },
            { type: 'removed', path: 'p/d', path_type: 'object' },
          ]);
        },
      }),
      { repoId: 'lake', ref: 'main', path: 'p/' },
      { amount: 25 },
      signal,
    );
    expect(versions.results.map((v) => v.state)).toEqual([
      { kind: 'prefix', counts: { added: HISTORY_COUNT_LIMIT, changed: 0, removed: 0, capped: true } },
      { kind: 'prefix', counts: { added: 1, changed: 1, removed: 2, capped: false } },
      { kind: 'prefix', counts: undefined },
    ]);
    // One page of the cap for the big commit, read no further; the merge commit against its first parent.
    expect(diffs.map((d) => [d.left, d.right, d.prefix, d.amount])).toEqual([
      ['big-parent', 'big', 'p/', HISTORY_COUNT_LIMIT],
      ['s-parent', 'small', 'p/', HISTORY_COUNT_LIMIT],
    ]);
  });
});

function start(input: Partial<PathHistoryInput> = {}) {
  const router = routerSpy();
  const copies = controlled<ObjectStats, RestoreRequest>();
  const contentInputs: ObjectDiffInput[] = [];
  const listRequests: PageRequest<HistorySource>[] = [];
  const machine = pathHistoryMachine.provide({
    actions: router.actions,
    actors: {
      versions: pagedListMachine<PathVersion, HistorySource>().provide({
        actors: {
          fetchPage: fromPromise<Page<PathVersion>, PageRequest<HistorySource>>(async ({ input: request }) => {
            listRequests.push(request);
            return page([objectVersion('n1')]);
          }),
        },
      }),
      contentDiff: objectDiffMachine.provide({
        actors: {
          loadObjectDiff: fromPromise<DiffLine[], ObjectDiffInput>(async ({ input: diffInput }) => {
            contentInputs.push(diffInput);
            return [];
          }),
        },
      }),
      rowDiff: rowDiffMachine.provide({
        actors: {
          describeSides: fromPromise<ColumnPlan, RowDiffInput>(() => new Promise<ColumnPlan>(() => undefined)),
        },
      }),
      copy: copies.logic,
    },
  });
  const full: PathHistoryInput = {
    repoId: 'lake',
    refId: 'main',
    refKind: 'branch',
    path: 'data/a.txt',
    defaultBranch: 'main',
    readOnly: false,
    protection: NO_BRANCH_PROTECTION,
    firstPage: page([objectVersion('c3', 30), objectVersion('c2', 20), objectVersion('c1', 10)], 'c1'),
    ...input,
  };
  const actor = createActor(machine, { input: full, inspect: coverage.inspect }).start();
  return { actor, router, copies, contentInputs, listRequests, input: full };
}

const pick = (version: PathVersion, position: number) => ({ type: 'version.toggle' as const, picked: { version, position } });

describe('path history machine', () => {
  it('starts from the first page the route read, and pages on from its cursor', async () => {
    const { actor, listRequests } = start();
    const list = versionsList(actor.getSnapshot());
    expect(pagedListView(list.getSnapshot()).rows.map((v) => v.commit.id)).toEqual(['c3', 'c2', 'c1']);
    list.send({ type: 'list.loadMore' });
    await waitFor(list, (s) => s.context.rows.length === 4, TIMEOUT);
    expect(listRequests[0]).toMatchObject({ after: 'c1', amount: 25, source: { repoId: 'lake', ref: 'main', path: 'data/a.txt' } });
  });

  it('compares two picked versions with the content diff, the older on the left whatever the order picked', async () => {
    const { actor, contentInputs } = start();
    actor.send({ type: 'compare.picked' });
    expect(actor.getSnapshot().matches({ compare: 'idle' })).toBe(true);
    actor.send(pick(objectVersion('c3', 30), 0));
    actor.send(pick(objectVersion('c1', 10), 2));
    actor.send({ type: 'compare.picked' });
    await waitFor(actor, (s) => s.matches({ compare: 'content' }), TIMEOUT);
    await waitFor(actor, () => contentInputs.length === 1, TIMEOUT);
    expect(contentInputs[0]).toEqual({
      entry: { type: 'changed', path: 'data/a.txt', path_type: 'object', size_bytes: 30 },
      sides: { repoId: 'lake', leftRef: 'c1', rightRef: 'c3' },
    });
    // A second click on a pick takes it back; a third pick replaces the first.
    actor.send(pick(objectVersion('c1', 10), 2));
    expect(actor.getSnapshot().context.picked.map((p) => p.version.commit.id)).toEqual(['c3']);
    actor.send(pick(objectVersion('c2'), 1));
    actor.send(pick(objectVersion('c1'), 2));
    expect(actor.getSnapshot().context.picked.map((p) => p.version.commit.id)).toEqual(['c2', 'c1']);
    actor.send({ type: 'compare.close' });
    expect(actor.getSnapshot().matches({ compare: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.comparison).toBeNull();
  });

  it('compares a version with the one before it; a deletion is an added or removed side', () => {
    const { actor } = start();
    actor.send({ type: 'compare.previous', newer: { version: deletedVersion('c3'), position: 0 }, older: { version: objectVersion('c2', 20), position: 1 } });
    expect(actor.getSnapshot().matches({ compare: 'content' })).toBe(true);
    expect(actor.getSnapshot().context.comparison?.entry).toEqual({ type: 'removed', path: 'data/a.txt', path_type: 'object', size_bytes: 20 });
    actor.send({ type: 'compare.previous', newer: { version: deletedVersion('c3'), position: 0 }, older: { version: deletedVersion('c2'), position: 1 } });
    expect(actor.getSnapshot().matches({ compare: 'nothingToCompare' })).toBe(true);
  });

  it('uses the row diff for a data file, and says when a format cannot be compared', () => {
    const csv = start({ path: 'data/t.csv' });
    csv.actor.send({ type: 'compare.previous', newer: { version: objectVersion('c2'), position: 0 }, older: { version: objectVersion('c1'), position: 1 } });
    expect(csv.actor.getSnapshot().matches({ compare: 'rows' })).toBe(true);
    const bin = start({ path: 'data/model.bin' });
    bin.actor.send({ type: 'compare.previous', newer: { version: objectVersion('c2'), position: 0 }, older: { version: objectVersion('c1'), position: 1 } });
    expect(bin.actor.getSnapshot().matches({ compare: 'unsupported' })).toBe(true);
    expect(COMPARE_UNSUPPORTED).toMatch(/Download both versions/);
  });

  it("opens the Compare screen between two commits of a prefix's history", () => {
    const { actor, router } = start({ path: 'data/' });
    const version = (id: string): PathVersion => ({ commit: commit(id), state: { kind: 'prefix', counts: undefined } });
    actor.send({ type: 'compare.previous', newer: { version: version('c2'), position: 0 }, older: { version: version('c1'), position: 1 } });
    expect(router.navigations).toEqual([
      { to: '/repositories/$repoId/compare', params: { repoId: 'lake' }, search: { ref: 'c1', compare: 'c2', prefix: 'data/' }, replace: false },
    ]);
    expect(actor.getSnapshot().matches({ compare: 'idle' })).toBe(true);
  });

  it('restores a version onto the picked branch after confirming, and leaves a receipt', async () => {
    const { actor, copies } = start({ refId: 'c9', refKind: 'commit', defaultBranch: 'main' });
    actor.send({ type: 'restore.request', version: objectVersion('c1') });
    // Shown at a commit, the restore goes to the default branch unless the user picks another.
    expect(actor.getSnapshot().context.restore?.branch).toBe('main');
    actor.send({ type: 'restore.branch', branch: 'fix' });
    actor.send({ type: 'restore.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(copies.last().input).toEqual({ repoId: 'lake', branch: 'fix', path: 'data/a.txt', commitId: 'c1' });
    copies.last().reject(new Error('Not allowed: you need the fs:WriteObject permission'));
    await waitFor(actor, (s) => s.matches({ restore: 'confirming' }), TIMEOUT);
    expect(String(actor.getSnapshot().context.error)).toMatch(/fs:WriteObject/);
    actor.send({ type: 'restore.confirm' });
    copies.last().resolve(stats('data/a.txt', 10, 'sum-c1'));
    await waitFor(actor, (s) => s.matches({ restore: 'idle' }), TIMEOUT);
    expect(actor.getSnapshot().context.receipt).toEqual({ branch: 'fix', path: 'data/a.txt', commitId: 'c1', creationDate: 1_700_000_000 });
    actor.send({ type: 'receipt.dismiss' });
    expect(actor.getSnapshot().context.receipt).toBeNull();
  });

  it('restores onto the shown branch by default, and can be cancelled', () => {
    const { actor, copies } = start();
    actor.send({ type: 'restore.request', version: objectVersion('c2') });
    expect(actor.getSnapshot().context.restore?.branch).toBe('main');
    actor.send({ type: 'restore.cancel' });
    expect(actor.getSnapshot().matches({ restore: 'idle' })).toBe(true);
    expect(copies.calls).toHaveLength(0);
  });

  it('refuses to restore a deletion, a prefix, into a read-only repository, or onto a protected branch', () => {
    const ctx = { readOnly: false, path: 'data/a.txt' };
    expect(restoreRefusal(ctx, deletedVersion('c2'))).toBe(RESTORE_DELETED);
    expect(restoreRefusal({ ...ctx, readOnly: true }, objectVersion('c2'))).toBe(RESTORE_READ_ONLY);
    expect(restoreRefusal({ ...ctx, path: 'data/' }, objectVersion('c2'))).toBe(RESTORE_PREFIX);

    const readOnly = start({ readOnly: true });
    readOnly.actor.send({ type: 'restore.request', version: objectVersion('c2') });
    expect(readOnly.actor.getSnapshot().matches({ restore: 'idle' })).toBe(true);

    const guarded = start({ protection: { patterns: ['main'], covers: (branch) => branch === 'main' } });
    guarded.actor.send({ type: 'restore.request', version: objectVersion('c2') });
    expect(restoreTargetRefusal(guarded.actor.getSnapshot().context)).toMatch(/Branch main is protected/);
    guarded.actor.send({ type: 'restore.confirm' });
    expect(guarded.actor.getSnapshot().matches({ restore: 'confirming' })).toBe(true);
    expect(guarded.copies.calls).toHaveLength(0);
  });

  it("starts over when the route moves to another path, dropping the picks and the comparison", async () => {
    const { actor, input, listRequests } = start();
    actor.send({ type: 'compare.previous', newer: { version: objectVersion('c2'), position: 0 }, older: { version: objectVersion('c1'), position: 1 } });
    const next = { ...input, path: 'data/b.txt', firstPage: page([objectVersion('b1')]) };
    actor.send({ type: 'route.changed', input: next });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ compare: 'idle' })).toBe(true);
    expect(snapshot.context.picked).toEqual([]);
    expect(snapshot.context.path).toBe('data/b.txt');
    const list = versionsList(snapshot);
    expect(pagedListView(list.getSnapshot()).rows.map((v) => v.commit.id)).toEqual(['b1']);
    expect(list.getSnapshot().context.source.path).toBe('data/b.txt');
    expect(listRequests).toHaveLength(0);
  });

  it('takes every transition', () => coverage.expectAllTaken());
});
