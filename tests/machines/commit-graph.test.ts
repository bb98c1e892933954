import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Commit, Page } from '../../src/api/types';
import { emptyGraphLayout, extendGraphLayout, incrementalGraphLayout, type GraphLayout } from '../../src/lib/commit-graph';
import { commitGraphMachine } from '../../src/machines/commit-graph';
import { pagedListView, type PagedListInput } from '../../src/machines/paged-list';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(commitGraphMachine(() => Promise.reject(new Error('unused'))));

const commit = (id: string, ...parents: string[]): Commit => ({
  id,
  parents,
  committer: 'ada',
  message: id,
  creation_date: 1_700_000_000,
  meta_range_id: '',
});

/** main: m3 - merge(m2, f2) - m1 - f1 ... - root, with a tag head t1 on root: the graph order the server gives. */
const history = [
  commit('m3', 'merge'),
  commit('t1', 'root'),
  commit('merge', 'm1', 'f2'),
  commit('f2', 'f1'),
  commit('m1', 'root'),
  commit('f1', 'root'),
  commit('root'),
];

/** A graph server whose cursor is opaque (the base64 of the next position), failing on demand. */
function fakeGraph() {
  const requests: { after?: string; amount?: number }[] = [];
  let failNext = 0;
  const fetchPage = async (params: { after?: string; amount?: number }): Promise<Page<Commit>> => {
    requests.push(params);
    if (failNext > 0) {
      failNext--;
      throw new Error('server unavailable');
    }
    const from = params.after ? Number(atob(params.after)) : 0;
    const amount = params.amount ?? 100;
    const results = history.slice(from, from + amount);
    const hasMore = from + amount < history.length;
    return {
      results,
      pagination: { has_more: hasMore, next_offset: hasMore ? btoa(String(from + amount)) : '', results: results.length, max_per_page: 1000 },
    };
  };
  return {
    requests,
    failNextRequests: (n: number) => (failNext = n),
    start: (input: PagedListInput<Commit, string>) => createActor(commitGraphMachine((_repoId, params) => fetchPage(params)), { input, inspect: coverage.inspect }).start(),
    fetchPage,
  };
}

const settled = (s: { matches: (v: 'ready' | 'failed' | 'moreFailed') => boolean }) => s.matches('ready') || s.matches('failed') || s.matches('moreFailed');
const rowIds = (layout: GraphLayout<Commit>) => layout.rows.map((row) => row.commit.id);

describe('commit graph machine', () => {
  it('starts from the loader’s first page, then pages by the server’s opaque cursor, laying out each page as it comes', async () => {
    const server = fakeGraph();
    const firstPage = await server.fetchPage({ amount: 3 });
    server.requests.length = 0;
    const graph = server.start({ firstPage, pageSize: 3 });
    const layoutOf = incrementalGraphLayout<Commit>();
    expect(graph.getSnapshot().matches('ready')).toBe(true);
    expect(rowIds(layoutOf(pagedListView(graph.getSnapshot()).rows))).toEqual(['m3', 't1', 'merge']);
    while (pagedListView(graph.getSnapshot()).hasMore) {
      graph.send({ type: 'list.loadMore' });
      await waitFor(graph, settled, { timeout: 5000 });
    }
    expect(server.requests).toEqual([
      { after: btoa('3'), amount: 3 },
      { after: btoa('6'), amount: 3 },
    ]);
    const laidOut = layoutOf(pagedListView(graph.getSnapshot()).rows);
    const whole = extendGraphLayout(emptyGraphLayout as GraphLayout<Commit>, history);
    expect(laidOut.rows.map(({ lane, through, incoming, outgoing }) => ({ lane, through, incoming, outgoing }))).toEqual(
      whole.rows.map(({ lane, through, incoming, outgoing }) => ({ lane, through, incoming, outgoing })),
    );
  });

  it('loads the first page itself without one, and retries it after a failure', async () => {
    const server = fakeGraph();
    server.failNextRequests(1);
    const graph = server.start({ pageSize: 100 });
    await waitFor(graph, settled, { timeout: 5000 });
    expect(pagedListView(graph.getSnapshot()).failed).toBe(true);
    graph.send({ type: 'list.retry' });
    await waitFor(graph, settled, { timeout: 5000 });
    expect(pagedListView(graph.getSnapshot()).rows).toHaveLength(history.length);
    expect(server.requests).toEqual([{ after: undefined, amount: 100 }, { after: undefined, amount: 100 }]);
  });

  it('keeps the loaded rows when a further page fails, and retries that page from the same cursor', async () => {
    const server = fakeGraph();
    const graph = server.start({ pageSize: 4 });
    await waitFor(graph, settled, { timeout: 5000 });
    server.failNextRequests(1);
    graph.send({ type: 'list.loadMore' });
    await waitFor(graph, settled, { timeout: 5000 });
    expect(pagedListView(graph.getSnapshot())).toMatchObject({ moreFailed: true });
    expect(pagedListView(graph.getSnapshot()).rows).toHaveLength(4);
    graph.send({ type: 'list.retry' });
    await waitFor(graph, settled, { timeout: 5000 });
    expect(pagedListView(graph.getSnapshot()).rows).toHaveLength(history.length);
    expect(server.requests.slice(1)).toEqual([{ after: btoa('4'), amount: 4 }, { after: btoa('4'), amount: 4 }]);
  });

  it('starts over from the heads on refresh', async () => {
    const server = fakeGraph();
    const graph = server.start({ pageSize: 4 });
    await waitFor(graph, settled, { timeout: 5000 });
    graph.send({ type: 'list.loadMore' });
    await waitFor(graph, settled, { timeout: 5000 });
    graph.send({ type: 'list.reload' });
    expect(pagedListView(graph.getSnapshot()).rows).toEqual([]);
    await waitFor(graph, settled, { timeout: 5000 });
    expect(pagedListView(graph.getSnapshot()).rows.map((c) => c.id)).toEqual(['m3', 't1', 'merge', 'f2']);
    expect(server.requests.at(-1)).toEqual({ after: undefined, amount: 4 });
  });

  it('takes the list’s filter as a start over too (the graph view sends none)', async () => {
    const server = fakeGraph();
    const graph = server.start({ pageSize: 4 });
    await waitFor(graph, settled, { timeout: 5000 });
    graph.send({ type: 'list.filter', prefix: '' });
    await waitFor(graph, settled, { timeout: 5000 });
    expect(server.requests).toHaveLength(2);
  });

  it('starts over from the heads the route read again, without reading them itself', async () => {
    const server = fakeGraph();
    const graph = server.start({ pageSize: 4 });
    await waitFor(graph, settled, { timeout: 5000 });
    const firstPage = await server.fetchPage({ amount: 2 });
    server.requests.length = 0;
    graph.send({ type: 'route.changed', input: { firstPage } });
    expect(pagedListView(graph.getSnapshot()).rows.map((c) => c.id)).toEqual(['m3', 't1']);
    expect(server.requests).toEqual([]);
  });

  it('reads the heads itself when the route changes without a first page', async () => {
    const server = fakeGraph();
    const graph = server.start({ pageSize: 4 });
    await waitFor(graph, settled, { timeout: 5000 });
    server.requests.length = 0;
    graph.send({ type: 'route.changed', input: {} });
    expect(pagedListView(graph.getSnapshot()).rows).toEqual([]);
    await waitFor(graph, settled, { timeout: 5000 });
    expect(pagedListView(graph.getSnapshot()).rows.map((c) => c.id)).toEqual(['m3', 't1', 'merge', 'f2']);
    expect(server.requests).toEqual([{ after: undefined, amount: 4 }]);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
