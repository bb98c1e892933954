import './viewer-dom-env';
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import { effectivePolicies, failure, fakeApi, missing, page, readOnlyPolicy } from './fake-api';
import { asked, DAY, fakeLake, now, objectAt, type FakeLake } from './objects-server';
import { protectedBranchReason } from '../../src/lib/branch-protection';
import type { Commit, CommitList, ErrorBody, ObjectStats, ObjectStatsList } from '../../server/http/wire';

/** A folder of `total` objects named big/000000 ... served page by page like the server does. */
function bigFolder(total: number, listed: URL[]) {
  const name = (i: number) => `big/${String(i).padStart(6, '0')}`;
  return ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    listed.push(url);
    const after = url.searchParams.get('after');
    const amount = Number(url.searchParams.get('amount'));
    const start = after ? Number(after.slice(4)) + 1 : 0;
    const end = Math.min(total, start + amount);
    const results = Array.from({ length: end - start }, (_, k) => objectAt(name(start + k)));
    return HttpResponse.json<ObjectStatsList>(page(results, end < total ? name(end - 1) : ''));
  };
}

const server = fakeApi();
let lake: FakeLake;

beforeEach(() => {
  localStorage.clear();
  lake = fakeLake();
  server.use(...lake.handlers);
});

const listings = () => asked(lake, '/repositories/lake/refs/main/objects/ls');

