import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import type { Commit, Repository } from '../../server/http/wire';
import { elseNotFound, fakeApi } from './fake-api';

const lake: Repository = { id: 'lake', creation_date: 1, default_branch: 'main', storage_namespace: 'local://lake' };

const page = <T,>(results: T[], next = '') => ({
  results,
  pagination: { has_more: next !== '', next_offset: next, results: results.length, max_per_page: 1000 },
});

const hex = (seed: string) => seed.repeat(64).slice(0, 64);
const commit = (seed: string, extra: Partial<Commit> = {}): Commit => ({
  id: hex(seed),
  parents: [hex('p')],
  committer: 'ada',
  message: `commit ${seed}`,
  creation_date: 1_700_000_000,
  meta_range_id: 'm',
  ...extra,
});

const logRequests: URL[] = [];
const diffRequests: URL[] = [];
const commitRequests: string[] = [];
const commits = new Map<string, Commit>();

const server = fakeApi(
  http.get('*/api/v1/repositories/lake', () => HttpResponse.json(lake)),
  http.get('*/api/v1/repositories/lake/branches/main', () => HttpResponse.json({ id: 'main', commit_id: hex('a') })),
  http.get('*/api/v1/repositories/lake/commits/:id', ({ params }) => {
    commitRequests.push(String(params.id));
    const found = commits.get(String(params.id));
    return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'not found' }, { status: 404 });
  }),
  http.get('*/api/v1/repositories/lake/refs/main/commits', ({ request }) => {
    const url = new URL(request.url);
    logRequests.push(url);
    if (url.searchParams.get('after') === hex('b')) return HttpResponse.json(page([commit('c')]));
    return HttpResponse.json(page([commit('a'), commit('b', { message: '', committer: '' })], hex('b')));
  }),
  http.get('*/api/v1/repositories/lake/refs/:left/diff/:right', ({ request, params }) => {
    const url = new URL(request.url);
    diffRequests.push(url);
    expect(params.left).toBe(hex('p'));
    const prefix = url.searchParams.get('prefix') ?? '';
    if (prefix === 'tables/') {
      return HttpResponse.json(page([{ type: 'added', path: 'tables/lakes.parquet', path_type: 'object', size_bytes: 1 }]));
    }
    return HttpResponse.json(
      page([
        { type: 'prefix_changed', path: 'tables/', path_type: 'common_prefix' },
        { type: 'removed', path: 'old.txt', path_type: 'object', size_bytes: 5 },
      ]),
    );
  }),
  elseNotFound,
);

afterEach(() => {
  localStorage.clear();
  logRequests.length = 0;
  diffRequests.length = 0;
  commitRequests.length = 0;
  commits.clear();
});

/** The commit page of `detail` as a signed-in user opens it. */
function openCommit(detail: Commit, search = '') {
  commits.set(detail.id, detail);
  const { router } = renderApp(`/repositories/lake/commits/${detail.id}${search}`);
  return { location: () => router.state.location };
}

