import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import { effectivePolicies, elseNotFound, fakeApi, missing, notFound, page, readOnlyPolicy, repository } from './fake-api';
import type { Commit, CommitList, Diff, DiffList, ErrorBody, ObjectCopyCreation, ObjectStats, Ref, Repository } from '../../server/http/wire';
import { RESTORE_DELETED, RESTORE_READ_ONLY } from '../../src/machines/path-history';

const hex = (seed: string) => seed.repeat(64).slice(0, 64);
const commit = (seed: string, message: string): Commit => ({
  id: hex(seed),
  parents: [hex(`${seed}p`)],
  committer: 'ada',
  message,
  creation_date: 1_700_000_000,
  meta_range_id: 'm',
});
const log = [commit('c', 'Third'), commit('b', 'Remove'), commit('a', 'First')];
/** The file at each commit: the second commit deleted it. */
const contents = new Map([
  [hex('c'), 'one\nthree\n'],
  [hex('a'), 'one\ntwo\n'],
]);
const stat = (path: string, content: string): ObjectStats => ({
  path,
  path_type: 'object',
  physical_address: 'local://x',
  checksum: `sum${content.length}`.padEnd(32, '0'),
  size_bytes: content.length,
  mtime: 1,
});

let lake: Repository = repository('lake');
const logAsked: URL[] = [];
const copies: Array<{ branch: string; dest: string | null; body: ObjectCopyCreation }> = [];

const server = fakeApi(
  http.get('*/api/v1/repositories/lake', () => HttpResponse.json<Repository>(lake)),
  http.get<{ branch: string }, never, Ref | ErrorBody>('*/api/v1/repositories/lake/branches/:branch', ({ params }) =>
    params.branch === 'main' ? HttpResponse.json<Ref>({ id: 'main', commit_id: hex('c') }) : notFound(),
  ),
  http.get('*/api/v1/repositories/lake/refs/main/commits', ({ request }) => {
    const url = new URL(request.url);
    logAsked.push(url);
    return HttpResponse.json<CommitList>(page(url.searchParams.get('objects') === 'docs/empty.txt' ? [] : log));
  }),
  http.get<{ ref: string }, never, ObjectStats | ErrorBody>('*/api/v1/repositories/lake/refs/:ref/objects/stat', ({ request, params }) => {
    const path = new URL(request.url).searchParams.get('path') ?? '';
    const content = contents.get(params.ref);
    return content === undefined ? notFound('no such object') : HttpResponse.json<ObjectStats>(stat(path, content));
  }),
  http.get<{ ref: string }>('*/api/v1/repositories/lake/refs/:ref/objects', ({ params }) => HttpResponse.text(contents.get(params.ref) ?? '')),
  http.get<{ left: string; right: string }, never, DiffList>('*/api/v1/repositories/lake/refs/:left/diff/:right', ({ params }) => {
    const entries: Diff[] =
      params.right === hex('c')
        ? [
            { type: 'added', path: 'docs/new.txt', path_type: 'object', size_bytes: 1 },
            { type: 'changed', path: 'docs/a.txt', path_type: 'object', size_bytes: 1 },
          ]
        : [{ type: 'removed', path: 'docs/a.txt', path_type: 'object', size_bytes: 1 }];
    return HttpResponse.json<DiffList>(page(entries));
  }),
  http.post<{ branch: string }, ObjectCopyCreation, ObjectStats>('*/api/v1/repositories/lake/branches/:branch/objects/copy', async ({ request, params }) => {
    const dest = new URL(request.url).searchParams.get('dest_path');
    copies.push({ branch: params.branch, dest, body: await request.json() });
    return HttpResponse.json<ObjectStats>(stat(dest ?? '', 'one\ntwo\n'), { status: 201 });
  }),
  elseNotFound,
);

afterEach(() => {
  lake = repository('lake');
  logAsked.length = 0;
  copies.length = 0;
});

const rowsOf = async (name: string) => within(await screen.findByRole('table', { name }, { timeout: 5000 })).getAllByRole('row').slice(1);