describe('objects listing', () => {
  it('shows folders and files with 1024-based sizes and links to browse or view them', async () => {
    renderApp('/repositories/lake/objects?ref=main');
    const folder = await screen.findByRole('link', { name: 'data/' });
    expect(folder.getAttribute('href')).toBe('/repositories/lake/objects?ref=main&path=data%2F');
    expect(screen.getByRole('link', { name: 'notes.txt' }).getAttribute('href')).toBe('/repositories/lake/object?ref=main&path=notes.txt');
    expect(screen.getAllByText('1.5 KB')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Download notes.txt' }).getAttribute('href')).toBe(
      '/api/v1/repositories/lake/refs/main/objects?path=notes.txt',
    );
    // History of a file and of a folder, at the listed ref.
    expect(screen.getByRole('link', { name: 'History of notes.txt' }).getAttribute('href')).toBe('/repositories/lake/history?ref=main&path=notes.txt');
    expect(screen.getByRole('link', { name: 'History of data' }).getAttribute('href')).toBe('/repositories/lake/history?ref=main&path=data%2F');
    expect(listings()).toEqual(['GET /repositories/lake/refs/main/objects/ls?prefix=&amount=100&delimiter=%2F']);
  });

  it('pages a 100,000-entry prefix by cursor as the user scrolls, rendering only a window of rows', async () => {
    const listed: URL[] = [];
    server.use(http.get('*/api/v1/repositories/lake/refs/:ref/objects/ls', bigFolder(100_000, listed)));
    renderApp('/repositories/lake/objects?ref=main&path=big%2F');
    await screen.findByText('000000');
    expect(listed).toHaveLength(1);
    expect(listed[0]?.searchParams.get('prefix')).toBe('big/');

    const table = document.querySelector('table[aria-label="Objects"]') as HTMLTableElement;
    const viewport = table.closest('[data-scroll-viewport]') as HTMLElement;
    viewport.scrollTop = 100 * 44;
    fireEvent.scroll(viewport);

    await waitFor(() => expect(listed).toHaveLength(2), { timeout: 5000 });
    expect(listed[1]?.searchParams.get('after')).toBe('big/000099');
    expect(listed[1]?.searchParams.get('amount')).toBe('1000');
    const bodyRows = () => table.querySelectorAll('tbody tr[data-index]').length;
    await waitFor(() => expect(bodyRows()).toBeGreaterThan(20), { timeout: 5000 });
    viewport.scrollTop = 150 * 44;
    fireEvent.scroll(viewport);
    await screen.findByText('000150');
    expect(screen.queryByText('000000')).toBeNull();
    expect(bodyRows()).toBeLessThan(80);
    expect(listed).toHaveLength(2);
  }, 20_000);

  it('says a folder does not exist on the ref, and offers the ref\'s root, instead of an empty list', async () => {
    const { router } = renderApp('/repositories/lake/objects?ref=main&path=gone%2F2024%2F');
    expect(await screen.findByText('gone/2024/ does not exist on main')).toBeVisible();
    fireEvent.click(screen.getByRole('link', { name: 'Go to the root of main' }));
    expect(await screen.findByRole('link', { name: 'data/' })).toBeVisible();
    expect(router.state.location.search).toEqual({ ref: 'main' });
  });

  it('starts from the after cursor in the URL', async () => {
    renderApp('/repositories/lake/objects?ref=main&after=data%2F');
    await screen.findByRole('link', { name: 'notes.txt' });
    expect(listings()).toEqual(['GET /repositories/lake/refs/main/objects/ls?prefix=&after=data%2F&amount=100&delimiter=%2F']);
  });

  it('shows a failed listing with a retry', async () => {
    let fail = true;
    server.use(
      http.get<never, never, ObjectStatsList | ErrorBody>('*/api/v1/repositories/lake/refs/:ref/objects/ls', () =>
        fail ? failure(500, 'listing is down') : HttpResponse.json<ObjectStatsList>(page([objectAt('back.txt')])),
      ),
    );
    renderApp('/repositories/lake/objects?ref=main');
    expect((await screen.findByText(/^could not list objects:/)).textContent).toBe('could not list objects: listing is down');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('link', { name: 'back.txt' })).toHaveAttribute('href', '/repositories/lake/object?ref=main&path=back.txt');
  });

  it('offers delete on a branch, asks first, then lists again', async () => {
    let deleted: string | null = null;
    server.use(
      http.delete('*/api/v1/repositories/lake/branches/main/objects', ({ request }) => {
        deleted = new URL(request.url).searchParams.get('path');
        lake.folders[''] = lake.folders['']!.filter((entry) => entry.path !== deleted);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/repositories/lake/objects?ref=main');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete notes.txt' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Are you sure you wish to delete object "notes.txt"?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toBe('notes.txt'), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'notes.txt' })).toBeNull(), { timeout: 5000 });
    expect(listings()).toHaveLength(2);
    const receipt = screen.getByRole('status', { name: 'Object deleted' });
    expect(within(receipt).getByText('Deleted notes.txt from main')).toBeVisible();
    expect(within(receipt).getByRole('link', { name: 'review and commit it' }).getAttribute('href')).toBe('/repositories/lake/changes?ref=main');
  });

  it('keeps the delete dialog open with the reason when the delete fails', async () => {
    server.use(
      http.delete('*/api/v1/repositories/lake/branches/main/objects', () =>
        failure(403, 'branch is protected'),
      ),
    );
    renderApp('/repositories/lake/objects?ref=main');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete notes.txt' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByText(/^could not delete object:/)).textContent).toBe('could not delete object: branch is protected');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), { timeout: 5000 });
    expect(listings()).toHaveLength(1);
  });

  it('disables Upload and Delete, with the reason, when the policies refuse writing and deleting objects', async () => {
    server.use(effectivePolicies([readOnlyPolicy]));
    renderApp('/repositories/lake/objects?ref=main');
    const del = (await screen.findByRole('button', { name: 'Delete notes.txt' })) as HTMLButtonElement;
    await waitFor(() => expect(del.disabled).toBe(true), { timeout: 5000 });
    expect(del.title).toBe(missing('fs:DeleteObject'));
    const upload = screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement;
    expect(upload.disabled).toBe(true);
    expect(upload.title).toBe(missing('fs:WriteObject'));
  });

  it('marks a protected branch, and disables Upload and Import and hides Delete there, saying why', async () => {
    server.use(http.get('*/api/v1/repositories/lake/settings/branch_protection', () => HttpResponse.json([{ pattern: 'ma*' }])));
    renderApp('/repositories/lake/objects?ref=main');
    await screen.findByRole('link', { name: 'notes.txt' });
    const badge = await screen.findByText('Protected', {}, { timeout: 5000 });
    expect(badge.closest('[title]')?.getAttribute('title')).toBe(protectedBranchReason('main'));
    const upload = screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement;
    expect(upload.disabled).toBe(true);
    expect(upload.title).toBe(protectedBranchReason('main'));
    expect(screen.queryByRole('button', { name: 'Delete notes.txt' })).toBeNull();
  });

  it.each(['v1', 'c'.repeat(64)])('hides delete and disables upload on ref %s (a tag, a commit)', async (ref) => {
    server.use(
      http.get('*/api/v1/repositories/lake/commits/:id', () => HttpResponse.json<Commit>({ id: 'c'.repeat(64), parents: [], committer: 'u', message: '', creation_date: 1, meta_range_id: '' })),
      http.get('*/api/v1/repositories/lake/refs/:ref/objects/ls', () => HttpResponse.json<ObjectStatsList>(page([objectAt('notes.txt')]))),
    );
    renderApp(`/repositories/lake/objects?ref=${ref}`);
    await screen.findByRole('link', { name: 'notes.txt' });
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.getByRole('button', { name: 'Blame notes.txt' })).toBeVisible();
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('upload button', () => {
  it('is enabled on a writable branch once the preflight allows it, and opens the upload dialog there', async () => {
    renderApp('/repositories/lake/objects?ref=main&path=data%2F');
    const upload = (await screen.findByRole('button', { name: 'Upload' })) as HTMLButtonElement;
    await waitFor(() => expect(upload.disabled).toBe(false), { timeout: 5000 });
    fireEvent.click(upload);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Upload Objects to Branch 'main'")).toBeVisible();
    expect((within(dialog).getByLabelText('Destination Directory') as HTMLInputElement).value).toBe('data/');
  });

  it('is disabled when the preflight refuses', async () => {
    server.use(
      http.get('*/api/v1/repositories/lake/branches/:branch/objects/stage_allowed', () =>
        failure(401, 'insufficient permissions'),
      ),
    );
    renderApp('/repositories/lake/objects?ref=main');
    const upload = (await screen.findByRole('button', { name: 'Upload' })) as HTMLButtonElement;
    await waitFor(() => expect(upload.title).toBe('You are not allowed to upload to this branch'), { timeout: 5000 });
    expect(upload.disabled).toBe(true);
  });

  it('is disabled on a read-only repository, where delete is hidden too and nothing is asked', async () => {
    lake.repository.read_only = true;
    renderApp('/repositories/lake/objects?ref=main');
    await screen.findByRole('link', { name: 'notes.txt' });
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(asked(lake, '/repositories/lake/branches/main/objects/stage_allowed')).toEqual([]);
  });
});

describe('blame', () => {
  it('explains when no commit touched the object', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('*/api/v1/repositories/lake/refs/main/commits', ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json<ObjectStatsList>(page([]));
      }),
    );
    renderApp('/repositories/lake/objects?ref=main');
    fireEvent.click(await screen.findByRole('button', { name: 'Blame notes.txt' }));
    expect(await screen.findByText(/No commit found, perhaps this is an/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'uncommitted change' })).toBeVisible();
    expect(query?.get('amount')).toBe('1');
    expect(query?.getAll('objects')).toEqual(['notes.txt']);
  });

  it('shows the last commit of a prefix', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('*/api/v1/repositories/lake/refs/main/commits', ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json<CommitList>(
          page([{ id: 'f'.repeat(64), message: 'Add data', committer: 'ada', parents: [], creation_date: 1, meta_range_id: '' }]),
        );
      }),
    );
    renderApp('/repositories/lake/objects?ref=main');
    fireEvent.click(await screen.findByRole('button', { name: 'Blame data' }));
    expect(await screen.findByText('Add data')).toBeVisible();
    expect(screen.getByText('f'.repeat(12))).toBeVisible();
    expect(screen.getByText('Last commit to modify prefix')).toBeVisible();
    expect(query?.getAll('prefixes')).toEqual(['data/']);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Add data')).toBeNull(), { timeout: 5000 });
  });
});

