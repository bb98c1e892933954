import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import type { Commit, Page, Ref } from '../../src/api/types';
import { pagedListMachine, type PageRequest } from '../../src/machines/paged-list';
import { refPickerMachine, type BranchCreation, type CommitLookup, type RefListKind } from '../../src/machines/ref-picker';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(refPickerMachine);

const pageOf = <T>(results: T[]): Page<T> => ({ results, pagination: { has_more: false, next_offset: '', results: results.length, max_per_page: 300 } });

const commitOf = (id: string): Commit => ({ id, parents: [], committer: 'u', message: 'found', creation_date: 1, meta_range_id: '' });

function start(
  kind: RefListKind = 'branch',
  offer: { withTags?: boolean; withCommits?: boolean; createFrom?: string } = {},
  findCommit = async (prefix: string) => (prefix === 'dead' ? null : commitOf(`${prefix}0000`)),
  createBranch: (creation: BranchCreation) => Promise<void> = async () => undefined,
) {
  const asked: string[] = [];
  const list = <T>(name: string, row: (request: PageRequest<string>) => T) =>
    pagedListMachine<T, string>().provide({
      actors: {
        fetchPage: fromPromise<Page<T>, PageRequest<string>>(async ({ input }) => {
          // Every list is of the picker's repository.
          expect(input.source).toBe('lake');
          asked.push(`${name} prefix=${input.prefix} amount=${input.amount}`);
          return pageOf([row(input)]);
        }),
      },
    });
  const machine = refPickerMachine.provide({
    actors: {
      branchList: list<Ref>('branches', () => ({ id: 'main', commit_id: 'c1' })),
      tagList: list<Ref>('tags', () => ({ id: 'v1', commit_id: 'c1' })),
      commitList: list<Commit>('commits', (r) => ({ id: `${r.prefix}-head`, parents: [], committer: 'u', message: '', creation_date: 1, meta_range_id: '' })),
      findCommit: fromPromise<Commit | null, CommitLookup>(({ input }) => {
        expect(input.repoId).toBe('lake');
        asked.push(`commit ${input.prefix}`);
        return findCommit(input.prefix);
      }),
      createBranch: fromPromise<void, BranchCreation>(({ input }) => {
        asked.push(`create ${input.name} from ${input.source}`);
        return createBranch(input);
      }),
    },
  });
  return { actor: createActor(machine, { input: { repoId: 'lake', kind, ...offer }, inspect: coverage.inspect }).start(), asked };
}

const settled = (ref: AnyActorRef | null) => waitFor(ref!, (s) => s.matches('ready'), { timeout: 5000 });

