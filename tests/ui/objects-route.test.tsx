import './viewer-dom-env';
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AnyRouter } from '@tanstack/react-router';
import { renderApp } from './render';
import { answered, fakeApi } from './fake-api';
import { asked, fakeLake, folderAt, objectAt, type FakeLake } from './objects-server';

const server = fakeApi();
let lake: FakeLake;

beforeEach(() => {
  lake = fakeLake();
  server.use(...lake.handlers);
});

/** The README read the objects route started for the folder it shows, once settled (the preview waits for it). */
function readmeRead(router: AnyRouter): Promise<unknown> {
  const match = router.state.matches.find((m) => m.routeId === '/repositories/$repoId/objects');
  const readme = (match?.loaderData as { readme?: () => Promise<unknown> } | undefined)?.readme;
  if (!readme) throw new Error('the objects route has not loaded');
  return readme();
}

const goTo = (router: ReturnType<typeof renderApp>['router'], search: Record<string, string>) =>
  router.navigate({ to: '/repositories/$repoId/objects', params: { repoId: 'lake' }, search });

describe('objects route', () => {
  it('browses the default branch when no ref is given, with the path from the URL', async () => {
    renderApp('/repositories/lake/objects?path=data%2F');
    expect(await screen.findByRole('button', { name: 'branch: main' })).toBeEnabled();
    await screen.findByRole('link', { name: 'a.csv' });
    expect(asked(lake, '/repositories/lake/refs/')).toEqual([
      'GET /repositories/lake/refs/main/objects/ls?prefix=data%2F&amount=100&delimiter=%2F',
    ]);
  });

  it('browses a tag named in the URL, read-only', async () => {
    renderApp('/repositories/lake/objects?ref=v1');
    expect(await screen.findByRole('button', { name: 'tag: v1' })).toBeEnabled();
    await screen.findByRole('link', { name: 'notes.txt' });
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(asked(lake, '/repositories/lake/branches/v1/objects/stage_allowed')).toEqual([]);
  });

  it('reports a ref that does not exist', async () => {
    renderApp('/repositories/lake/objects?ref=nope');
    expect(await screen.findByText('ref not found')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('asks for the repository, the ref and the listing at once when the URL names the ref', async () => {
    const waiting = new Set<string>();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = (name: string) => async () => {
      waiting.add(name);
      await gate;
    };
    server.use(
      http.get('*/api/v1/repositories/lake', held('repository')),
      http.get('*/api/v1/repositories/lake/branches/main', held('branch')),
      http.get('*/api/v1/repositories/lake/refs/main/objects/ls', held('listing')),
    );
    renderApp('/repositories/lake/objects?ref=main');
    // None of them is answered until all three have been asked: a waterfall would never get there.
    await waitFor(() => expect([...waiting].sort()).toEqual(['branch', 'listing', 'repository']), { timeout: 5000 });
    release();
    await screen.findByRole('link', { name: 'notes.txt' });
  });

  it('reads the repository once when the listing waits for the default branch', async () => {
    renderApp('/repositories/lake/objects');
    await screen.findByRole('link', { name: 'notes.txt' });
    expect(asked(lake, '/repositories/lake').filter((line) => line === 'GET /repositories/lake')).toHaveLength(1);
  });

  it('moves between folders reading only their listings: no repository read, no ref resolution, no flicker of Upload', async () => {
    const upload = () => screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement;
    const { router } = renderApp('/repositories/lake/objects');
    await screen.findByRole('link', { name: 'notes.txt' });
    await waitFor(() => expect(upload().disabled).toBe(false), { timeout: 5000 });
    const before = lake.log.length;

    await goTo(router, { path: 'data/' });
    await screen.findByRole('link', { name: 'a.csv' });
    expect(upload().disabled).toBe(false);
    await goTo(router, {});
    await screen.findByRole('link', { name: 'notes.txt' });
    expect(upload().disabled).toBe(false);

    expect(lake.log.slice(before)).toEqual([
      'GET /repositories/lake/refs/main/objects/ls?prefix=data%2F&amount=100&delimiter=%2F',
      'GET /repositories/lake/refs/main/objects/ls?prefix=&amount=100&delimiter=%2F',
    ]);
    expect(asked(lake, '/repositories/lake/branches/main/objects/stage_allowed')).toHaveLength(1);
  });

  it('asks the upload preflight once per branch, again on Refresh, keeping Upload enabled meanwhile', async () => {
    let releaseRecheck: (() => void) | undefined;
    const branches: string[] = [];
    server.use(
      http.get('*/api/v1/repositories/lake/branches/:branch/objects/stage_allowed', async ({ params }) => {
        branches.push(String(params.branch));
        if (branches.length === 3) await new Promise<void>((resolve) => (releaseRecheck = resolve));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const upload = () => screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement;
    const { router } = renderApp('/repositories/lake/objects?ref=main');
    await waitFor(() => expect(upload().disabled).toBe(false), { timeout: 5000 });
    await goTo(router, { ref: 'dev' });
    await screen.findByRole('button', { name: 'branch: dev' });
    await waitFor(() => expect(branches).toEqual(['main', 'dev']), { timeout: 5000 });
    await goTo(router, { ref: 'main', path: 'data/' });
    await screen.findByRole('link', { name: 'a.csv' });
    expect(upload().disabled).toBe(false);
    expect(branches).toEqual(['main', 'dev']);

    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(branches).toEqual(['main', 'dev', 'main']), { timeout: 5000 });
    expect(upload().disabled).toBe(false);
    releaseRecheck?.();
    await waitFor(() => expect(upload().disabled).toBe(false), { timeout: 5000 });
  });

  it('refreshes with one listing request, and reads the repository and the ref again', async () => {
    renderApp('/repositories/lake/objects?ref=main');
    await screen.findByRole('link', { name: 'notes.txt' });
    lake.folders[''] = [...lake.folders['']!, objectAt('new.txt')];
    const before = lake.log.length;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByRole('link', { name: 'new.txt' });
    await waitFor(() => expect(lake.log.slice(before)).toContain('GET /repositories/lake/branches/main'), { timeout: 5000 });
    const since = lake.log.slice(before);
    expect(since.filter((line) => line.includes('/objects/ls'))).toHaveLength(1);
    expect(since).toContain('GET /repositories/lake');
  });

  it('keeps the prefix search in the URL: a search is one listing request, and a reload opens with it', async () => {
    lake.folders[''] = [objectAt('notes.txt'), objectAt('numbers.csv'), objectAt('other.txt')];
    const { router, unmount } = renderApp('/repositories/lake/objects');
    await screen.findByRole('link', { name: 'other.txt' });
    const before = lake.log.length;
    fireEvent.change(screen.getByLabelText('Search by prefix'), { target: { value: 'n' } });
    fireEvent.change(screen.getByLabelText('Search by prefix'), { target: { value: 'no' } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'other.txt' })).toBeNull(), { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'notes.txt' })).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toMatchObject({ search: 'no' }), { timeout: 5000 });
    expect(lake.log.slice(before)).toEqual(['GET /repositories/lake/refs/main/objects/ls?prefix=no&amount=100&delimiter=%2F']);
    unmount();

    renderApp('/repositories/lake/objects?search=nu');
    await screen.findByRole('link', { name: 'numbers.csv' });
    expect(screen.queryByRole('link', { name: 'notes.txt' })).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Search by prefix').value).toBe('nu');
  });

  it('reads no README when the listing shows there is none, and reads a listed one without asking its size', async () => {
    const { router } = renderApp('/repositories/lake/objects?ref=main');
    await screen.findByRole('link', { name: 'notes.txt' });
    await readmeRead(router);
    expect(asked(lake, '/repositories/lake/refs/main/objects?')).toEqual([]);
    expect(asked(lake, '/repositories/lake/refs/main/objects/stat')).toEqual([]);
  });

  it('preloads a hovered folder\'s listing but not its README, which it reads once the folder opens', async () => {
    const readme = '# Docs';
    lake.folders[''] = [folderAt('docs/')];
    lake.folders['docs/'] = [objectAt('docs/README.md', readme.length)];
    // Each README read, with the folder the console showed when it was asked: a read the preload started would be
    // asked while the root is still shown, however late it arrives.
    const readmeReads: { path: string | null; shown: unknown }[] = [];
    server.use(
      http.get('*/api/v1/repositories/lake/refs/main/objects', ({ request }) => {
        readmeReads.push({ path: new URL(request.url).searchParams.get('path'), shown: router.state.location.search.path });
        return new HttpResponse(readme, { headers: { 'Content-Type': 'text/markdown' } });
      }),
    );
    const { router } = renderApp('/repositories/lake/objects?ref=main');
    const folder = await screen.findByRole('link', { name: 'docs/' });
    const preloaded = answered(server, (request) => new URL(request.url).searchParams.get('prefix') === 'docs/');
    fireEvent.mouseEnter(folder);
    fireEvent.focus(folder);
    await preloaded;
    // Joins the hover's preload (no second listing is asked, as the last assertion shows) and resolves once its
    // loader has returned: where a preload would have started the README read.
    await router.preloadRoute({ to: '/repositories/$repoId/objects', params: { repoId: 'lake' }, search: { ref: 'main', path: 'docs/' } });
    expect(readmeReads).toEqual([]);
    fireEvent.click(folder);
    expect(await screen.findByRole('heading', { name: 'Docs' }, { timeout: 5000 })).toBeVisible();
    expect(readmeReads).toEqual([{ path: 'docs/README.md', shown: 'docs/' }]);
    expect(asked(lake, '/repositories/lake/refs/main/objects/ls?prefix=docs')).toHaveLength(1);
  });

  it('opens an object in the viewer', async () => {
    server.use(
      http.get('*/api/v1/repositories/lake/refs/:ref/objects/stat', () => HttpResponse.json(objectAt('data/a.md', 24))),
      http.get('*/api/v1/repositories/lake/refs/:ref/objects', () => HttpResponse.text('# Baikal\n\nThe deepest lake.\n')),
    );
    renderApp('/repositories/lake/object?ref=main&path=data%2Fa.md');
    expect(await screen.findByRole('heading', { name: 'Baikal' }, { timeout: 5000 })).toBeVisible();
  });
});
