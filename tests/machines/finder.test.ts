import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { FoundObject, FoundObjectList } from '../../src/api/types';
import { FINDER_DEBOUNCE_MS, FINDER_MATCH_CAP, FINDER_PAGE_SIZE } from '../../src/machines/finder/machine';
import { finderActiveIndex, finderFilter, finderMachine, finderOptions } from '../../src/machines/finder/machine';
import type { FinderPageRequest, FinderScope } from '../../src/machines/finder/machine';
import { controlled, type ControlledCall } from './controlled';
import { transitionCoverage } from './transition-coverage';
import type { Navigation } from '../../src/lib/screen';

const coverage = transitionCoverage(finderMachine);
const scope = { repoId: 'lake', ref: 'main' };

const found = (path: string): FoundObject => ({ path, size_bytes: 1, mtime: 1 });
const pageOf = (paths: string[], next = ''): FoundObjectList => ({
  results: paths.map(found),
  pagination: { has_more: next !== '', next_offset: next, results: paths.length, max_per_page: 1000 },
});

/** Page reads the test answers by hand; `cancelled` lists the texts of those whose signal was aborted. */
function pageReads() {
  const calls: ControlledCall<FinderPageRequest, FoundObjectList>[] = [];
  const cancelled: string[] = [];
  const logic = fromPromise<FoundObjectList, FinderPageRequest>(
    ({ input, signal }) =>
      new Promise((resolve, reject) => {
        signal.addEventListener('abort', () => cancelled.push(input.q));
        calls.push({ input, resolve, reject });
      }),
  );
  const last = () => calls.at(-1)!;
  return { calls, cancelled, logic, last };
}

/** The finder with reads the test answers by hand; `recent` is what the browser remembers, per repository. */
function start(recent: Record<string, string[]> = {}) {
  const pages = pageReads();
  const picks: Navigation[] = [];
  const remembered: { repoId: string; path: string }[] = [];
  const recalls: string[] = [];
  const topLevel = controlled<string[], FinderScope>();
  const machine = finderMachine.provide({
    actors: {
      findPage: pages.logic,
      recentFiles: fromPromise<string[], { repoId: string }>(async ({ input }) => {
        recalls.push(input.repoId);
        return recent[input.repoId] ?? [];
      }),
      topLevelFiles: topLevel.logic,
    },
    actions: {
      navigate: (_, navigation: Navigation) => void picks.push(navigation),
      rememberPick: (_, remember: { repoId: string; path: string }) => void remembered.push(remember),
    },
  });
  const actor = createActor(machine, { inspect: coverage.inspect }).start();
  const typed = async (text: string) => {
    actor.send({ type: 'finder.query', text });
    await vi.advanceTimersByTimeAsync(FINDER_DEBOUNCE_MS);
  };
  return { actor, pages, picks, typed, cancelled: pages.cancelled, topLevel, remembered, recalls };
}

const state = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot();
const rankedPaths = (actor: ReturnType<typeof start>['actor']) => state(actor).context.ranked.map((r) => r.item.path);
const options = (actor: ReturnType<typeof start>['actor']) => finderOptions(state(actor).context);

