import './viewer-dom-env';
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import { elseNotFound, fakeApi, signedInAs } from './fake-api';

interface Fixture {
  contentType: string;
  body?: string;
  size?: number;
}

const objects = new Map<string, Fixture>();
const contentRequests: string[] = [];

const statRequests: string[] = [];

const server = fakeApi(
  signedInAs(),
  http.get('*/api/v1/repositories/lake', () =>
    HttpResponse.json({ id: 'lake', default_branch: 'main', storage_namespace: 'local://lake', creation_date: 1 }),
  ),
  http.get('*/api/v1/repositories/lake/branches/main', () => HttpResponse.json({ id: 'main', commit_id: 'c1' })),
  http.get('*/api/v1/repositories/lake/refs/main/objects/stat', ({ request }) => {
    const path = new URL(request.url).searchParams.get('path') ?? '';
    statRequests.push(path);
    const fixture = objects.get(path);
    if (!fixture) return HttpResponse.json({ message: 'not found' }, { status: 404 });
    return HttpResponse.json({
      path,
      path_type: 'object',
      content_type: fixture.contentType,
      size_bytes: fixture.size ?? fixture.body?.length ?? 0,
      mtime: 1_700_000_000,
      checksum: 'x',
      physical_address: 'p',
    });
  }),
  http.get('*/api/v1/repositories/lake/refs/main/objects', ({ request }) => {
    const path = new URL(request.url).searchParams.get('path') ?? '';
    contentRequests.push(path);
    const fixture = objects.get(path);
    if (!fixture?.body) return HttpResponse.json({ message: 'not found' }, { status: 404 });
    return new HttpResponse(fixture.body, { headers: { 'Content-Type': fixture.contentType } });
  }),
  elseNotFound,
);

afterEach(() => {
  objects.clear();
  statRequests.length = 0;
  contentRequests.length = 0;
});

/** The viewer of `path` on main as a signed-in user opens it. */
function view(path: string, fixture?: Fixture) {
  if (fixture) objects.set(path, fixture);
  return renderApp(`/repositories/lake/object?${new URLSearchParams({ path }).toString()}`);
}

const rendererOf = async () => (await waitFor(() => {
  const el = document.querySelector('[data-renderer]');
  if (!el) throw new Error('no renderer yet');
  return el;
}, { timeout: 5000 }));

