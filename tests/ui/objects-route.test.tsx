import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderApp } from './render';

const listed: URL[] = [];
const stats: string[] = [];

const server = setupServer(
  http.get('*/api/v1/user', () => HttpResponse.json({ user: { id: 'ada', creation_date: 1 } })),
  http.get('*/api/v1/config', () => HttpResponse.json({ version_config: { version: '1.0.0' } })),
  http.get('*/api/v1/repositories/lake', () =>
    HttpResponse.json({ id: 'lake', default_branch: 'main', storage_namespace: 'local://lake', creation_date: 1 }),
  ),
  http.get('*/api/v1/repositories/lake/branches/:branch', ({ params }) =>
    params.branch === 'main'
      ? HttpResponse.json({ id: 'main', commit_id: 'c1' })
      : HttpResponse.json({ message: 'not found' }, { status: 404 }),
  ),
  http.get('*/api/v1/repositories/lake/tags/:tag', ({ params }) =>
    params.tag === 'v1'
      ? HttpResponse.json({ id: 'v1', commit_id: 'c1' })
      : HttpResponse.json({ message: 'not found' }, { status: 404 }),
  ),
  http.get('*/api/v1/repositories/lake/commits/:id', () => HttpResponse.json({ message: 'not found' }, { status: 404 })),
  http.get('*/api/v1/repositories/lake/refs/:ref/objects/ls', ({ request }) => {
    listed.push(new URL(request.url));
    return HttpResponse.json({
      results: [{ path: '2024/a.csv', path_type: 'object', size_bytes: 1, mtime: 1, checksum: 'x', physical_address: 'p' }],
      pagination: { has_more: false, next_offset: '', results: 1, max_per_page: 100 },
    });
  }),
  http.get('*/api/v1/repositories/lake/refs/:ref/objects/stat', ({ request }) => {
    const path = new URL(request.url).searchParams.get('path') ?? '';
    stats.push(path);
    if (path === '2024/a.csv') {
      return HttpResponse.json({ path, path_type: 'object', size_bytes: 1, mtime: 1, checksum: 'x', physical_address: 'p' });
    }
    return HttpResponse.json({ message: 'not found' }, { status: 404 });
  }),
  http.get('*/api/v1/repositories/lake/branches/:branch/objects/stage_allowed', () => new HttpResponse(null, { status: 204 })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  listed.length = 0;
  stats.length = 0;
});
afterAll(() => server.close());

describe('objects routes', () => {
  it('browse the default branch when no ref is given, with the path from the URL', async () => {
    renderApp('/repositories/lake/objects?path=2024%2F');
    expect(await screen.findByRole('button', { name: 'branch: main' })).toBeTruthy();
    await screen.findByRole('link', { name: 'a.csv' });
    expect(new URL(listed[0]!.href).pathname).toBe('/api/v1/repositories/lake/refs/main/objects/ls');
    expect(listed[0]?.searchParams.get('prefix')).toBe('2024/');
  });

  it('browse a tag named in the URL, read-only', async () => {
    renderApp('/repositories/lake/objects?ref=v1');
    expect(await screen.findByRole('button', { name: 'tag: v1' })).toBeTruthy();
    await screen.findByRole('link', { name: '2024/a.csv' });
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });

  it('report a ref that does not exist', async () => {
    renderApp('/repositories/lake/objects?ref=nope');
    expect(await screen.findByText('ref not found')).toBeTruthy();
    expect(listed).toEqual([]);
  });

  it('ask the upload preflight once per branch while browsing folders, and keep Upload enabled during a re-check', async () => {
    const asked: string[] = [];
    let releaseRecheck: (() => void) | undefined;
    server.use(
      http.get('*/api/v1/repositories/lake/branches/:branch/objects/stage_allowed', async ({ params }) => {
        asked.push(String(params.branch));
        if (asked.length > 1) await new Promise<void>((resolve) => (releaseRecheck = resolve));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const upload = () => screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement;
    const { router } = renderApp('/repositories/lake/objects?ref=main');
    await waitFor(() => expect(upload().disabled).toBe(false));

    await router.navigate({ to: '/repositories/$repoId/objects', params: { repoId: 'lake' }, search: { ref: 'main', path: '2024/' } });
    await screen.findByRole('link', { name: 'a.csv' });
    expect(upload().disabled).toBe(false);
    await router.navigate({ to: '/repositories/$repoId/objects', params: { repoId: 'lake' }, search: { ref: 'main' } });
    await screen.findByRole('link', { name: '2024/a.csv' });
    expect(upload().disabled).toBe(false);
    expect(asked).toEqual(['main']);

    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(upload().disabled).toBe(false);
    releaseRecheck?.();
    await waitFor(() => expect(upload().disabled).toBe(false));
  });

  it('open an object in the viewer', async () => {
    server.use(
      http.get('*/api/v1/repositories/lake/refs/:ref/objects', () => HttpResponse.text('lake,depth\nBaikal,1642\n')),
    );
    renderApp('/repositories/lake/object?ref=main&path=2024%2Fa.csv');
    await waitFor(() => expect(stats).toContain('2024/a.csv'));
    expect(await screen.findByRole('cell', { name: 'Baikal' })).toBeTruthy();
  });
});