describe('garbage-collection warning', () => {
  const old = now() - 15 * DAY;
  const banner = () => screen.queryByText(/No garbage collection rules configured for this repository/);

  it('shows for an s3 repository older than 14 days without rules, after the listing, and stays dismissed', async () => {
    Object.assign(lake.repository, { storage_namespace: 's3://bucket/lake', creation_date: old });
    const { unmount } = renderApp('/repositories/lake/objects?ref=main');
    await waitFor(() => expect(banner()).not.toBeNull(), { timeout: 5000 });
    const gc = lake.log.indexOf('GET /repositories/lake/settings/gc_rules');
    expect(gc).toBeGreaterThan(lake.log.indexOf('GET /repositories/lake/refs/main/objects/ls?prefix=&amount=100&delimiter=%2F'));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss garbage collection warning' }));
    expect(banner()).toBeNull();
    expect(localStorage.getItem('show_gc_warning_lake')).toBe('false');
    unmount();

    lake.log.length = 0;
    renderApp('/repositories/lake/objects?ref=main');
    await screen.findByRole('link', { name: 'notes.txt' });
    expect(banner()).toBeNull();
    expect(asked(lake, '/repositories/lake/settings')).toEqual([]);
  });

  it('reads the rules once while browsing folders', async () => {
    Object.assign(lake.repository, { storage_namespace: 's3://bucket/lake', creation_date: old });
    const { router } = renderApp('/repositories/lake/objects?ref=main');
    await waitFor(() => expect(banner()).not.toBeNull(), { timeout: 5000 });
    await router.navigate({ to: '/repositories/$repoId/objects', params: { repoId: 'lake' }, search: { ref: 'main', path: 'data/' } });
    await screen.findByRole('link', { name: 'a.csv' });
    expect(banner()).not.toBeNull();
    expect(asked(lake, '/repositories/lake/settings')).toHaveLength(1);
  });

  it.each([
    ['local storage', { storage_namespace: 'local://lake', creation_date: old }],
    ['a young repository', { storage_namespace: 'https://store/lake', creation_date: now() - 13 * DAY }],
  ])('does not apply to %s', async (_label, overrides) => {
    Object.assign(lake.repository, overrides);
    renderApp('/repositories/lake/objects?ref=main');
    await screen.findByRole('link', { name: 'notes.txt' });
    expect(asked(lake, '/repositories/lake/settings')).toEqual([]);
    expect(banner()).toBeNull();
  });
});

