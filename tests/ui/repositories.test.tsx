import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import type { Repository, StorageConfig } from '../../server/http/wire';
import { localStorageConfig } from '../../server/catalog/storage-config';
import { elseNotFound, fakeApi } from './fake-api';

// The configuration the server's local block store really gives.
const localStorage: StorageConfig = localStorageConfig(false);

const repo = (id: string, extra: Partial<Repository> = {}): Repository => ({
  id,
  creation_date: 1_700_000_000,
  default_branch: 'main',
  storage_namespace: `local://${id}`,
  ...extra,
});

const page = <T,>(results: T[], next = '') => ({
  results,
  pagination: { has_more: next !== '', next_offset: next, results: results.length, max_per_page: 1000 },
});

let storage: StorageConfig = localStorage;
let repositories: Repository[] = [];
const listRequests: URL[] = [];
const created: unknown[] = [];
const deleted: string[] = [];

const server = fakeApi(
  http.get('*/api/v1/config', () => HttpResponse.json({ storage_config: storage, version_config: { version: '1.0.0' } })),
  http.get('*/api/v1/repositories', ({ request }) => {
    const url = new URL(request.url);
    listRequests.push(url);
    const prefix = url.searchParams.get('prefix') ?? '';
    const after = url.searchParams.get('after') ?? '';
    return HttpResponse.json(page(repositories.filter((r) => r.id.startsWith(prefix) && r.id > after)));
  }),
  http.post('*/api/v1/repositories', async ({ request }) => {
    const body = (await request.json()) as { name: string };
    created.push(body);
    return HttpResponse.json(repo(body.name), { status: 201 });
  }),
  http.delete('*/api/v1/repositories/:id', ({ params }) => {
    deleted.push(String(params.id));
    return new HttpResponse(null, { status: 204 });
  }),
  // Whatever the page a flow ends on asks for (the new repository's objects, the setup state...).
  elseNotFound,
);

afterEach(() => {
  storage = localStorage;
  repositories = [];
  listRequests.length = 0;
  created.length = 0;
  deleted.length = 0;
});

/** The repositories page at `search` as a signed-in user opens it; `location()` follows where the page goes. */
function openRepositories(search = '') {
  const { router } = renderApp(`/repositories${search}`);
  return { location: () => router.state.location };
}

describe('Repository list', () => {
  it('lists repositories with their read-only badge, passing prefix and after to the server', async () => {
    repositories = [repo('alpha'), repo('beta', { read_only: true }), repo('bravo')];
    openRepositories('?prefix=b&after=a');
    const table = await screen.findByRole('table', { name: 'Repositories' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Repository'),
      expect.stringContaining('beta'),
      expect.stringContaining('bravo'),
    ]);
    expect(rows[1]?.textContent).toContain('Read-only');
    expect(rows[2]?.textContent).not.toContain('Read-only');
    expect(listRequests[0]?.searchParams.get('prefix')).toBe('b');
    expect(listRequests[0]?.searchParams.get('after')).toBe('a');
    expect(listRequests[0]?.searchParams.get('amount')).toBe('100');
    expect(listRequests).toHaveLength(1);
    expect((screen.getByRole('searchbox', { name: 'Search repositories' }) as HTMLInputElement).value).toBe('b');
    fireEvent.click(screen.getByRole('button', { name: 'Back to start' }));
    await waitFor(() => expect(listRequests).toHaveLength(2), { timeout: 5000 });
    expect(listRequests[1]?.searchParams.get('after')).toBeNull();
    expect(listRequests[1]?.searchParams.get('prefix')).toBe('b');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Back to start' })).toBeNull(), { timeout: 5000 });
  });

  it('puts the search prefix in the URL once typing pauses, and lists from its first page', async () => {
    repositories = [repo('alpha'), repo('lake-1'), repo('lake-2')];
    const { location } = openRepositories();
    await screen.findByText('alpha');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search repositories' }), { target: { value: 'lake' } });
    await waitFor(() => expect(location().search).toEqual({ prefix: 'lake' }), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByText('alpha')).toBeNull(), { timeout: 5000 });
    expect(screen.getByText('lake-2')).toBeVisible();
    expect(listRequests.map((u) => u.searchParams.get('prefix'))).toEqual([null, 'lake']);
  });

  it('pages by the after cursor as the user reaches the end', async () => {
    repositories = Array.from({ length: 150 }, (_, i) => repo(`repo-${String(i).padStart(3, '0')}`));
    server.use(
      http.get('*/api/v1/repositories', ({ request }) => {
        const url = new URL(request.url);
        listRequests.push(url);
        const after = url.searchParams.get('after') ?? '';
        const rest = repositories.filter((r) => r.id > after);
        const results = rest.slice(0, 100);
        return HttpResponse.json(page(results, rest.length > 100 ? (results.at(-1)?.id ?? '') : ''));
      }),
    );
    openRepositories();
    await screen.findByText('repo-000');
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(listRequests.map((u) => u.searchParams.get('after'))).toEqual([null, 'repo-099']), { timeout: 5000 });
  });

  it('shows a listing that failed, and lists again on Retry', async () => {
    repositories = [repo('alpha')];
    let fail = true;
    server.use(
      http.get('*/api/v1/repositories', () => {
        if (!fail) return;
        fail = false;
        return HttpResponse.json({ message: 'database is locked' }, { status: 500 });
      }),
    );
    openRepositories();
    expect((await screen.findByRole('alert')).textContent).toContain('database is locked');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('alpha')).toBeVisible();
  });

  it('warns that the mem block adapter is not for production', async () => {
    storage = { ...localStorage, blockstore_type: 'mem' };
    repositories = [repo('alpha')];
    openRepositories();
    expect(await screen.findByText('Block adapter mem not usable in production')).toBeVisible();
  });

  it('does not show the mem warning for other block adapters', async () => {
    repositories = [repo('alpha')];
    openRepositories();
    await screen.findByRole('table', { name: 'Repositories' });
    expect(screen.queryByText('Block adapter mem not usable in production')).toBeNull();
  });
});

