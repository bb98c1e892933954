import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderUi, renderWithRouter } from './render';
import { RepositoriesPage } from '../../src/ui/repositories/RepositoriesPage';
import { CreateRepositoryDialog } from '../../src/ui/repositories/CreateRepositoryDialog';
import { RepositorySearch } from '../../src/ui/repositories/RepositorySearch';
import { RepositoryInDeletion } from '../../src/ui/repositories/RepositoryInDeletion';
import type { Repository, StorageConfig } from '../../src/api/types';

const localStorage: StorageConfig = {
  blockstore_type: 'local',
  blockstore_namespace_example: 'local://example-bucket/',
  blockstore_namespace_ValidityRegex: '^local://',
  default_namespace_prefix: 'local://',
  pre_sign_support: false,
  pre_sign_support_ui: false,
  import_support: false,
  import_validity_regex: '^local://',
};

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

const server = setupServer(
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
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  storage = localStorage;
  repositories = [];
  listRequests.length = 0;
  created.length = 0;
  deleted.length = 0;
});
afterAll(() => server.close());

function renderPage(props: Partial<Parameters<typeof RepositoriesPage>[0]> = {}) {
  const handlers = { onSearch: vi.fn(), onBackToStart: vi.fn(), onCreated: vi.fn() };
  renderWithRouter(<RepositoriesPage storage={storage} {...handlers} {...props} />, { path: '/repositories' });
  return handlers;
}

describe('Repository list', () => {
  it('lists repositories with their read-only badge, passing prefix and after to the server', async () => {
    repositories = [repo('alpha'), repo('beta', { read_only: true }), repo('bravo')];
    renderPage({ prefix: 'b', after: 'a' });
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
    expect(screen.getByRole('button', { name: 'Back to start' })).toBeTruthy();
  });

  it('warns that the mem block adapter is not for production', async () => {
    storage = { ...localStorage, blockstore_type: 'mem' };
    repositories = [repo('alpha')];
    renderPage();
    expect(await screen.findByText('Block adapter mem not usable in production')).toBeTruthy();
  });

  it('does not show the mem warning for other block adapters', async () => {
    repositories = [repo('alpha')];
    renderPage();
    await screen.findByRole('table', { name: 'Repositories' });
    expect(screen.queryByText('Block adapter mem not usable in production')).toBeNull();
  });
});

describe('Welcome card', () => {
  it('offers a sample repository to a user with none, created with sample data', async () => {
    const { onCreated } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Create Sample Repository/ }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(created).toEqual([
      { name: 'quickstart', storage_namespace: 'local://quickstart', default_branch: 'main', sample_data: true },
    ]);
  });

  it('falls back to a local namespace for the sample when the server has no default prefix', async () => {
    storage = { ...localStorage, default_namespace_prefix: undefined };
    const { onCreated } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Create Sample Repository/ }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(created).toEqual([expect.objectContaining({ storage_namespace: 'local://quickstart' })]);
  });

  it('opens the create dialog for an empty repository', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Create an empty repository/ }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    for (const name of [/Repository ID/, /Default Branch Name/, /Storage Namespace/]) {
      const input = screen.getByLabelText(name) as HTMLInputElement;
      expect(input.required).toBe(true);
      expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toMatch(/\*$/);
    }
  });

  it('is not shown when a search finds nothing', async () => {
    renderPage({ prefix: 'zzz' });
    expect(await screen.findByText('No repositories match.')).toBeTruthy();
    expect(screen.queryByText('Welcome to Tarn!')).toBeNull();
  });
});