describe('README preview', () => {
  it('renders README.md of the folder without scripts or event handlers, with links resolved to the ref', async () => {
    const readme = '# Welcome to the Lake!\n\n<script>window.owned = true</script>\n\n<img src="img/a.png" onerror="window.owned = true">';
    lake.folders['docs/'] = [objectAt('docs/README.md', readme.length)];
    server.use(
      http.get('*/api/v1/repositories/lake/refs/main/objects', ({ request }) =>
        new URL(request.url).searchParams.get('path') === 'docs/README.md'
          ? new HttpResponse(readme, { headers: { 'Content-Type': 'text/markdown' } })
          : new HttpResponse(null, { status: 404 }),
      ),
    );
    renderApp('/repositories/lake/objects?ref=main&path=docs%2F');
    // The README is read after the listing and then rendered: slow on a loaded machine.
    const section = await screen.findByRole('region', { name: 'README.md' }, { timeout: 5000 });
    expect(await within(section).findByRole('heading', { name: 'Welcome to the Lake!' }, { timeout: 5000 })).toBeVisible();
    expect(section.querySelector('script')).toBeNull();
    expect(section.innerHTML).not.toMatch(/onerror/i);
    expect(section.querySelector('img')?.getAttribute('src')).toBe('/api/v1/repositories/lake/refs/main/objects?path=docs%2Fimg%2Fa.png');
    expect((window as unknown as { owned?: boolean }).owned).toBeUndefined();
    // The listing showed its size: no stat was needed.
    expect(asked(lake, '/repositories/lake/refs/main/objects/stat')).toEqual([]);
  });

  it('asks for the README when the listing cannot tell, and shows nothing for a README over the size cap', async () => {
    // A first page that ends before where README.md would be, with more to come.
    server.use(
      http.get('*/api/v1/repositories/lake/refs/main/objects/ls', ({ request }) =>
        HttpResponse.json<ObjectStatsList>(new URL(request.url).searchParams.has('after') ? page([objectAt('B0')]) : page([objectAt('A0')], 'A0')),
      ),
      http.get('*/api/v1/repositories/lake/refs/main/objects/stat', ({ request }) => {
        lake.log.push(`GET stat ${new URL(request.url).searchParams.get('path')}`);
        return HttpResponse.json<ObjectStats>(objectAt('README.md', 30_000_000));
      }),
    );
    renderApp('/repositories/lake/objects?ref=main');
    await screen.findByRole('link', { name: 'A0' });
    await waitFor(() => expect(lake.log).toContain('GET stat README.md'), { timeout: 5000 });
    expect(screen.queryByRole('region', { name: 'README.md' })).toBeNull();
  });
});
