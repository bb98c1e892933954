import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Page } from '../../src/api/types';
import { pagedListMachine, pagedListView, type PagedListInput, type PageRequest } from '../../src/machines/paged-list';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(pagedListMachine<string>());

/** A server of `total` rows named row-0000... answering in pages, with failures on demand. */
function fakeServer(total: number) {
  const all = Array.from({ length: total }, (_, i) => `row-${String(i).padStart(4, '0')}`);
  const requests: PageRequest[] = [];
  let failNext = 0;
  const pending: Array<() => void> = [];
  let hold = false;
  const fetchPage = fromPromise<Page<string>, PageRequest>(async ({ input, signal }) => {
    requests.push(input);
    if (hold) await new Promise<void>((resolve) => pending.push(resolve));
    signal.throwIfAborted();
    if (failNext > 0) {
      failNext--;
      throw new Error('server unavailable');
    }
    const matching = all.filter((row) => row.startsWith(input.prefix) && (input.after === undefined || row > input.after));
    const results = matching.slice(0, input.amount);
    const hasMore = matching.length > input.amount;
    return {
      results,
      pagination: { has_more: hasMore, next_offset: hasMore ? (results.at(-1) ?? '') : '', results: results.length, max_per_page: 1000 },
    };
  });
  return {
    requests,
    failNextRequests: (n: number) => (failNext = n),
    holdRequests: (on: boolean) => {
      hold = on;
      if (!on) pending.splice(0).forEach((release) => release());
    },
    start: (input: PagedListInput<string>) =>
      createActor(pagedListMachine<string>().provide({ actors: { fetchPage } }), { input, inspect: coverage.inspect }).start(),
  };
}

const ready = (s: { matches: (v: 'ready') => boolean }) => s.matches('ready');