describe('Welcome card', () => {
  it('offers a sample repository to a user with none, created with sample data', async () => {
    const { location } = openRepositories();
    fireEvent.click(await screen.findByRole('button', { name: /Create Sample Repository/ }));
    await waitFor(() => expect(location().pathname).toMatch(/^\/repositories\/quickstart/), { timeout: 5000 });
    expect(created).toEqual([
      { name: 'quickstart', storage_namespace: 'local://quickstart', default_branch: 'main', sample_data: true },
    ]);
  });

  it('falls back to a local namespace for the sample when the server has no default prefix', async () => {
    storage = { ...localStorage, default_namespace_prefix: undefined };
    openRepositories();
    fireEvent.click(await screen.findByRole('button', { name: /Create Sample Repository/ }));
    await waitFor(() => expect(created).toHaveLength(1), { timeout: 5000 });
    expect(created).toEqual([expect.objectContaining({ storage_namespace: 'local://quickstart' })]);
  });

  it('shows the failure of the sample on the card', async () => {
    server.use(http.post('*/api/v1/repositories', () => HttpResponse.json({ message: 'storage unavailable' }, { status: 500 })));
    openRepositories();
    fireEvent.click(await screen.findByRole('button', { name: /Create Sample Repository/ }));
    expect((await screen.findByText(/^could not create repository:/)).textContent).toBe('could not create repository: storage unavailable');
    expect(screen.getByText('Welcome to Tarn!')).toBeVisible();
  });

  it('opens the create dialog for an empty repository', async () => {
    openRepositories();
    fireEvent.click(await screen.findByRole('button', { name: /Create an empty repository/ }));
    expect(await screen.findByRole('dialog')).toBeVisible();
    for (const name of [/Repository ID/, /Default Branch Name/, /Storage Namespace/]) {
      const input = screen.getByLabelText(name) as HTMLInputElement;
      expect(input.required).toBe(true);
      expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toMatch(/\*$/);
    }
  });

  it('is not shown when a search finds nothing', async () => {
    openRepositories('?prefix=zzz');
    expect(await screen.findByText('No repositories match.')).toBeVisible();
    expect(screen.queryByText('Welcome to Tarn!')).toBeNull();
  });
});

describe('Repository search', () => {
  it('puts only the prefix typing paused on in the URL', async () => {
    repositories = [repo('alpha'), repo('lake-1')];
    const { location } = openRepositories();
    await screen.findByText('alpha');
    const box = screen.getByRole('searchbox', { name: 'Search repositories' });
    fireEvent.change(box, { target: { value: 'l' } });
    fireEvent.change(box, { target: { value: 'la' } });
    await waitFor(() => expect(location().search).toEqual({ prefix: 'la' }), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByText('alpha')).toBeNull(), { timeout: 5000 });
    expect(listRequests.map((u) => u.searchParams.get('prefix'))).toEqual([null, 'la']);
  });

  it('shows a prefix that changes in the URL without typing', async () => {
    repositories = [repo('alpha'), repo('lake-1')];
    const { router } = renderApp('/repositories?prefix=lake');
    await screen.findByText('lake-1');
    const box = screen.getByRole('searchbox', { name: 'Search repositories' }) as HTMLInputElement;
    expect(box.value).toBe('lake');
    await act(() => router.navigate({ to: '/repositories', search: {} }));
    await waitFor(() => expect(box.value).toBe(''), { timeout: 5000 });
    expect(await screen.findByText('alpha')).toBeVisible();
  });
});

