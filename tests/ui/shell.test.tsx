import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import type { Config, DiffList, ErrorBody, Ref, Repository, RepositoryList, User, VersionConfig } from '../../server/http/wire';
import { elseNotFound, failure, fakeApi, localBlockstore, loginConfig, notFound, page, repository, setUp, signedInAs } from './fake-api';

let user: User | null = { id: 'ada', friendly_name: 'Ada Lovelace', creation_date: 1 };
let version: VersionConfig = { version: '1.2.3' };
let repoStatus = 200;
const lake = repository('lake', { creation_date: 1 });


const server = fakeApi(
  signedInAs(() => user),
  http.get('*/api/v1/config', () => HttpResponse.json<Config>({ version_config: version, storage_config: localBlockstore })),
  setUp({ state: 'initialized', comm_prefs_missing: false, login_config: { ...loginConfig, logout_url: '/sso/logout' } }),
  http.get('*/api/v1/repositories', () => HttpResponse.json<RepositoryList>(page([lake]))),
  http.get<{ repo: string }, never, Repository | ErrorBody>('*/api/v1/repositories/:repo', ({ params }) => {
    if (params.repo === 'gone' || repoStatus === 410) return failure(410, 'repository in deletion');
    if (params.repo !== 'lake') return notFound('repository not found');
    return HttpResponse.json<Repository>(lake);
  }),
  http.get<{ branch: string }, never, Ref | ErrorBody>('*/api/v1/repositories/lake/branches/:branch', ({ params }) =>
    params.branch === 'main' ? HttpResponse.json<Ref>({ id: 'main', commit_id: 'c1' }) : notFound('branch not found'),
  ),
  http.get('*/api/v1/repositories/lake/tags/:tag', () => notFound('tag not found')),
  http.get('*/api/v1/repositories/lake/commits/:id', () => notFound('commit not found')),
  http.get('*/api/v1/repositories/lake/branches/main/diff', () => HttpResponse.json<DiffList>(page([]))),
  // Calls of screens outside the shell (objects listing, previews) find nothing.
  elseNotFound,
);

afterEach(() => {
  user = { id: 'ada', friendly_name: 'Ada Lovelace', creation_date: 1 };
  version = { version: '1.2.3' };
  repoStatus = 200;
  vi.restoreAllMocks();
});

describe('Routing', () => {
  it('sends / to the repository list inside the navigation bar', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/repositories'), { timeout: 5000 });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByText('Tarn')).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'Repositories' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Administration' }).getAttribute('href')).toBe('/auth');
    expect(within(nav).getByRole('button', { name: 'User menu for Ada Lovelace' })).toBeVisible();
  });

  it('sends a visitor without a session to login, remembering the page', async () => {
    user = null;
    const { router } = renderApp('/repositories?prefix=la');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'), { timeout: 5000 });
    expect(router.state.location.search).toMatchObject({ redirected: true, next: '/repositories?prefix=la' });
  });

  it('sends /auth to the user\'s credentials', async () => {
    const { router } = renderApp('/auth');
    const visited: string[] = [];
    router.subscribe('onBeforeNavigate', (event) => visited.push(event.toLocation.pathname));
    await waitFor(() => expect(visited).toContain('/auth/credentials'), { timeout: 5000 });
  });

  it('says an unknown address names no page, and links the repository list', async () => {
    const { router } = renderApp('/no/such/page');
    const page = await screen.findByRole('region', { name: 'Not found' }, { timeout: 5000 });
    expect(within(page).getByText('There is no page at /no/such/page.')).toBeVisible();
    fireEvent.click(within(page).getByRole('link', { name: 'Go to the repository list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/repositories'), { timeout: 5000 });
  });

  it('opens a repository on its objects, keeping the ref', async () => {
    const { router } = renderApp('/repositories/lake?ref=main');
    await waitFor(() => expect(router.state.location.pathname).toBe('/repositories/lake/objects'), { timeout: 5000 });
    expect(router.state.location.search).toMatchObject({ ref: 'main' });
  });
});