describe('paged list machine', () => {
  it('loads the first page from the start cursor with the page size and prefix', async () => {
    const server = fakeServer(250);
    const list = server.start({ pageSize: 100, startAfter: 'row-0009' });
    expect(pagedListView(list.getSnapshot()).loading).toBe(true);
    await waitFor(list, ready, { timeout: 5000 });
    expect(server.requests).toEqual([{ after: 'row-0009', prefix: '', amount: 100 }]);
    const view = pagedListView(list.getSnapshot());
    expect(view.rows[0]).toBe('row-0010');
    expect(view.rows).toHaveLength(100);
    expect(view.hasMore).toBe(true);
  });

  it('loads more from the last cursor until the server has no more, then ignores load more', async () => {
    const server = fakeServer(250);
    const list = server.start({ pageSize: 100 });
    await waitFor(list, ready, { timeout: 5000 });
    list.send({ type: 'list.loadMore' });
    expect(pagedListView(list.getSnapshot()).loadingMore).toBe(true);
    await waitFor(list, ready, { timeout: 5000 });
    list.send({ type: 'list.loadMore' });
    await waitFor(list, ready, { timeout: 5000 });
    expect(server.requests.map((r) => r.after)).toEqual([undefined, 'row-0099', 'row-0199']);
    const { rows, hasMore, version } = pagedListView(list.getSnapshot());
    expect(rows).toHaveLength(250);
    expect(new Set(rows).size).toBe(250);
    expect(hasMore).toBe(false);
    // Started over once, then three pages.
    expect(version).toBe(4);
    list.send({ type: 'list.loadMore' });
    expect(list.getSnapshot().matches('ready')).toBe(true);
    expect(server.requests).toHaveLength(3);
  });

  it('starts ready with a page a route loader fetched, and asks for the next one from its cursor', async () => {
    const server = fakeServer(150);
    const firstPage: Page<string> = {
      results: ['row-0000', 'row-0001'],
      pagination: { has_more: true, next_offset: 'row-0001', results: 2, max_per_page: 1000 },
    };
    const list = server.start({ pageSize: 2, firstPage });
    expect(list.getSnapshot().matches('ready')).toBe(true);
    expect(server.requests).toEqual([]);
    list.send({ type: 'list.loadMore' });
    await waitFor(list, ready, { timeout: 5000 });
    expect(pagedListView(list.getSnapshot()).rows).toEqual(['row-0000', 'row-0001', 'row-0002', 'row-0003']);
  });

  it('shows a first-page failure and loads again on retry', async () => {
    const server = fakeServer(10);
    server.failNextRequests(1);
    const list = server.start({});
    await waitFor(list, (s) => s.matches('failed'), { timeout: 5000 });
    const failed = pagedListView(list.getSnapshot());
    expect(failed.failed).toBe(true);
    expect(String(failed.error)).toContain('server unavailable');
    list.send({ type: 'list.retry' });
    await waitFor(list, ready, { timeout: 5000 });
    expect(pagedListView(list.getSnapshot()).rows).toHaveLength(10);
    expect(pagedListView(list.getSnapshot()).error).toBeUndefined();
  });

  it('keeps the loaded rows when a further page fails, and retries that page', async () => {
    const server = fakeServer(30);
    const list = server.start({ pageSize: 20 });
    await waitFor(list, ready, { timeout: 5000 });
    server.failNextRequests(1);
    list.send({ type: 'list.loadMore' });
    await waitFor(list, (s) => s.matches('moreFailed'), { timeout: 5000 });
    expect(pagedListView(list.getSnapshot()).rows).toHaveLength(20);
    expect(pagedListView(list.getSnapshot()).moreFailed).toBe(true);
    list.send({ type: 'list.retry' });
    await waitFor(list, ready, { timeout: 5000 });
    expect(server.requests.map((r) => r.after)).toEqual([undefined, 'row-0019', 'row-0019']);
    expect(pagedListView(list.getSnapshot()).rows).toHaveLength(30);
  });

  it('reloads from its start cursor in every state, dropping the answer on its way', async () => {
    const server = fakeServer(30);
    const list = server.start({ pageSize: 10, startAfter: 'row-0004' });
    await waitFor(list, ready, { timeout: 5000 });
    list.send({ type: 'list.loadMore' });
    await waitFor(list, ready, { timeout: 5000 });
    list.send({ type: 'list.reload' });
    await waitFor(list, ready, { timeout: 5000 });
    expect(pagedListView(list.getSnapshot()).rows[0]).toBe('row-0005');
    expect(pagedListView(list.getSnapshot()).rows).toHaveLength(10);

    server.holdRequests(true);
    list.send({ type: 'list.loadMore' });
    list.send({ type: 'list.reload' });
    expect(list.getSnapshot().matches('loading')).toBe(true);
    list.send({ type: 'list.reload' });
    server.holdRequests(false);
    await waitFor(list, ready, { timeout: 5000 });
    expect(pagedListView(list.getSnapshot()).rows).toHaveLength(10);

    server.failNextRequests(1);
    list.send({ type: 'list.reload' });
    await waitFor(list, (s) => s.matches('failed'), { timeout: 5000 });
    list.send({ type: 'list.reload' });
    await waitFor(list, ready, { timeout: 5000 });
    server.failNextRequests(1);
    list.send({ type: 'list.loadMore' });
    await waitFor(list, (s) => s.matches('moreFailed'), { timeout: 5000 });
    list.send({ type: 'list.reload' });
    await waitFor(list, ready, { timeout: 5000 });
    expect(pagedListView(list.getSnapshot()).rows).toHaveLength(10);
  });

  it('filters by prefix from the start, forgetting the start cursor', async () => {
    const server = fakeServer(300);
    const list = server.start({ pageSize: 100, startAfter: 'row-0150' });
    await waitFor(list, ready, { timeout: 5000 });
    list.send({ type: 'list.filter', prefix: 'row-002' });
    await waitFor(list, ready, { timeout: 5000 });
    const view = pagedListView(list.getSnapshot());
    expect(view.prefix).toBe('row-002');
    expect(view.rows).toEqual(Array.from({ length: 10 }, (_, i) => `row-002${i}`));
    expect(server.requests.at(-1)).toEqual({ after: undefined, prefix: 'row-002', amount: 100 });
  });

  it('starts over from a first page the route read, or reads one where the route now points', async () => {
    const server = fakeServer(300);
    const list = server.start({ pageSize: 100 });
    await waitFor(list, ready, { timeout: 5000 });
    const firstPage: Page<string> = {
      results: ['row-0200', 'row-0201'],
      pagination: { has_more: true, next_offset: 'row-0201', results: 2, max_per_page: 100 },
    };
    const before = pagedListView(list.getSnapshot()).version;
    list.send({ type: 'route.changed', input: { firstPage, startAfter: 'row-0199' } });
    expect(list.getSnapshot().matches('ready')).toBe(true);
    expect(pagedListView(list.getSnapshot())).toMatchObject({ rows: ['row-0200', 'row-0201'], hasMore: true });
    expect(pagedListView(list.getSnapshot()).version).toBeGreaterThan(before);
    list.send({ type: 'list.loadMore' });
    await waitFor(list, ready, { timeout: 5000 });
    expect(server.requests.at(-1)).toEqual({ after: 'row-0201', prefix: '', amount: 100 });

    list.send({ type: 'route.changed', input: { prefix: 'row-01', startAfter: 'row-0150' } });
    await waitFor(list, ready, { timeout: 5000 });
    expect(server.requests.at(-1)).toEqual({ after: 'row-0150', prefix: 'row-01', amount: 100 });
    expect(pagedListView(list.getSnapshot()).rows[0]).toBe('row-0151');
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
