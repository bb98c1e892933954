import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import type { Commit, Ref, Repository } from '../../server/http/wire';
import { elseNotFound, fakeApi } from './fake-api';

const lake: Repository = { id: 'lake', creation_date: 1, default_branch: 'main', storage_namespace: 'local://lake' };

const page = <T,>(results: T[], next = '') => ({
  results,
  pagination: { has_more: next !== '', next_offset: next, results: results.length, max_per_page: 1000 },
});

const id = (n: number) => n.toString(16).padStart(64, '0');
const commit = (n: number, parents: number[], message = `commit ${n}`): Commit => ({
  id: id(n),
  parents: parents.map(id),
  committer: 'ada',
  message,
  creation_date: Math.floor(Date.now() / 1000) - 3 * 86_400,
  meta_range_id: '',
});

// A merge at the top (main), a feature branch merged in, and a long first-parent line below: 2,000 commits in two
// pages, the second one asked for by the server's opaque cursor.
const TOTAL = 2000;
const history: Commit[] = [
  commit(TOTAL, [TOTAL - 1, TOTAL + 1], 'Merge feature'),
  commit(TOTAL + 1, [TOTAL - 2], 'feature work'),
  ...Array.from({ length: TOTAL - 1 }, (_, i) => commit(TOTAL - 1 - i, TOTAL - 2 - i > 0 ? [TOTAL - 2 - i] : [])),
];
const CURSOR = 'opaque-cursor_1';
const graphRequests: URL[] = [];
let branches: ReturnType<typeof page<Ref>>;

fakeApi(
  http.get('*/api/v1/repositories/lake', () => HttpResponse.json(lake)),
  http.get('*/api/v1/repositories/lake/branches/main', () => HttpResponse.json({ id: 'main', commit_id: id(TOTAL) })),
  http.get('*/api/v1/repositories/lake/branches', () => HttpResponse.json(branches)),
  http.get('*/api/v1/repositories/lake/tags', () => HttpResponse.json(page([{ id: 'v1.0', commit_id: id(5) }]))),
  http.get('*/api/v1/repositories/lake/graph', ({ request }) => {
    const url = new URL(request.url);
    graphRequests.push(url);
    return url.searchParams.get('after') === CURSOR
      ? HttpResponse.json(page(history.slice(1000)))
      : HttpResponse.json(page(history.slice(0, 1000), CURSOR));
  }),
  http.get('*/api/v1/repositories/lake/refs/main/commits', () => HttpResponse.json(page([commit(1, [])]))),
  http.get('*/api/v1/repositories/lake/commits/:id', ({ params }) => {
    const found = history.find((c) => c.id === params.id);
    return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'not found' }, { status: 404 });
  }),
  http.get('*/api/v1/repositories/lake/refs/:left/diff/:right', () => HttpResponse.json(page([]))),
  elseNotFound,
);

afterEach(() => {
  graphRequests.length = 0;
});

function setBranches(list: Ref[], more = false) {
  branches = page(list, more ? 'cut' : '');
}

const graphList = () => screen.findByRole('list', { name: 'Commit graph' });

describe('Commit graph', () => {
  it('shows every branch’s commits with their labels, message, committer, age and short id', async () => {
    setBranches([
      { id: 'main', commit_id: id(TOTAL) },
      { id: 'feature', commit_id: id(TOTAL + 1) },
    ]);
    renderApp('/repositories/lake/commits?view=graph');
    const list = await graphList();
    expect(screen.getByRole('button', { name: 'Graph' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('false');
    const [merge, feature] = within(list).getAllByRole('link');
    // The link's text names the commit and its branches; the drawing is hidden from assistive technology.
    expect(merge?.textContent).toBe('branch mainMerge featureada3 days agocommit 000000000000');
    // Dates read as on the commit list: relative, the full date on hover.
    expect(merge?.querySelector('time')?.title).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
    expect(feature?.textContent).toContain('branch feature');
    expect(merge?.getAttribute('href')).toBe(`/repositories/lake/commits/${id(TOTAL)}`);
    expect(merge?.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    // The merge opens a second lane for the feature commit: two outgoing edges from its node.
    expect(merge?.querySelectorAll('path')).toHaveLength(2);
    expect(feature?.querySelector('circle')?.getAttribute('cx')).toBe('21');
    expect(graphRequests[0]?.searchParams.get('amount')).toBe('1000');
    expect(graphRequests[0]?.searchParams.has('after')).toBe(false);
    expect(screen.queryByText(/Labels show/)).toBeNull();
  });

  it('keeps only a window of rows in the DOM and asks for the next page by the server’s cursor near the end', async () => {
    setBranches([{ id: 'main', commit_id: id(TOTAL) }]);
    renderApp('/repositories/lake/commits?view=graph');
    const list = await graphList();
    expect(within(list).getAllByRole('listitem').length).toBeLessThan(60);
    const viewport = list.parentElement as HTMLElement;
    expect(list.style.height).toBe(`${1000 * 32}px`);
    viewport.scrollTop = 1000 * 32 - 800;
    fireEvent.scroll(viewport);
    await waitFor(() => expect(graphRequests).toHaveLength(2), { timeout: 5000 });
    expect(graphRequests[1]?.searchParams.get('after')).toBe(CURSOR);
    await waitFor(() => expect(list.style.height).toBe(`${history.length * 32}px`), { timeout: 5000 });
    expect(within(list).getAllByRole('listitem').length).toBeLessThan(60);
  });

  it('says when the labels cover only the first branches', async () => {
    setBranches([{ id: 'main', commit_id: id(TOTAL) }], true);
    renderApp('/repositories/lake/commits?view=graph');
    expect(await screen.findByText('Labels show the first 1 branches only.')).toBeVisible();
  });

  it('opens a commit from its row, and switches back to the list', async () => {
    setBranches([{ id: 'main', commit_id: id(TOTAL) }]);
    const { router } = renderApp('/repositories/lake/commits?view=graph');
    const list = await graphList();
    fireEvent.click(within(list).getByRole('link', { name: /feature work/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/repositories/lake/commits/${id(TOTAL + 1)}`), { timeout: 5000 });
    router.history.back();
    await graphList();
    fireEvent.click(await screen.findByRole('button', { name: 'List' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}), { timeout: 5000 });
    expect(await screen.findByRole('table', { name: 'Commits of main' })).toBeVisible();
    expect(router.state.location.search).toEqual({});
  });
});