describe('Repository search', () => {
  it('reports the prefix once typing has paused for 300 ms', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const onSearch = vi.fn();
      renderUi(<RepositorySearch prefix="" onSearch={onSearch} />);
      const box = screen.getByRole('searchbox', { name: 'Search repositories' });
      fireEvent.change(box, { target: { value: 'a' } });
      act(() => vi.advanceTimersByTime(200));
      fireEvent.change(box, { target: { value: 'ab' } });
      act(() => vi.advanceTimersByTime(299));
      expect(onSearch).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(1));
      expect(onSearch).toHaveBeenCalledExactlyOnceWith('ab');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Repository search and the URL', () => {
  it('shows a prefix that changes in the URL without typing', () => {
    const { rerender } = renderUi(<RepositorySearch prefix="lake" onSearch={vi.fn()} />);
    const box = screen.getByRole('searchbox', { name: 'Search repositories' }) as HTMLInputElement;
    expect(box.value).toBe('lake');
    rerender(<RepositorySearch prefix="" onSearch={vi.fn()} />);
    expect(box.value).toBe('');
  });

  it('keeps what the user types when their own search comes back from the URL', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const onSearch = vi.fn();
      const { rerender } = renderUi(<RepositorySearch prefix="" onSearch={onSearch} />);
      const box = screen.getByRole('searchbox', { name: 'Search repositories' }) as HTMLInputElement;
      fireEvent.change(box, { target: { value: 'la' } });
      act(() => vi.advanceTimersByTime(300));
      expect(onSearch).toHaveBeenCalledWith('la');
      fireEvent.change(box, { target: { value: 'lak' } });
      rerender(<RepositorySearch prefix="la" onSearch={onSearch} />);
      expect(box.value).toBe('lak');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Create repository dialog', () => {
  function openDialog(storageConfig: StorageConfig | undefined = localStorage) {
    const onCreated = vi.fn();
    renderUi(<CreateRepositoryDialog open storage={storageConfig} onClose={vi.fn()} onCreated={onCreated} />);
    const create = screen.getByRole('button', { name: 'Create Repository' }) as HTMLButtonElement;
    return { onCreated, create };
  }
  const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

  it('rejects bad repository ids with the spec message and keeps Create disabled', () => {
    const { create } = openDialog();
    expect(create.disabled).toBe(true);
    for (const bad of ['ab', '-abc', 'ABC', 'a_b_c', 'a'.repeat(64)]) {
      fireEvent.change(field(/Repository ID/), { target: { value: bad } });
      expect(screen.getByText("Min 3 characters. Only lowercase alphanumeric characters and '-' allowed.")).toBeTruthy();
      expect(create.disabled).toBe(true);
    }
    fireEvent.change(field(/Repository ID/), { target: { value: 'my-repo1' } });
    expect(screen.queryByText(/Min 3 characters/)).toBeNull();
    expect(create.disabled).toBe(false);
  });

  it('defaults the branch to main, prefills the namespace from the prefix, and validates both', () => {
    const { create } = openDialog();
    expect(field(/Default Branch/).value).toBe('main');
    fireEvent.change(field(/Repository ID/), { target: { value: 'lake' } });
    expect(field(/Storage Namespace/).value).toBe('local://lake');
    fireEvent.change(field(/Default Branch/), { target: { value: '' } });
    expect(screen.getByText('Invalid Branch.')).toBeTruthy();
    expect(create.disabled).toBe(true);
    fireEvent.change(field(/Default Branch/), { target: { value: 'dev' } });
    fireEvent.change(field(/Storage Namespace/), { target: { value: 's3://bucket/lake' } });
    expect(screen.getByText('Can only create repository with storage type: local')).toBeTruthy();
    expect(create.disabled).toBe(true);
    // The namespace was edited by hand, so it no longer follows the id.
    fireEvent.change(field(/Storage Namespace/), { target: { value: 'local://elsewhere' } });
    fireEvent.change(field(/Repository ID/), { target: { value: 'lake2' } });
    expect(field(/Storage Namespace/).value).toBe('local://elsewhere');
    expect(create.disabled).toBe(false);
  });

  it('creates the repository with the three fields and reports it', async () => {
    const { onCreated, create } = openDialog();
    fireEvent.change(field(/Repository ID/), { target: { value: 'lake' } });
    fireEvent.click(create);
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 'lake' })));
    expect(created).toEqual([{ name: 'lake', default_branch: 'main', storage_namespace: 'local://lake' }]);
  });

  it('shows the server refusal inside the dialog', async () => {
    server.use(http.post('*/api/v1/repositories', () => HttpResponse.json({ message: 'repository already exists' }, { status: 409 })));
    const { onCreated, create } = openDialog();
    fireEvent.change(field(/Repository ID/), { target: { value: 'lake' } });
    fireEvent.click(create);
    expect(await screen.findByText('repository already exists')).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
  });
});

describe('Repository in deletion', () => {
  it('retries the deletion from the warning', async () => {
    const onDeleted = vi.fn();
    renderUi(<RepositoryInDeletion repoId="old" onDeleted={onDeleted} />);
    expect(screen.getByText('Repository in deletion')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Repository' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(deleted).toEqual(['old']);
  });
});