describe('Create repository dialog', () => {
  async function openDialog() {
    repositories = [repo('alpha')];
    const opened = openRepositories();
    fireEvent.click(await screen.findByRole('button', { name: 'Create Repository' }));
    const dialog = await screen.findByRole('dialog');
    const create = within(dialog).getByRole('button', { name: 'Create Repository' }) as HTMLButtonElement;
    return { ...opened, dialog, create };
  }
  const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

  it('rejects bad repository ids with the spec message and keeps Create disabled', async () => {
    const { create } = await openDialog();
    expect(create.disabled).toBe(true);
    fireEvent.change(field(/Repository ID/), { target: { value: 'ab' } });
    expect(screen.getByText("Min 3 characters. Only lowercase alphanumeric characters and '-' allowed.")).toBeVisible();
    expect(create.disabled).toBe(true);
    fireEvent.change(field(/Repository ID/), { target: { value: 'my-repo1' } });
    expect(screen.queryByText(/Min 3 characters/)).toBeNull();
    expect(create.disabled).toBe(false);
  });

  it('defaults the branch to main, prefills the namespace from the prefix, and validates both', async () => {
    const { create } = await openDialog();
    expect(field(/Default Branch/).value).toBe('main');
    fireEvent.change(field(/Repository ID/), { target: { value: 'lake' } });
    expect(field(/Storage Namespace/).value).toBe('local://lake');
    fireEvent.change(field(/Default Branch/), { target: { value: '' } });
    expect(screen.getByText('Invalid Branch.')).toBeVisible();
    expect(create.disabled).toBe(true);
    fireEvent.change(field(/Default Branch/), { target: { value: 'dev' } });
    fireEvent.change(field(/Storage Namespace/), { target: { value: 's3://bucket/lake' } });
    expect(screen.getByText('Can only create repository with storage type: local')).toBeVisible();
    expect(create.disabled).toBe(true);
  });

  it('creates the repository with the three fields and opens it', async () => {
    const { create, location } = await openDialog();
    fireEvent.change(field(/Repository ID/), { target: { value: 'lake' } });
    fireEvent.click(create);
    await waitFor(() => expect(location().pathname).toMatch(/^\/repositories\/lake/), { timeout: 5000 });
    expect(created).toEqual([{ name: 'lake', default_branch: 'main', storage_namespace: 'local://lake' }]);
  });

  it('shows the server refusal inside the dialog, and starts afresh when opened again', async () => {
    server.use(http.post('*/api/v1/repositories', () => HttpResponse.json({ message: 'repository already exists' }, { status: 409 })));
    const { dialog, create, location } = await openDialog();
    fireEvent.change(field(/Repository ID/), { target: { value: 'lake' } });
    fireEvent.click(create);
    expect((await within(dialog).findByText(/^could not create repository:/)).textContent).toBe('could not create repository: repository already exists');
    expect(location().pathname).toBe('/repositories');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Create Repository' }));
    await screen.findByRole('dialog');
    expect(field(/Repository ID/).value).toBe('');
    expect(screen.queryByText(/repository already exists/)).toBeNull();
  });
});

describe('Repository in deletion', () => {
  it('warns of a repository the server is deleting (410) and retries the deletion, then lists the repositories', async () => {
    let gone = true;
    server.use(
      http.get('*/api/v1/repositories/old', () =>
        gone ? HttpResponse.json({ message: 'Repository in deletion' }, { status: 410 }) : HttpResponse.json({}, { status: 404 }),
      ),
    );
    const { router } = renderApp('/repositories/old/objects');
    expect(await screen.findByText('Repository in deletion')).toBeVisible();
    gone = false;
    fireEvent.click(screen.getByRole('button', { name: 'Delete Repository' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/repositories'), { timeout: 5000 });
    expect(deleted).toEqual(['old']);
  });

  it('shows a failed retry under the warning', async () => {
    server.use(
      http.get('*/api/v1/repositories/old', () => HttpResponse.json({ message: 'Repository in deletion' }, { status: 410 })),
      http.delete('*/api/v1/repositories/old', () => HttpResponse.json({ message: 'storage unavailable' }, { status: 503 })),
    );
    const { router } = renderApp('/repositories/old/objects');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Repository' }));
    expect((await screen.findByText(/^could not delete repository:/)).textContent).toBe('could not delete repository: storage unavailable');
    expect(router.state.location.pathname).toBe('/repositories/old/objects');
  });
});