describe('Repository layout', () => {
  it('shows the tabs of the screens that exist, with the current one marked', async () => {
    renderApp('/repositories/lake/changes');
    const tabs = await screen.findByRole('navigation', { name: 'Repository' });
    expect(within(tabs).getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Objects',
      'Tables',
      'Uncommitted Changes',
      'Commits',
      'Branches',
      'Tags',
      'Compare',
      'Pull Requests',
      'Insights',
      'Actions',
      'Settings',
    ]);
    expect(within(tabs).getByRole('link', { name: 'Uncommitted Changes' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens Compare with the default branch as base and the branch the user came from as the compared side', async () => {
    renderApp('/repositories/lake/objects?ref=dev');
    const tabs = await screen.findByRole('navigation', { name: 'Repository' });
    expect(within(tabs).getByRole('link', { name: 'Compare' }).getAttribute('href')).toBe('/repositories/lake/compare?ref=main&compare=dev');
    expect(within(tabs).getByRole('link', { name: 'Commits' }).getAttribute('href')).toBe('/repositories/lake/commits?ref=dev');
  });

  it('opens Compare on the default branch alone from the default branch', async () => {
    renderApp('/repositories/lake/objects');
    const tabs = await screen.findByRole('navigation', { name: 'Repository' });
    expect(within(tabs).getByRole('link', { name: 'Compare' }).getAttribute('href')).toBe('/repositories/lake/compare?ref=main');
  });

  it.each([
    ['/repositories/lake/objects?ref=main', 'Objects'],
    ['/repositories/lake/object?ref=main&path=notes.txt', 'Objects'],
    ['/repositories/lake/commits?ref=main', 'Commits'],
    [`/repositories/lake/commits/${'c'.repeat(64)}`, 'Commits'],
    ['/repositories/lake/compare?ref=main', 'Compare'],
    ['/repositories/lake/actions?branch=main', 'Actions'],
    ['/repositories/lake/settings/retention', 'Settings'],
  ])('marks the tab that owns %s', async (path, current) => {
    server.use(
      http.get('*/api/v1/repositories/lake/refs/:ref/objects/stat', () => notFound('object not found')),
      http.get('*/api/v1/repositories/lake/refs/:ref/objects/ls', () => HttpResponse.json(page([]))),
      http.get('*/api/v1/repositories/lake/refs/:ref/commits', () => HttpResponse.json(page([]))),
      http.get('*/api/v1/repositories/lake/actions/runs', () => HttpResponse.json(page([]))),
      http.get('*/api/v1/repositories/lake/refs/:ref/objects', () => notFound('object not found')),
      http.get('*/api/v1/repositories/lake/branches/:branch/objects/stage_allowed', () => new HttpResponse(null, { status: 204 })),
      http.get('*/api/v1/repositories/lake/settings/gc_rules', () => notFound('no rules')),
      http.get('*/api/v1/repositories/lake/commits/:id', ({ params }) =>
        HttpResponse.json({ id: params.id, parents: [], committer: '', message: 'm', creation_date: 1, meta_range_id: '' }),
      ),
    );
    renderApp(path);
    const tabs = await screen.findByRole('navigation', { name: 'Repository' });
    await waitFor(() => expect(within(tabs).getByRole('link', { name: current }).getAttribute('aria-current')).toBe('page'), { timeout: 5000 });
    const marked = within(tabs).getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
    expect(marked.map((link) => link.textContent)).toEqual([current]);
  });

  it('reports a missing repository on a not-found page that leads back to the repository list', async () => {
    renderApp('/repositories/nope/commits');
    const page = await screen.findByRole('region', { name: 'Not found' }, { timeout: 5000 });
    expect(within(page).getByText("There is no repository 'nope', or you may not see it.")).toBeVisible();
    expect(within(page).getByText('could not find repository nope')).toBeVisible();
    expect(within(page).getByRole('link', { name: 'Go to the repository list' }).getAttribute('href')).toBe('/repositories');
    expect(within(page).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('offers to retry the deletion of a repository in deletion', async () => {
    renderApp('/repositories/gone/objects');
    expect(await screen.findByText('Repository in deletion')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete Repository' })).toBeVisible();
  });

  it('reports a ref that is neither branch, tag nor commit, and offers the default branch', async () => {
    renderApp('/repositories/lake/changes?ref=nope');
    const page = await screen.findByRole('region', { name: 'Not found' }, { timeout: 5000 });
    expect(within(page).getByText("'nope' is not a branch, tag or commit of lake.")).toBeVisible();
    expect(within(page).getByText('ref not found')).toBeVisible();
    expect(within(page).getByRole('link', { name: 'Open lake on its default branch' }).getAttribute('href')).toBe('/repositories/lake/objects');
  });
});

/** Clicks the user menu's button once the menu's code has loaded (until then the button is disabled). */
async function openUserMenu(name: string) {
  await waitFor(() => expect(screen.getByRole('button', { name }).hasAttribute('disabled')).toBe(false), { timeout: 5000 });
  fireEvent.click(screen.getByRole('button', { name }));
  await screen.findByRole('menu');
}

describe('User menu', () => {
  it('shows the upgrade notice and the server version, and logs out to the configured address', async () => {
    version = { version: '1.2.3', upgrade_recommended: true, upgrade_url: 'https://example.com/upgrade' };
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    renderApp('/repositories');
    await openUserMenu('User menu for Ada Lovelace');
    const notice = await screen.findByRole('menuitem', { name: 'New lakeFS version is available!' });
    expect(notice.getAttribute('href')).toBe('https://example.com/upgrade');
    expect(screen.getByRole('menuitem', { name: '1.2.3' })).toBeVisible();
    // As a keyboard user does: the menu takes focus, the arrow reaches the notice, End jumps past the theme choices
    // to Logout (the version below it is not selectable), Enter selects it.
    const menu = screen.getByRole('menu');
    await waitFor(() => expect(document.activeElement).toBe(menu), { timeout: 5000 });
    const logout = screen.getByRole('menuitem', { name: 'Logout' });
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    await waitFor(() => expect(notice.hasAttribute('data-highlighted')).toBe(true), { timeout: 5000 });
    fireEvent.keyDown(menu, { key: 'End' });
    await waitFor(() => expect(logout.hasAttribute('data-highlighted')).toBe(true), { timeout: 5000 });
    fireEvent.keyDown(menu, { key: 'Enter' });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sso/logout'), { timeout: 5000 });
  });

  it('names a user without a friendly name by id, and has no upgrade notice by default', async () => {
    user = { id: 'grace', creation_date: 1 };
    renderApp('/repositories');
    await openUserMenu('User menu for grace');
    await screen.findByRole('menuitem', { name: 'Logout' });
    expect(screen.queryByText('New lakeFS version is available!')).toBeNull();
  });
});

describe('Theme choice', () => {
  afterEach(() => localStorage.removeItem('tarn:color-mode'));

  // These tests fix the mode to light, so the class on <html> is the e2e accessibility test's to check.
  it('marks the chosen theme in the user menu and keeps it for the next visit', async () => {
    renderApp('/repositories');
    await openUserMenu('User menu for Ada Lovelace');
    const system = await screen.findByRole('menuitemradio', { name: 'Same as the system' });
    expect(system.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Dark' }));
    await waitFor(() => expect(localStorage.getItem('tarn:color-mode')).toBe('dark'), { timeout: 5000 });
    await openUserMenu('User menu for Ada Lovelace');
    await waitFor(() =>
      expect(screen.getByRole('menuitemradio', { name: 'Dark' }).getAttribute('aria-checked')).toBe('true'), { timeout: 5000 },
    );
  });
});

describe('logout', () => {
  it('forgets the user at once, and falls back to /logout when the login configuration cannot be read', async () => {
    server.use(http.get('*/api/v1/setup_lakefs', () => failure(500, 'down')));
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    renderApp('/repositories');
    await openUserMenu('User menu for Ada Lovelace');
    const logout = await screen.findByRole('menuitem', { name: 'Logout' });
    const menu = screen.getByRole('menu');
    await waitFor(() => expect(document.activeElement).toBe(menu), { timeout: 5000 });
    fireEvent.keyDown(menu, { key: 'End' });
    await waitFor(() => expect(logout.hasAttribute('data-highlighted')).toBe(true), { timeout: 5000 });
    fireEvent.keyDown(menu, { key: 'Enter' });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/logout'), { timeout: 5000 });
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });
});
