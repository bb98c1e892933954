import './viewer-dom-env';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderWithRouter } from './render';
import { ObjectsPage } from '../../src/ui/objects';
import { UploadPermissions } from '../../src/ui/objects/uploadPermissions';
import type { ObjectStats, Repository, ResolvedRef } from '../../src/api/types';

const DAY = 24 * 60 * 60;
const now = () => Math.floor(Date.now() / 1000);

const repo = (overrides: Partial<Repository> = {}): Repository => ({
  id: 'lake',
  default_branch: 'main',
  storage_namespace: 'local://lake',
  creation_date: now() - DAY,
  read_only: false,
  ...overrides,
});
const onBranch: ResolvedRef = { kind: 'branch', id: 'main', commitId: 'c1' };

const objectAt = (path: string): ObjectStats => ({
  path,
  path_type: 'object',
  size_bytes: 1536,
  mtime: 1_700_000_000,
  checksum: 'x',
  physical_address: 'p',
});

/** A folder of `total` objects named big/000000 ... served page by page like the server does. */
function bigFolder(total: number) {
  const name = (i: number) => `big/${String(i).padStart(6, '0')}`;
  return ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const after = url.searchParams.get('after');
    const amount = Number(url.searchParams.get('amount'));
    const start = after ? Number(after.slice(4)) + 1 : 0;
    const end = Math.min(total, start + amount);
    const results = Array.from({ length: end - start }, (_, k) => objectAt(name(start + k)));
    return HttpResponse.json({
      results,
      pagination: { has_more: end < total, next_offset: end < total ? name(end - 1) : '', results: results.length, max_per_page: 1000 },
    });
  };
}