describe('ref picker machine', () => {
  it('lists the first tab with the picker page size, and the other one when first shown', async () => {
    const { actor, asked } = start('tag');
    await settled(actor.getSnapshot().context.tags);
    expect(actor.getSnapshot().context.branches).toBeNull();
    actor.send({ type: 'picker.tab', kind: 'branch' });
    await settled(actor.getSnapshot().context.branches);
    actor.send({ type: 'picker.tab', kind: 'tag' });
    expect(asked).toEqual(['tags prefix= amount=300', 'branches prefix= amount=300']);
  });

  describe('filter', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it("filters the shown list by prefix 300 ms after the last keystroke, each tab with its own text", async () => {
      const { actor, asked } = start();
      await vi.waitFor(() => expect(asked).toHaveLength(1), { timeout: 5000 });
      actor.send({ type: 'picker.filter', text: 'fe' });
      vi.advanceTimersByTime(200);
      actor.send({ type: 'picker.filter', text: ' fea ' });
      vi.advanceTimersByTime(300);
      await vi.waitFor(() => expect(asked).toEqual(['branches prefix= amount=300', 'branches prefix=fea amount=300']), { timeout: 5000 });
      actor.send({ type: 'picker.filter', text: 'fea' });
      vi.advanceTimersByTime(300);
      actor.send({ type: 'picker.tab', kind: 'tag' });
      expect(actor.getSnapshot().context.filters).toEqual({ branch: 'fea', tag: '' });
      await vi.waitFor(() => expect(asked).toHaveLength(3), { timeout: 5000 });
      expect(asked[2]).toBe('tags prefix= amount=300');
    });

    it('drops a pause in progress when the tab changes', async () => {
      const { actor, asked } = start();
      await vi.waitFor(() => expect(asked).toHaveLength(1), { timeout: 5000 });
      actor.send({ type: 'picker.filter', text: 'ma' });
      await vi.advanceTimersByTimeAsync(300);
      await vi.waitFor(() => expect(asked).toHaveLength(2), { timeout: 5000 });
      actor.send({ type: 'picker.filter', text: 'fe' });
      actor.send({ type: 'picker.tab', kind: 'tag' });
      await vi.advanceTimersByTimeAsync(300);
      await vi.waitFor(() => expect(asked).toHaveLength(3), { timeout: 5000 });
      expect(asked).toEqual(['branches prefix= amount=300', 'branches prefix=ma amount=300', 'tags prefix= amount=300']);
      expect(actor.getSnapshot().context.branches?.getSnapshot().context.prefix).toBe('ma');
    });
  });

  describe('commit id search', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('looks up a typed commit id prefix of 4 or more hex characters, and forgets it when the text changes', async () => {
      const { actor, asked } = start();
      const typeAndWait = async (text: string) => {
        actor.send({ type: 'picker.filter', text });
        await vi.advanceTimersByTimeAsync(300);
      };
      await typeAndWait('abc');
      expect(asked.filter((a) => a.startsWith('commit'))).toEqual([]);
      await typeAndWait(' ABCD ');
      await vi.waitFor(() => expect(actor.getSnapshot().context.commitMatch?.id).toBe('abcd0000'), { timeout: 5000 });
      expect(asked).toContain('commit abcd');
      expect(actor.getSnapshot().context.commitQuery).toBe('abcd');
      await typeAndWait('abcz');
      expect(actor.getSnapshot().context).toMatchObject({ commitQuery: '', commitMatch: null });
      await typeAndWait('dead');
      await vi.waitFor(() => expect(actor.getSnapshot().hasTag('lookingUpCommit')).toBe(false), { timeout: 5000 });
      expect(actor.getSnapshot().context).toMatchObject({ commitQuery: 'dead', commitMatch: null, commitError: null });
    });

    it("looks up the other tab's text when the tab changes", async () => {
      const { actor, asked } = start();
      actor.send({ type: 'picker.tab', kind: 'tag' });
      actor.send({ type: 'picker.filter', text: 'beef' });
      await vi.advanceTimersByTimeAsync(300);
      actor.send({ type: 'picker.tab', kind: 'branch' });
      expect(actor.getSnapshot().context.commitQuery).toBe('');
      actor.send({ type: 'picker.tab', kind: 'tag' });
      await vi.waitFor(() => expect(actor.getSnapshot().context.commitMatch?.id).toBe('beef0000'), { timeout: 5000 });
      expect(asked.filter((a) => a.startsWith('commit'))).toEqual(['commit beef', 'commit beef']);
    });

    it('keeps the failure of a lookup for the view', async () => {
      const failure = new Error('network down');
      const { actor } = start('branch', {}, () => Promise.reject(failure));
      actor.send({ type: 'picker.filter', text: 'c0ffee' });
      await vi.advanceTimersByTimeAsync(300);
      await vi.waitFor(() => expect(actor.getSnapshot().context.commitError).toBe(failure), { timeout: 5000 });
      expect(actor.getSnapshot().context.commitMatch).toBeNull();
    });

    it('offers neither tags nor commits when asked not to', async () => {
      const { actor, asked } = start('tag', { withTags: false, withCommits: false });
      expect(actor.getSnapshot().context.kind).toBe('branch');
      actor.send({ type: 'picker.tab', kind: 'tag' });
      expect(actor.getSnapshot().context).toMatchObject({ kind: 'branch', tags: null });
      actor.send({ type: 'picker.commits', branch: 'main' });
      expect(actor.getSnapshot().context.commits).toBeNull();
      actor.send({ type: 'picker.filter', text: 'abcdef' });
      await vi.advanceTimersByTimeAsync(300);
      expect(asked.filter((a) => a.startsWith('commit'))).toEqual([]);
    });
  });

  it("shows a branch's commits, and goes back to the branches", async () => {
    const { actor, asked } = start();
    actor.send({ type: 'picker.commits', branch: 'dev' });
    actor.send({ type: 'picker.commits', branch: 'main' });
    expect(actor.getSnapshot().matches({ commits: 'browsing' })).toBe(true);
    const { commits, commitsOf } = actor.getSnapshot().context;
    expect(commitsOf).toBe('main');
    await settled(commits);
    expect(asked).toContain('commits prefix=main amount=300');
    actor.send({ type: 'picker.back' });
    expect(actor.getSnapshot().matches({ commits: 'hidden' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ commits: null, commitsOf: null });
    expect(actor.getSnapshot().children.commits).toBeUndefined();
  });

  describe('a new branch', () => {
    it('creates the branch the typed name names, from the ref given, and tells its owner', async () => {
      const { actor, asked } = start('branch', { createFrom: 'main' });
      const created: string[] = [];
      actor.on('branchCreated', ({ name }) => void created.push(name));
      actor.send({ type: 'picker.filter', text: ' fix-regions ' });
      actor.send({ type: 'picker.createBranch' });
      await waitFor(actor, (s) => !s.hasTag('creatingBranch'), { timeout: 5000 });
      expect(asked).toContain('create fix-regions from main');
      expect(created).toEqual(['fix-regions']);
    });

    it('offers none for a name lakeFS would refuse, on the tags tab, or without a ref to start from', () => {
      const refused = start('branch', { createFrom: 'main' }).actor;
      refused.send({ type: 'picker.filter', text: 'has space' });
      expect(refused.getSnapshot().can({ type: 'picker.createBranch' })).toBe(false);
      const tags = start('tag', { createFrom: 'main' }).actor;
      tags.send({ type: 'picker.filter', text: 'v2' });
      expect(tags.getSnapshot().can({ type: 'picker.createBranch' })).toBe(false);
      const plain = start('branch').actor;
      plain.send({ type: 'picker.filter', text: 'fix' });
      expect(plain.getSnapshot().can({ type: 'picker.createBranch' })).toBe(false);
    });

    it('keeps the refusal until the name changes', async () => {
      const { actor } = start('branch', { createFrom: 'main' }, undefined, async () => {
        throw new Error('branch already exists');
      });
      actor.send({ type: 'picker.filter', text: 'dev' });
      actor.send({ type: 'picker.createBranch' });
      await waitFor(actor, (s) => s.context.createError !== null, { timeout: 5000 });
      actor.send({ type: 'picker.filter', text: 'dev2' });
      expect(actor.getSnapshot().context.createError).toBeNull();
    });
  });

  it('takes every transition', () => coverage.expectAllTaken());
});