describe('History of an object', () => {
  it("lists the commits that changed it, newest first, with each version's size and checksum, and a deletion as deleted", async () => {
    renderApp('/repositories/lake/history?ref=main&path=docs%2Fa.txt');
    const rows = await rowsOf('History of docs/a.txt');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Third'),
      expect.stringContaining('Remove'),
      expect.stringContaining('First'),
    ]);
    expect(rows[0]!.textContent).toContain('10 B');
    expect(within(rows[0]!).getByTitle('sum10'.padEnd(32, '0'))).toBeVisible();
    expect(rows[1]!.textContent).toContain('deleted');
    expect(rows[2]!.textContent).toContain('ada');
    expect(within(rows[2]!).getByRole('link', { name: 'aaaaaaaaaaaa' }).getAttribute('href')).toBe(`/repositories/lake/commits/${hex('a')}`);
    expect(logAsked[0]?.searchParams.getAll('objects')).toEqual(['docs/a.txt']);
    expect(logAsked[0]?.searchParams.get('amount')).toBe('25');
    // Nothing to restore from a deletion: the button says so.
    const restoreDeleted = within(rows[1]!).getByRole('button', { name: `Restore version ${hex('b').slice(0, 12)}` }) as HTMLButtonElement;
    expect(restoreDeleted.disabled).toBe(true);
    expect(restoreDeleted.title).toBe(RESTORE_DELETED);
  });

  it('compares two picked versions line by line, the older on the left', async () => {
    renderApp('/repositories/lake/history?ref=main&path=docs%2Fa.txt');
    const rows = await rowsOf('History of docs/a.txt');
    const compare = screen.getByRole('button', { name: 'Compare picked versions' }) as HTMLButtonElement;
    expect(compare.disabled).toBe(true);
    fireEvent.click(within(rows[0]!).getByRole('checkbox'));
    fireEvent.click(within(rows[2]!).getByRole('checkbox'));
    await waitFor(() => expect(compare.disabled).toBe(false), { timeout: 5000 });
    fireEvent.click(compare);
    const region = await screen.findByRole('region', { name: 'Comparison of two versions' });
    const diff = await within(region).findByRole('table', { name: 'Content changes of docs/a.txt' }, { timeout: 5000 });
    expect(within(diff).getByText('two')).toBeVisible();
    expect(within(diff).getByText('three')).toBeVisible();
    expect(within(region).getByRole('heading').textContent).toBe(`${hex('a').slice(0, 12)} → ${hex('c').slice(0, 12)}`);
  });

  it('compares a version with the one before it, a deletion as an empty side', async () => {
    renderApp('/repositories/lake/history?ref=main&path=docs%2Fa.txt');
    const rows = await rowsOf('History of docs/a.txt');
    // The oldest loaded version has none before it to compare with.
    expect(within(rows[2]!).queryByRole('button', { name: /with the version before/ })).toBeNull();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: `Compare ${hex('c').slice(0, 12)} with the version before` }));
    const region = await screen.findByRole('region', { name: 'Comparison of two versions' });
    const diff = await within(region).findByRole('table', { name: 'Content changes of docs/a.txt' }, { timeout: 5000 });
    expect(within(diff).getAllByText('added')).toHaveLength(2);
    expect(within(diff).queryByText('removed')).toBeNull();
    expect(within(region).getByRole('heading').textContent).toBe(`${hex('b').slice(0, 12)} → ${hex('c').slice(0, 12)}`);
    fireEvent.click(within(region).getByRole('button', { name: 'Close the comparison' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Comparison of two versions' })).toBeNull(), { timeout: 5000 });
  });

  it('restores a version onto the branch after a confirmation naming both, then links to the changes and the object', async () => {
    renderApp('/repositories/lake/history?ref=main&path=docs%2Fa.txt');
    const rows = await rowsOf('History of docs/a.txt');
    fireEvent.click(within(rows[2]!).getByRole('button', { name: `Restore version ${hex('a').slice(0, 12)}` }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(hex('a').slice(0, 12));
    expect(dialog.textContent).toMatch(/copied to docs\/a\.txt on branch main/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    const receipt = await screen.findByRole('status', { name: 'Version restored' }, { timeout: 5000 });
    expect(copies).toEqual([{ branch: 'main', dest: 'docs/a.txt', body: { src_path: 'docs/a.txt', src_ref: hex('a') } }]);
    expect(within(receipt).getByRole('link', { name: 'Uncommitted changes of main' }).getAttribute('href')).toBe('/repositories/lake/changes?ref=main');
    expect(within(receipt).getByRole('link', { name: 'Open docs/a.txt on main' }).getAttribute('href')).toBe(
      '/repositories/lake/object?ref=main&path=docs%2Fa.txt',
    );
  });

  it('disables Restore, saying why, in a read-only repository', async () => {
    lake = repository('lake', { read_only: true });
    renderApp('/repositories/lake/history?ref=main&path=docs%2Fa.txt');
    const rows = await rowsOf('History of docs/a.txt');
    const restore = within(rows[0]!).getByRole('button', { name: `Restore version ${hex('c').slice(0, 12)}` }) as HTMLButtonElement;
    expect(restore.disabled).toBe(true);
    expect(restore.title).toBe(RESTORE_READ_ONLY);
  });

  it('disables Restore, saying why, when the policies refuse writing the object', async () => {
    server.use(effectivePolicies([readOnlyPolicy]));
    renderApp('/repositories/lake/history?ref=main&path=docs%2Fa.txt');
    const rows = await rowsOf('History of docs/a.txt');
    const restore = within(rows[0]!).getByRole('button', { name: `Restore version ${hex('c').slice(0, 12)}` }) as HTMLButtonElement;
    await waitFor(() => expect(restore.title).toBe(missing('fs:WriteObject')), { timeout: 5000 });
    expect(restore.disabled).toBe(true);
  });

  it('says what to do when no commit changed the path, and when no path is given', async () => {
    const { router } = renderApp('/repositories/lake/history?ref=main&path=docs%2Fempty.txt');
    expect(await screen.findByText('No commit on main changed docs/empty.txt', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText(/commit it first/)).toBeVisible();
    await router.navigate({ to: '/repositories/$repoId/history', params: { repoId: 'lake' }, search: {} });
    expect(await screen.findByText('No path given', {}, { timeout: 5000 })).toBeVisible();
  });
});

describe('History of a folder', () => {
  it('counts the objects each commit added, changed and removed under it, and offers no restore', async () => {
    renderApp('/repositories/lake/history?ref=main&path=docs%2F');
    const rows = await rowsOf('History of docs/');
    expect(logAsked[0]?.searchParams.getAll('prefixes')).toEqual(['docs/']);
    await waitFor(() => expect(rows[0]!.textContent).toContain('1 added · 1 changed · 0 removed'), { timeout: 5000 });
    expect(rows[1]!.textContent).toContain('0 added · 0 changed · 1 removed');
    expect(within(rows[0]!).queryByRole('button', { name: /^Restore/ })).toBeNull();
    expect(screen.getByText(/A folder is not restored as a whole/)).toBeVisible();
  });
});