const listed: URL[] = [];
const requested: string[] = [];
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  server.use(
    http.get('*/api/v1/repositories/lake/refs/:ref/objects/ls', ({ request }) => {
      listed.push(new URL(request.url));
      return HttpResponse.json({
        results: [{ path: 'data/', path_type: 'common_prefix' }, objectAt('README.md'), objectAt('notes.txt')],
        pagination: { has_more: false, next_offset: '', results: 3, max_per_page: 100 },
      });
    }),
    http.get('*/api/v1/repositories/lake/refs/:ref/objects/stat', () =>
      HttpResponse.json({ message: 'not found' }, { status: 404 }),
    ),
    http.get('*/api/v1/repositories/lake/branches/:branch/objects/stage_allowed', () => new HttpResponse(null, { status: 204 })),
    http.get('*/api/v1/repositories/lake/settings/gc_rules', ({ request }) => {
      requested.push(new URL(request.url).pathname);
      return HttpResponse.json({ message: 'not found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  server.resetHandlers();
  listed.length = 0;
  requested.length = 0;
});
afterAll(() => server.close());

describe('objects listing', () => {
  it('shows folders and files with 1024-based sizes and links to browse or view them', async () => {
    renderWithRouter(<ObjectsPage uploadPermissions={new UploadPermissions()} repo={repo()} resolvedRef={onBranch} path="" />);
    const folder = await screen.findByRole('link', { name: 'data/' });
    expect(folder.getAttribute('href')).toBe('/repositories/lake/objects?ref=main&path=data%2F');
    expect(screen.getByRole('link', { name: 'notes.txt' }).getAttribute('href')).toBe(
      '/repositories/lake/object?ref=main&path=notes.txt',
    );
    expect(screen.getAllByText('1.5 KB')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Download notes.txt' }).getAttribute('href')).toBe(
      '/api/v1/repositories/lake/refs/main/objects?path=notes.txt',
    );
    expect(listed[0]?.searchParams.get('amount')).toBe('100');
    expect(listed[0]?.searchParams.get('delimiter')).toBe('/');
  });

  it('pages a 100,000-entry prefix by cursor as the user scrolls, rendering only a window of rows', async () => {
    server.use(
      http.get('*/api/v1/repositories/lake/refs/:ref/objects/ls', (info) => {
        listed.push(new URL(info.request.url));
        return bigFolder(100_000)(info);
      }),
    );
    renderWithRouter(<ObjectsPage uploadPermissions={new UploadPermissions()} repo={repo()} resolvedRef={onBranch} path="big/" />);
    await screen.findByText('000000');
    expect(listed).toHaveLength(1);
    expect(listed[0]?.searchParams.get('prefix')).toBe('big/');

    const table = document.querySelector('table[aria-label="Objects"]') as HTMLTableElement;
    const viewport = table.closest('[data-scroll-viewport]') as HTMLElement;
    viewport.scrollTop = 100 * 44;
    fireEvent.scroll(viewport);

    await waitFor(() => expect(listed).toHaveLength(2));
    expect(listed[1]?.searchParams.get('after')).toBe('big/000099');
    expect(listed[1]?.searchParams.get('amount')).toBe('1000');
    const bodyRows = () => table.querySelectorAll('tbody tr[data-index]').length;
    await waitFor(() => expect(bodyRows()).toBeGreaterThan(20));
    viewport.scrollTop = 150 * 44;
    fireEvent.scroll(viewport);
    await screen.findByText('000150');
    expect(screen.queryByText('000000')).toBeNull();
    expect(bodyRows()).toBeLessThan(80);
    expect(listed).toHaveLength(2);
  }, 20_000);

  it('starts from the after cursor in the URL', async () => {
    renderWithRouter(<ObjectsPage uploadPermissions={new UploadPermissions()} repo={repo()} resolvedRef={onBranch} path="" after="data/" />);
    await screen.findByRole('link', { name: 'notes.txt' });
    expect(listed[0]?.searchParams.get('after')).toBe('data/');
  });

  it('offers delete only on a branch, and asks before deleting', async () => {
    let deleted: string | null = null;
    server.use(
      http.delete('*/api/v1/repositories/lake/branches/main/objects', ({ request }) => {
        deleted = new URL(request.url).searchParams.get('path');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderWithRouter(<ObjectsPage uploadPermissions={new UploadPermissions()} repo={repo()} resolvedRef={onBranch} path="" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete notes.txt' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Are you sure you wish to delete object "notes.txt"?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toBe('notes.txt'));
    // The listing reloads after the delete (and the test waits for it, so no request outlives the test).
    await waitFor(() => expect(listed).toHaveLength(2));
  });

  it.each<ResolvedRef>([
    { kind: 'tag', id: 'v1', commitId: 'c1' },
    { kind: 'commit', id: 'c'.repeat(64), commitId: 'c'.repeat(64) },
  ])('hides delete and disables upload on a $kind', async (ref) => {
    renderWithRouter(<ObjectsPage uploadPermissions={new UploadPermissions()} repo={repo()} resolvedRef={ref} path="" />);
    await screen.findByRole('link', { name: 'notes.txt' });
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.getByRole('button', { name: 'Blame notes.txt' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('upload button', () => {
  it('is enabled on a writable branch once the preflight allows it, and opens the upload dialog there', async () => {
    renderWithRouter(<ObjectsPage uploadPermissions={new UploadPermissions()} repo={repo()} resolvedRef={onBranch} path="data/" />);
    const upload = (await screen.findByRole('button', { name: 'Upload' })) as HTMLButtonElement;
    await waitFor(() => expect(upload.disabled).toBe(false));
    fireEvent.click(upload);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Upload Objects to Branch 'main'")).toBeTruthy();
  });

  it('is disabled when the preflight refuses', async () => {
    server.use(
      http.get('*/api/v1/repositories/lake/branches/:branch/objects/stage_allowed', () =>
        HttpResponse.json({ message: 'insufficient permissions' }, { status: 401 }),
      ),
    );
    renderWithRouter(<ObjectsPage uploadPermissions={new UploadPermissions()} repo={repo()} resolvedRef={onBranch} path="" />);
    const upload = (await screen.findByRole('button', { name: 'Upload' })) as HTMLButtonElement;
    await waitFor(() => expect(upload.title).toBe('You are not allowed to upload to this branch'));
    expect(upload.disabled).toBe(true);
  });

  it('is disabled on a read-only repository, where delete is hidden too', async () => {
    renderWithRouter(<ObjectsPage uploadPermissions={new UploadPermissions()} repo={repo({ read_only: true })} resolvedRef={onBranch} path="" />);
    await screen.findByRole('link', { name: 'notes.txt' });
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });
});

describe('blame', () => {
  it('explains when no commit touched the object', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('*/api/v1/repositories/lake/refs/main/commits', ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json({ results: [], pagination: { has_more: false, next_offset: '', results: 0, max_per_page: 1 } });
      }),
    );
    renderWithRouter(<ObjectsPage uploadPermissions={new UploadPermissions()} repo={repo()} resolvedRef={onBranch} path="" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Blame notes.txt' }));
    expect(await screen.findByText(/No commit found, perhaps this is an/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'uncommitted change' })).toBeTruthy();
    expect(query?.get('amount')).toBe('1');
    expect(query?.getAll('objects')).toEqual(['notes.txt']);
  });

  it('shows the last commit of a prefix', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('*/api/v1/repositories/lake/refs/main/commits', ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json({
          results: [{ id: 'f'.repeat(64), message: 'Add data', committer: 'ada', parents: [], creation_date: 1, meta_range_id: '' }],
          pagination: { has_more: false, next_offset: '', results: 1, max_per_page: 1 },
        });
      }),
    );
    renderWithRouter(<ObjectsPage uploadPermissions={new UploadPermissions()} repo={repo()} resolvedRef={onBranch} path="" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Blame data' }));
    expect(await screen.findByText('Add data')).toBeTruthy();
    expect(screen.getByText('f'.repeat(12))).toBeTruthy();
    expect(screen.getByText('Last commit to modify prefix')).toBeTruthy();
    expect(query?.getAll('prefixes')).toEqual(['data/']);
  });
});

describe('garbage-collection warning', () => {
  const old = now() - 15 * DAY;
  const banner = () => screen.queryByText(/No garbage collection rules configured for this repository/);

  it('shows for an s3 repository older than 14 days without rules, and stays dismissed', async () => {
    const { unmount } = renderWithRouter(
      <ObjectsPage uploadPermissions={new UploadPermissions()} repo={repo({ storage_namespace: 's3://bucket/lake', creation_date: old })} resolvedRef={onBranch} path="" />,
    );
    await waitFor(() => expect(banner()).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss garbage collection warning' }));
    expect(banner()).toBeNull();
    expect(localStorage.getItem('show_gc_warning_lake')).toBe('false');
    unmount();

    requested.length = 0;
    renderWithRouter(
      <ObjectsPage uploadPermissions={new UploadPermissions()} repo={repo({ storage_namespace: 's3://bucket/lake', creation_date: old })} resolvedRef={onBranch} path="" />,
    );
    await screen.findByRole('link', { name: 'notes.txt' });
    expect(banner()).toBeNull();
    expect(requested).toEqual([]);
  });

  it.each([
    ['local storage', { storage_namespace: 'local://lake', creation_date: old }],
    ['a young repository', { storage_namespace: 'https://store/lake', creation_date: now() - 13 * DAY }],
  ])('does not apply to %s', async (_label, overrides) => {
    renderWithRouter(<ObjectsPage uploadPermissions={new UploadPermissions()} repo={repo(overrides)} resolvedRef={onBranch} path="" />);
    await screen.findByRole('link', { name: 'notes.txt' });
    expect(requested).toEqual([]);
    expect(banner()).toBeNull();
  });
});

describe('README preview', () => {
  it('renders README.md of the folder without scripts or event handlers, with links resolved to the ref', async () => {
    const readme = '# Welcome to the Lake!\n\n<script>window.owned = true</script>\n\n<img src="img/a.png" onerror="window.owned = true">';
    server.use(
      http.get('*/api/v1/repositories/lake/refs/main/objects/stat', () =>
        HttpResponse.json({ ...objectAt('docs/README.md'), size_bytes: readme.length }),
      ),
      http.get('*/api/v1/repositories/lake/refs/main/objects', ({ request }) =>
        new URL(request.url).searchParams.get('path') === 'docs/README.md'
          ? new HttpResponse(readme, { headers: { 'Content-Type': 'text/markdown' } })
          : new HttpResponse(null, { status: 404 }),
      ),
    );
    renderWithRouter(<ObjectsPage uploadPermissions={new UploadPermissions()} repo={repo()} resolvedRef={onBranch} path="docs/" />);
    const section = await screen.findByRole('region', { name: 'README.md' });
    await within(section).findByRole('heading', { name: 'Welcome to the Lake!' });
    expect(section.querySelector('script')).toBeNull();
    expect(section.innerHTML).not.toMatch(/onerror/i);
    expect(section.querySelector('img')?.getAttribute('src')).toBe('/api/v1/repositories/lake/refs/main/objects?path=docs%2Fimg%2Fa.png');
    expect((window as unknown as { owned?: boolean }).owned).toBeUndefined();
  });
});