describe('object viewer', () => {
  it('shows a header with the path, size, content type, download, copy URI and blame', async () => {
    view('docs/notes.txt', { contentType: 'text/plain', body: 'hello' });
    expect(await screen.findByText('text/plain')).toBeVisible();
    // The stat and the content are read once each, by the route.
    expect(statRequests).toEqual(['docs/notes.txt']);
    expect(contentRequests).toEqual(['docs/notes.txt']);
    expect(screen.getByText('5 B')).toBeVisible();
    expect(screen.getByRole('link', { name: 'docs' }).getAttribute('href')).toBe('/repositories/lake/objects?ref=main&path=docs%2F');
    expect(screen.getByText('notes.txt')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      '/api/v1/repositories/lake/refs/main/objects?path=docs%2Fnotes.txt',
    );
    expect(screen.getByRole('button', { name: 'Copy URI' })).toBeVisible();
    server.use(
      http.get('*/api/v1/repositories/lake/refs/main/commits', () =>
        HttpResponse.json({ results: [], pagination: { has_more: false, next_offset: '', results: 0, max_per_page: 1 } }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Blame' }));
    expect(await screen.findByText(/No commit found, perhaps this is an/)).toBeVisible();
  });

  it('keeps the ref picker, so the same file can be opened on another branch', async () => {
    server.use(
      http.get('*/api/v1/repositories/lake/branches', () =>
        HttpResponse.json({
          results: [
            { id: 'dev', commit_id: 'c2' },
            { id: 'main', commit_id: 'c1' },
          ],
          pagination: { has_more: false, next_offset: '', results: 2, max_per_page: 1000 },
        }),
      ),
    );
    const { router } = view('docs/notes.txt', { contentType: 'text/plain', body: 'hello' });
    await screen.findByText('text/plain');
    fireEvent.click(screen.getByRole('button', { name: 'branch: main' }));
    fireEvent.click(await screen.findByRole('option', { name: /^dev/ }, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.search).toEqual({ ref: 'dev', path: 'docs/notes.txt' }), { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/repositories/lake/object');
  });

  it('renders markdown sanitised', async () => {
    view('README.md', {
      contentType: 'application/octet-stream',
      body: '# Hello\n\n<script>window.owned = 1</script><img src="a.png" onerror="window.owned = 1">',
    });
    const el = await rendererOf();
    expect(el.getAttribute('data-renderer')).toBe('markdown');
    await screen.findByRole('heading', { name: 'Hello' });
    expect(el.querySelector('script')).toBeNull();
    expect(el.innerHTML).not.toMatch(/onerror/i);
  });

  it('highlights source text with the grammar of its extension', async () => {
    view('jobs/etl.py', { contentType: 'text/plain', body: 'def run():\n    return 42\n' });
    const el = await rendererOf();
    expect(el.getAttribute('data-renderer')).toBe('text');
    await waitFor(() => expect(el.querySelector('.hljs-keyword')?.textContent).toBe('def'), { timeout: 5000 });
  });

  it('shows images from the object URL without downloading them first', async () => {
    view('img/lake.png', { contentType: 'image/png', size: 2048 });
    const img = await screen.findByRole('img', { name: 'lake.png' });
    expect(img.getAttribute('src')).toBe('/api/v1/repositories/lake/refs/main/objects?path=img%2Flake.png');
    expect(contentRequests).toEqual([]);
  });

  it('embeds PDFs from a local blob address, since the object endpoint may not be framed', async () => {
    view('manual.pdf', { contentType: 'application/pdf', body: '%PDF-1.4 minimal' });
    const el = await rendererOf();
    await waitFor(() => expect(el.querySelector('object')?.getAttribute('data')).toMatch(/^blob:/), { timeout: 5000 });
    expect(el.querySelector('object')?.getAttribute('type')).toBe('application/pdf');
    expect(contentRequests).toEqual(['manual.pdf']);
  });

  it('renders notebooks as cells with sanitised outputs', async () => {
    const notebook = {
      nbformat: 4,
      metadata: { kernelspec: { language: 'python' } },
      cells: [
        { cell_type: 'markdown', source: ['# Analysis\n', 'Some text'] },
        {
          cell_type: 'code',
          execution_count: 3,
          source: 'print(1)',
          outputs: [
            { output_type: 'stream', name: 'stdout', text: ['result 1\n'] },
            { output_type: 'display_data', data: { 'text/html': '<b>bold</b><img src=x onerror="window.owned=1">' } },
            { output_type: 'error', ename: 'E', evalue: 'v', traceback: ['\u001b[31mTraceback line\u001b[0m'] },
          ],
        },
      ],
    };
    view('analysis.ipynb', { contentType: 'application/json', body: JSON.stringify(notebook) });
    await screen.findByRole('heading', { name: 'Analysis' }, { timeout: 5000 });
    expect(screen.getByText('In [3]:')).toBeVisible();
    expect(screen.getByText('result 1')).toBeVisible();
    expect(screen.getByText('Traceback line')).toBeVisible();
    const bold = await screen.findByText('bold');
    expect(bold.tagName).toBe('B');
    expect(document.body.innerHTML).not.toMatch(/onerror/i);
  });

  it('says when a notebook cannot be read', async () => {
    view('broken.ipynb', { contentType: 'application/octet-stream', body: '{"not": "a notebook"}' });
    expect(await screen.findByText('This notebook could not be read')).toBeVisible();
  });

  it('refuses objects above 20 MiB', async () => {
    view('big.txt', { contentType: 'text/plain', size: 20971521 });
    expect(await screen.findByText(/size 20971521 bytes \(20\.0 MB\) is too big/)).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Download' })).toHaveLength(1);
    expect(contentRequests).toEqual([]);
  });

  it('says when it cannot render a type', async () => {
    view('archive.zip', { contentType: 'application/zip', size: 10 });
    expect(
      await screen.findByText(`Tarn doesn't know how to render this file (extension "zip", content type "application/zip").`),
    ).toBeVisible();
  });

  it('shows a missing object as an error', async () => {
    view('gone.txt');
    expect((await screen.findByRole('alert')).textContent).toContain('not found');
    expect(screen.getByRole('link', { name: 'Download' })).toBeVisible();
  });

  it('shows a content read that failed under the header', async () => {
    view('notes.md', { contentType: 'text/markdown', size: 10 });
    expect((await screen.findByRole('alert')).textContent).toContain('not found');
    expect(screen.getByText('text/markdown')).toBeVisible();
  });

  it('says when no path is given', async () => {
    renderApp('/repositories/lake/object');
    expect(await screen.findByText('No object path given')).toBeVisible();
    expect(statRequests).toEqual([]);
  });
});