describe('Commit list', () => {
  it('shows message, committer, date and a 12-character id, and pages by cursor', async () => {
    renderApp('/repositories/lake/commits');
    const table = await screen.findByRole('table', { name: 'Commits of main' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('commit a');
    expect(rows[0]?.textContent).toContain('ada');
    // The date as a glance wants it, the full date on hover.
    const date = rows[0]!.querySelector('time');
    expect(date?.textContent).toMatch(/ years? ago$/);
    expect(date?.title).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
    expect(date?.getAttribute('datetime')).toBe(new Date(1_700_000_000 * 1000).toISOString());
    expect(within(rows[0]!).getByRole('link', { name: 'aaaaaaaaaaaa' })).toBeVisible();
    expect(rows[1]?.textContent).toContain('(No commit message)');
    // The server leaves the committer of its own commits empty: the cell says so rather than staying blank.
    expect(within(rows[1]!).getByText('no committer')).toBeVisible();
    expect(logRequests[0]?.searchParams.get('amount')).toBe('100');
    // The table asks for the next page as soon as the last loaded rows are in view.
    expect(await within(table).findByText('commit c')).toBeVisible();
    expect(logRequests[1]?.searchParams.get('after')).toBe(hex('b'));
  });

  it('starts from the after cursor of the URL', async () => {
    const { router } = renderApp(`/repositories/lake/commits?after=${hex('b')}`);
    expect(await screen.findByText('commit c')).toBeVisible();
    expect(screen.queryByText('commit a')).toBeNull();
    expect(logRequests).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Back to start' }));
    expect(await screen.findByText('commit a')).toBeVisible();
    expect(router.state.location.search).toEqual({});
  });

  it('reloads the log from its cursor on refresh', async () => {
    renderApp('/repositories/lake/commits');
    await screen.findByText('commit a');
    await waitFor(() => expect(logRequests).toHaveLength(2), { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(logRequests).toHaveLength(3), { timeout: 5000 });
    expect(logRequests[2]?.searchParams.get('after')).toBeNull();
  });

  it('reports a ref that does not exist', async () => {
    server.use(http.get('*/api/v1/repositories/lake/refs/nope/commits', () => HttpResponse.json({ message: 'not found' }, { status: 404 })));
    renderApp('/repositories/lake/commits?ref=nope');
    expect(await screen.findByText('ref not found')).toBeVisible();
  });
});

describe('Commit detail', () => {
  it('shows metadata and parents, and the diff against the first parent', async () => {
    const detail = commit('d', { parents: [hex('p'), hex('q')], metadata: { source: 'survey', owner: 'ada' } });
    openCommit(detail);
    const metadata = await screen.findByRole('table', { name: 'Metadata' });
    expect(within(metadata).getByText('source')).toBeVisible();
    expect(within(metadata).getByText('survey')).toBeVisible();
    const created = within(screen.getByRole('row', { name: /^Creation Date/ })).getByText(/ ago$/);
    expect(created.title).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
    expect(screen.getByRole('link', { name: 'pppppppppppp' }).getAttribute('href')).toBe(`/repositories/lake/commits/${hex('p')}`);
    expect(screen.getByRole('link', { name: 'qqqqqqqqqqqq' })).toBeVisible();
    expect(screen.getByText('Showing changes for commit dddddddddddd')).toBeVisible();
    const tree = await screen.findByRole('list', { name: 'Changes of commit dddddddddddd' });
    expect(within(tree).getByText('old.txt')).toBeVisible();
    expect(diffRequests[0]?.pathname).toBe(`/api/v1/repositories/lake/refs/${hex('p')}/diff/${hex('d')}`);
    expect(diffRequests[0]?.searchParams.get('delimiter')).toBe('/');
    fireEvent.click(within(tree).getByRole('button', { name: 'Expand tables/' }));
    expect(await within(tree).findByText('lakes.parquet')).toBeVisible();
    expect(commitRequests).toEqual([hex('d')]);
  });

  it('shows content changes in the layout the user chose, with the switch between the two', async () => {
    localStorage.setItem('tarn:diff-layout', 'split');
    const contents: Record<string, string> = { [hex('p')]: 'a\nb\n', [hex('d')]: 'a\nB\n' };
    server.use(
      http.get('*/api/v1/repositories/lake/refs/:left/diff/:right', () =>
        HttpResponse.json(page([{ type: 'changed', path: 'notes.txt', path_type: 'object', size_bytes: 4 }])),
      ),
      http.get('*/api/v1/repositories/lake/refs/:ref/objects/stat', () =>
        HttpResponse.json({ path: 'notes.txt', path_type: 'object', size_bytes: 4, checksum: 'x', physical_address: 'p', mtime: 1 }),
      ),
      http.get('*/api/v1/repositories/lake/refs/:ref/objects', ({ params }) => HttpResponse.text(contents[String(params.ref)] ?? '')),
    );
    openCommit(commit('d'));
    fireEvent.click(await screen.findByRole('button', { name: 'Show object changes of notes.txt' }));
    const table = await screen.findByRole('table', { name: 'Content changes of notes.txt' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Old', 'New']);
    fireEvent.click(screen.getByRole('button', { name: 'Unified', pressed: false }));
    const unified = screen.getByRole('table', { name: 'Content changes of notes.txt' });
    expect(within(unified).queryAllByRole('columnheader')).toEqual([]);
    expect(within(unified).getAllByRole('row').map((row) => row.getAttribute('data-op'))).toEqual(['equal', 'delete', 'insert']);
  });

  it('opens a folder through the prefix, reading only that folder again', async () => {
    const { location } = openCommit(commit('d'));
    fireEvent.click(await screen.findByRole('button', { name: 'tables/' }));
    await waitFor(() => expect(location().search).toEqual({ prefix: 'tables/' }), { timeout: 5000 });
    expect(await screen.findByText('lakes.parquet')).toBeVisible();
    expect(diffRequests.map((u) => u.searchParams.get('prefix'))).toEqual(['', 'tables/']);
    expect(commitRequests).toEqual([hex('d')]);
  });

  it('says when the commit does not exist', async () => {
    renderApp(`/repositories/lake/commits/${hex('z')}`);
    expect(await screen.findByText('could not find commit')).toBeVisible();
  });

  it('has no diff for the first commit', async () => {
    openCommit(commit('e', { parents: [], committer: '' }));
    expect(await screen.findByText('No parent to compare with')).toBeVisible();
    expect(diffRequests).toEqual([]);
    const committer = within(screen.getByRole('table', { name: 'Commit' })).getByRole('row', { name: /^Committer/ });
    expect(within(committer).getByText('no committer')).toBeVisible();
  });

  it('copies the commit ID and the commit URI with two labelled buttons', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    openCommit(commit('d'));
    const copyId = await screen.findByRole('button', { name: 'Copy ID' });
    const copyUri = screen.getByRole('button', { name: 'Copy URI' });
    expect(copyId.textContent).toBe('Copy ID');
    expect(copyUri.textContent).toBe('Copy URI');
    fireEvent.click(copyUri);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`lakefs://lake/${hex('d')}`), { timeout: 5000 });
    fireEvent.click(copyId);
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(hex('d')), { timeout: 5000 });
    writeText.mockRestore();
  });
});