describe('finder machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('searches the scope once typing pauses, and ranks what it finds', async () => {
    const { actor, pages, typed } = start();
    actor.send({ type: 'finder.open', scope });
    expect(state(actor).matches({ open: { search: 'idle' } })).toBe(true);
    actor.send({ type: 'finder.query', text: 'sal' });
    await vi.advanceTimersByTimeAsync(FINDER_DEBOUNCE_MS - 1);
    await typed(' sales ');
    expect(pages.calls.map((c) => c.input)).toEqual([{ ...scope, q: 'sales', amount: FINDER_PAGE_SIZE }]);
    expect(state(actor).hasTag('searching')).toBe(true);
    pages.last().resolve(pageOf(['a/my-sales.csv', 'sales/x.csv', 'z/sales.csv']));
    await vi.waitFor(() => expect(state(actor).matches({ open: { search: 'done' } })).toBe(true), { timeout: 5000 });
    expect(rankedPaths(actor)).toEqual(['z/sales.csv', 'a/my-sales.csv', 'sales/x.csv']);
    expect(state(actor).context.searched).toBe('sales');
    expect(state(actor).hasTag('searching')).toBe(false);
  });

  it('reads the following pages in the background up to the cap', async () => {
    const { actor, pages, typed } = start();
    actor.send({ type: 'finder.open', scope });
    await typed('x');
    pages.last().resolve(pageOf([], 'a/0'));
    // A short page (the server's time budget ran out) is continued from its cursor.
    await vi.waitFor(() => expect(pages.calls).toHaveLength(2), { timeout: 5000 });
    expect(pages.last().input).toEqual({ ...scope, q: 'x', after: 'a/0', amount: FINDER_PAGE_SIZE });
    expect(state(actor).hasTag('searching')).toBe(true);
    const many = Array.from({ length: FINDER_MATCH_CAP - 1 }, (_, i) => `x${String(i).padStart(4, '0')}`);
    pages.last().resolve(pageOf(many, 'x0998'));
    await vi.waitFor(() => expect(pages.calls).toHaveLength(3), { timeout: 5000 });
    pages.last().resolve(pageOf(['y/x1', 'y/x2'], 'y/x2'));
    await vi.waitFor(() => expect(state(actor).matches({ open: { search: 'done' } })).toBe(true), { timeout: 5000 });
    expect(state(actor).context.found).toHaveLength(FINDER_MATCH_CAP);
    expect(state(actor).context.hasMore).toBe(true);
    expect(pages.calls).toHaveLength(3);
  });

  it('cancels the reading on a new text and on closing', async () => {
    const { actor, pages, typed, cancelled } = start();
    actor.send({ type: 'finder.open', scope });
    await typed('a');
    await typed('ab');
    expect(cancelled).toEqual(['a']);
    expect(pages.calls.map((c) => c.input.q)).toEqual(['a', 'ab']);
    // The cancelled read answering late changes nothing.
    pages.calls[0]!.resolve(pageOf(['a']));
    pages.last().resolve(pageOf(['ab'], 'ab'));
    await vi.waitFor(() => expect(pages.calls).toHaveLength(3), { timeout: 5000 });
    expect(rankedPaths(actor)).toEqual(['ab']);
    actor.send({ type: 'finder.close' });
    expect(state(actor).matches('closed')).toBe(true);
    expect(cancelled).toEqual(['a', 'ab']);
  });

  it('clears the matches when the text is erased, and starts afresh when opened again', async () => {
    const { actor, pages, typed } = start();
    actor.send({ type: 'finder.open', scope });
    await typed('a');
    pages.last().resolve(pageOf(['a']));
    await vi.waitFor(() => expect(state(actor).matches({ open: { search: 'done' } })).toBe(true), { timeout: 5000 });
    actor.send({ type: 'finder.query', text: '  ' });
    expect(state(actor).matches({ open: { search: 'idle' } })).toBe(true);
    expect(state(actor).context).toMatchObject({ query: '  ', found: [], ranked: [], searched: '' });
    await typed('b');
    actor.send({ type: 'finder.close' });
    actor.send({ type: 'finder.open', scope: { repoId: 'lake', ref: 'dev' } });
    expect(state(actor).context).toMatchObject({ scope: { repoId: 'lake', ref: 'dev' }, query: '', found: [] });
  });

  it('searches nothing for a text erased before the pause, and keeps a search the text came back to', async () => {
    const { actor, pages, typed, cancelled } = start();
    actor.send({ type: 'finder.open', scope });
    actor.send({ type: 'finder.query', text: 'a' });
    expect(finderFilter(state(actor))?.getSnapshot().matches('typing')).toBe(true);
    await typed('');
    expect(pages.calls).toHaveLength(0);
    await typed('ab');
    actor.send({ type: 'finder.query', text: 'abc' });
    await typed('ab ');
    // Still the search for 'ab': typing that comes back to it neither cancels nor repeats it.
    expect(pages.calls.map((c) => c.input.q)).toEqual(['ab']);
    expect(cancelled).toEqual([]);
    pages.last().resolve(pageOf(['x/ab']));
    await vi.waitFor(() => expect(state(actor).matches({ open: { search: 'done' } })).toBe(true), { timeout: 5000 });
    expect(rankedPaths(actor)).toEqual(['x/ab']);
    actor.send({ type: 'finder.close' });
    expect(finderFilter(state(actor))).toBeUndefined();
  });

  it('keeps the server’s message on a failure, and retries the page that failed', async () => {
    const { actor, pages, typed } = start();
    actor.send({ type: 'finder.open', scope });
    await typed('a');
    const failure = new Error('ref not found');
    pages.last().reject(failure);
    await vi.waitFor(() => expect(state(actor).matches({ open: { search: 'searchFailed' } })).toBe(true), { timeout: 5000 });
    expect(state(actor).context.error).toBe(failure);
    expect(state(actor).hasTag('failed')).toBe(true);
    actor.send({ type: 'finder.retry' });
    expect(state(actor).context.error).toBeUndefined();
    expect(pages.last().input).toEqual({ ...scope, q: 'a', amount: FINDER_PAGE_SIZE });
    pages.last().resolve(pageOf(['a1'], 'a1'));
    await vi.waitFor(() => expect(pages.calls).toHaveLength(3), { timeout: 5000 });
    pages.last().reject(new Error('network down'));
    await vi.waitFor(() => expect(state(actor).matches({ open: { search: 'readFailed' } })).toBe(true), { timeout: 5000 });
    expect(rankedPaths(actor)).toEqual(['a1']);
    actor.send({ type: 'finder.retry' });
    expect(pages.last().input).toMatchObject({ q: 'a', after: 'a1' });
    pages.last().resolve(pageOf(['a2']));
    await vi.waitFor(() => expect(state(actor).matches({ open: { search: 'done' } })).toBe(true), { timeout: 5000 });
    expect(rankedPaths(actor)).toEqual(['a1', 'a2']);
  });

  it('moves the active option within the matches and opens it, or its folder', async () => {
    const { actor, pages, picks, typed } = start();
    actor.send({ type: 'finder.open', scope });
    actor.send({ type: 'finder.move', to: 'next' });
    expect(state(actor).context.activePath).toBeNull();
    actor.send({ type: 'finder.pick', target: 'object' });
    expect(state(actor).matches('open')).toBe(true);
    await typed('c');
    pages.last().resolve(pageOf(['a/c', 'b/c', 'c/x']));
    await vi.waitFor(() => expect(state(actor).matches({ open: { search: 'done' } })).toBe(true), { timeout: 5000 });
    const active = () => finderActiveIndex(state(actor).context);
    expect(active()).toBe(0);
    actor.send({ type: 'finder.move', to: 'previous' });
    expect(active()).toBe(0);
    actor.send({ type: 'finder.move', to: 'next' });
    actor.send({ type: 'finder.move', to: 'next' });
    actor.send({ type: 'finder.move', to: 'next' });
    expect(active()).toBe(2);
    actor.send({ type: 'finder.move', to: 'first' });
    expect(active()).toBe(0);
    actor.send({ type: 'finder.move', to: 'last' });
    expect(state(actor).context.activePath).toBe('c/x');
    actor.send({ type: 'finder.pick', target: 'folder' });
    expect(picks).toEqual([{ to: '/repositories/$repoId/objects', params: { repoId: 'lake' }, search: { ref: 'main', path: 'c/' } }]);
    expect(state(actor).matches('closed')).toBe(true);
    actor.send({ type: 'finder.open', scope });
    actor.send({ type: 'finder.pick', target: 'object', path: 'b/c' });
    expect(picks[1]).toEqual({ to: '/repositories/$repoId/object', params: { repoId: 'lake' }, search: { ref: 'main', path: 'b/c' } });
  });

  it('suggests the recent files, then the top-level files of the ref, before anything is typed', async () => {
    const { actor, topLevel, recalls } = start({ lake: ['data/lakes.csv', 'README.md'], other: ['x.csv'] });
    actor.send({ type: 'finder.open', scope });
    // The recent files show at once; the top-level files once the ref is listed.
    await vi.waitFor(() => expect(state(actor).hasTag('listing')).toBe(true));
    expect(recalls).toEqual(['lake']);
    expect(options(actor)).toEqual(['data/lakes.csv', 'README.md']);
    expect(topLevel.last().input).toEqual(scope);
    topLevel.last().resolve(['README.md', 'a.csv', 'b.parquet']);
    await vi.waitFor(() => expect(state(actor).matches({ open: { suggestions: 'listed' } })).toBe(true));
    // A recent file at the top level is offered once, as recent.
    expect(options(actor)).toEqual(['data/lakes.csv', 'README.md', 'a.csv', 'b.parquet']);
    expect(state(actor).hasTag('listing')).toBe(false);
  });

  it('moves through the suggestions and opens one, remembering it; typing replaces them, erasing brings them back', async () => {
    const { actor, pages, picks, typed, topLevel, remembered } = start({ lake: ['data/lakes.csv'] });
    actor.send({ type: 'finder.open', scope });
    await vi.waitFor(() => expect(topLevel.calls).toHaveLength(1));
    topLevel.last().resolve(['a.csv', 'b.csv']);
    await vi.waitFor(() => expect(state(actor).matches({ open: { suggestions: 'listed' } })).toBe(true));
    const active = () => finderActiveIndex(state(actor).context);
    actor.send({ type: 'finder.move', to: 'next' });
    actor.send({ type: 'finder.move', to: 'next' });
    actor.send({ type: 'finder.move', to: 'next' });
    expect(active()).toBe(2);
    expect(state(actor).context.activePath).toBe('b.csv');
    // Typing offers the matches instead, read once; the suggestions are kept for an emptied box.
    await typed('lk');
    pages.last().resolve(pageOf(['data/lakes.csv']));
    await vi.waitFor(() => expect(state(actor).matches({ open: { search: 'done' } })).toBe(true));
    expect(options(actor)).toEqual(['data/lakes.csv']);
    expect(active()).toBe(0);
    actor.send({ type: 'finder.query', text: '' });
    expect(options(actor)).toEqual(['data/lakes.csv', 'a.csv', 'b.csv']);
    expect(topLevel.calls).toHaveLength(1);
    actor.send({ type: 'finder.move', to: 'last' });
    actor.send({ type: 'finder.pick', target: 'object' });
    expect(picks).toEqual([{ to: '/repositories/$repoId/object', params: { repoId: 'lake' }, search: { ref: 'main', path: 'b.csv' } }]);
    expect(remembered).toEqual([{ repoId: 'lake', path: 'b.csv' }]);
    expect(state(actor).matches('closed')).toBe(true);
  });

  it('keeps the recent files when the top level cannot be listed, and lists it again on retry', async () => {
    const { actor, topLevel } = start({ lake: ['data/lakes.csv'] });
    actor.send({ type: 'finder.open', scope });
    await vi.waitFor(() => expect(topLevel.calls).toHaveLength(1));
    const failure = new Error('ref not found');
    topLevel.last().reject(failure);
    await vi.waitFor(() => expect(state(actor).hasTag('listFailed')).toBe(true));
    expect(state(actor).context.listError).toBe(failure);
    expect(options(actor)).toEqual(['data/lakes.csv']);
    actor.send({ type: 'finder.retry' });
    expect(state(actor).context.listError).toBeUndefined();
    await vi.waitFor(() => expect(topLevel.calls).toHaveLength(2));
    topLevel.last().resolve(['a.csv']);
    await vi.waitFor(() => expect(options(actor)).toEqual(['data/lakes.csv', 'a.csv']));
  });

  it('suggests only the top-level files when the recent ones cannot be read', async () => {
    const topLevel = controlled<string[], FinderScope>();
    const machine = finderMachine.provide({
      actors: {
        recentFiles: fromPromise<string[], { repoId: string }>(() => Promise.reject(new Error('storage refused'))),
        topLevelFiles: topLevel.logic,
      },
    });
    const refused = createActor(machine, { inspect: coverage.inspect }).start();
    refused.send({ type: 'finder.open', scope });
    await vi.waitFor(() => expect(topLevel.calls).toHaveLength(1));
    topLevel.last().resolve(['a.csv']);
    await vi.waitFor(() => expect(finderOptions(refused.getSnapshot().context)).toEqual(['a.csv']));
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
