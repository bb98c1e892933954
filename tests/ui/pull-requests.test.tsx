import './viewer-dom-env';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import type { PullRequest, Repository } from '../../server/http/wire';
import { elseNotFound, fakeApi, signedInAs } from './fake-api';
import { mergePreview } from '../merge-preview-fake';

const lake: Repository = { id: 'lake', creation_date: 1, default_branch: 'main', storage_namespace: 'local://lake' };
const hex = (seed: string) => seed.repeat(64).slice(0, 64);
let branches: Record<string, string>;
let pulls: PullRequest[];
let listRequests: URL[];
let created: unknown[];
let patches: unknown[];
let mergeBodies: unknown[];
let mergeAnswers: (() => Response)[];
const SLOW = { timeout: 5000 };

const page = <T,>(results: T[]) => ({ results, pagination: { has_more: false, next_offset: '', results: results.length, max_per_page: 1000 } });
const notFound = (message = 'not found') => HttpResponse.json({ message }, { status: 404 });
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();
const pullRequest = (fields: Partial<PullRequest>): PullRequest => ({
  id: '1',
  status: 'open',
  title: 'Add lakes',
  description: '',
  creation_date: hoursAgo(3),
  author: 'alice',
  source_branch: 'dev',
  destination_branch: 'main',
  ...fields,
});
const version = (checksum: string, size: number) => ({ size_bytes: size, mtime: 1_700_000_000, checksum, content_type: 'text/csv' });
const conflictBody = { message: 'conflict found', reference: '', conflicts: [{ path: 'data/a.csv', source: version('s', 20), dest: version('d', 10) }] };

const server = fakeApi(
  signedInAs({ id: 'alice', creation_date: 1 }),
  http.get('*/api/v1/repositories/lake', () => HttpResponse.json(lake)),
  http.get('*/api/v1/repositories/lake/branches/:id', ({ params }) => {
    const commit = branches[String(params.id)];
    return commit ? HttpResponse.json({ id: params.id, commit_id: commit }) : notFound('branch not found');
  }),
  http.get('*/api/v1/repositories/lake/tags/:id', () => notFound()),
  http.get('*/api/v1/repositories/lake/branches', () => HttpResponse.json(page(Object.entries(branches).map(([id, commit_id]) => ({ id, commit_id }))))),
  http.get('*/api/v1/repositories/lake/refs/:left/diff/:right', ({ params }) => {
    if (!(String(params.left) in branches) && params.left !== 'parent0') return notFound();
    if (!(String(params.right) in branches) && params.right !== hex('m')) return notFound();
    if (params.left === params.right || params.right === 'empty') return HttpResponse.json(page([]));
    return HttpResponse.json(
      page([
        { type: 'added', path: 'lakes.csv', path_type: 'object', size_bytes: 30 },
        { type: 'changed', path: 'data/a.csv', path_type: 'object', size_bytes: 20 },
      ]),
    );
  }),
  http.get('*/api/v1/repositories/lake/commits/:id', ({ params }) =>
    HttpResponse.json({ id: params.id, parents: ['parent0'], committer: 'alice', message: 'Merge', creation_date: 1, meta_range_id: '', metadata: {} }),
  ),
  http.get('*/api/v1/repositories/lake/pulls', ({ request }) => {
    const url = new URL(request.url);
    listRequests.push(url);
    const status = url.searchParams.get('status') ?? 'all';
    const shown = pulls.filter((p) => status === 'all' || p.status === status || (status === 'closed' && p.status === 'merged'));
    return HttpResponse.json(page(shown));
  }),
  http.post('*/api/v1/repositories/lake/pulls', async ({ request }) => {
    const body = (await request.json()) as { title: string; description?: string; source_branch: string; destination_branch: string };
    created.push(body);
    const id = String(pulls.length + 1);
    pulls.push(pullRequest({ id, ...body, description: body.description ?? '' }));
    return HttpResponse.json({ id }, { status: 201 });
  }),
  http.get('*/api/v1/repositories/lake/pulls/:id', ({ params }) => {
    const found = pulls.find((p) => p.id === params.id);
    return found ? HttpResponse.json(found) : notFound('pull request not found');
  }),
  http.patch('*/api/v1/repositories/lake/pulls/:id', async ({ params, request }) => {
    const body = (await request.json()) as Partial<PullRequest>;
    patches.push(body);
    pulls = pulls.map((p) => (p.id === params.id ? { ...p, ...body, ...(body.status === 'closed' ? { closed_date: hoursAgo(0) } : {}) } : p));
    return new HttpResponse(null, { status: 204 });
  }),
  http.get('*/api/v1/repositories/lake/refs/:source/merge/:dest/preview', () =>
    HttpResponse.json(
      mergePreview({ source_commit_id: 'b'.repeat(64), destination_commit_id: 'a'.repeat(64), base_commit_id: 'c'.repeat(64), fast_forward: true }),
    ),
  ),
  http.put('*/api/v1/repositories/lake/pulls/:id/merge', async ({ params, request }) => {
    mergeBodies.push(await request.json());
    const answer = mergeAnswers.shift();
    if (answer) return answer();
    pulls = pulls.map((p) => (p.id === params.id ? { ...p, status: 'merged', merged_commit_id: hex('m'), closed_date: hoursAgo(0) } : p));
    return HttpResponse.json({ reference: hex('m') });
  }),
  elseNotFound,
);

beforeEach(() => {
  branches = { main: hex('a'), dev: hex('b'), empty: hex('a') };
  pulls = [];
  listRequests = [];
  created = [];
  patches = [];
  mergeBodies = [];
  mergeAnswers = [];
});
afterEach(() => {
  localStorage.clear();
});

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('Pull Requests list', () => {
  it('is a repository tab showing open pull requests with their status, age, author and branches', async () => {
    pulls = [pullRequest({ id: '1', title: 'Add lakes' }), pullRequest({ id: '2', title: 'Old idea', status: 'closed' })];
    renderApp('/repositories/lake/pulls');
    const table = await screen.findByRole('table', { name: 'Pull requests' }, SLOW);
    expect(screen.getByRole('link', { name: 'Pull Requests' }).getAttribute('aria-current')).toBe('page');
    expect(within(table).getByRole('link', { name: 'Add lakes' }).getAttribute('href')).toBe('/repositories/lake/pulls/1');
    expect(within(table).getByText('opened 3 hours ago by alice')).toBeVisible();
    expect(within(table).getByRole('group', { name: 'dev into main' })).toBeVisible();
    expect(within(table).queryByText('Old idea')).toBeNull();
    expect(listRequests[0]?.searchParams.get('status')).toBe('open');
  });

  it('switches status through the URL, merged ones among the closed, and says when a status has none', async () => {
    pulls = [pullRequest({ id: '1', title: 'Merged work', status: 'merged', merged_commit_id: hex('m'), closed_date: hoursAgo(1) })];
    const { router } = renderApp('/repositories/lake/pulls');
    expect(await screen.findByText('No open pull requests', {}, SLOW)).toBeVisible();
    fireEvent.click(screen.getByRole('link', { name: 'Closed' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'closed' }), { timeout: 5000 });
    const table = await screen.findByRole('table', { name: 'Pull requests' }, SLOW);
    expect(within(table).getByText('Merged', { selector: 'span' })).toBeVisible();
    expect(within(table).getByText('merged 1 hour ago, opened by alice')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Closed' }).getAttribute('aria-current')).toBe('page');
    pulls = [];
    fireEvent.click(screen.getByRole('link', { name: 'All' }));
    expect(await screen.findByText('No pull requests yet', {}, SLOW)).toBeVisible();
    expect(listRequests.map((url) => url.searchParams.get('status'))).toEqual(['open', 'closed', 'all']);
  });

  it('opens the create form from the list', async () => {
    const { router } = renderApp('/repositories/lake/pulls');
    await screen.findByText('No open pull requests', {}, SLOW);
    fireEvent.click(button('Create pull request'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/repositories/lake/pulls/create'), { timeout: 5000 });
  });
});

describe('Create pull request', () => {
  it('waits for a source branch, then for a title', async () => {
    const { router } = renderApp('/repositories/lake/pulls/create');
    expect(await screen.findByText('Choose the branch to merge from to see its changes.', {}, SLOW)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Merge into branch: main' })).toBeVisible();
    expect(button('Create pull request').disabled).toBe(true);
    expect(screen.getByText('Choose the branch to merge from.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'From Choose a branch...' }));
    fireEvent.click(await screen.findByRole('option', { name: /dev/ }, SLOW));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ compare: 'dev' }), { timeout: 5000 });
    expect(await screen.findByRole('list', { name: 'Changes between main and dev' }, SLOW)).toBeVisible();
    expect(screen.getByText('Give the pull request a title.')).toBeVisible();
    expect(button('Create pull request').disabled).toBe(true);
  });

  it('refuses the same branch twice and a branch without changes', async () => {
    renderApp('/repositories/lake/pulls/create?ref=main&compare=main');
    expect(await screen.findByText('There isn’t anything to compare.', {}, SLOW)).toBeVisible();
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'Something' } });
    expect(screen.getByText(/same branch/)).toBeVisible();
    expect(button('Create pull request').disabled).toBe(true);
  });

  it('says there is nothing to merge when the source has no changes', async () => {
    renderApp('/repositories/lake/pulls/create?ref=main&compare=empty');
    expect(await screen.findByText('empty has no changes against main.', {}, SLOW)).toBeVisible();
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'Something' } });
    expect(screen.getByText('empty has no changes against main: there is nothing to merge.')).toBeVisible();
    expect(button('Create pull request').disabled).toBe(true);
  });

  it('creates with the title and description and opens the new pull request', async () => {
    const { router } = renderApp('/repositories/lake/pulls/create?ref=main&compare=dev');
    const tree = await screen.findByRole('list', { name: 'Changes between main and dev' }, SLOW);
    expect(within(tree).getByText('lakes.csv')).toBeVisible();
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: ' Add lakes ' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Adds **two** lakes' } });
    await waitFor(() => expect(button('Create pull request').disabled).toBe(false), { timeout: 5000 });
    fireEvent.click(button('Create pull request'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/repositories/lake/pulls/1'), SLOW);
    expect(created).toEqual([{ title: 'Add lakes', description: 'Adds **two** lakes', source_branch: 'dev', destination_branch: 'main' }]);
    expect(await screen.findByRole('heading', { name: 'Add lakes' }, SLOW)).toBeVisible();
  });

  it("shows the server's refusal on the form", async () => {
    server.use(http.post('*/api/v1/repositories/lake/pulls', () => HttpResponse.json({ message: 'insufficient permissions' }, { status: 401 })));
    renderApp('/repositories/lake/pulls/create?ref=main&compare=dev');
    await screen.findByRole('list', { name: 'Changes between main and dev' }, SLOW);
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'Add lakes' } });
    fireEvent.click(button('Create pull request'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Permission deniedcould not create pull request: insufficient permissions'), SLOW);
  });

  it('is offered from Compare between two branches, with both filled in', async () => {
    const { router } = renderApp('/repositories/lake/compare?ref=main&compare=dev');
    fireEvent.click(await screen.findByRole('link', { name: 'Create pull request' }, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe('/repositories/lake/pulls/create'), { timeout: 5000 });
    expect(router.state.location.search).toMatchObject({ ref: 'main', compare: 'dev' });
  });
});

describe('Pull request details', () => {
  it('shows the title, status, who wants to merge what, the description as sanitised markdown and the changes', async () => {
    const opened = new Date(Date.now() - 3 * 3600_000);
    pulls = [pullRequest({ description: '# Why\n\nMore **lakes**.<img src=x onerror="alert(1)">', creation_date: opened.toISOString() })];
    renderApp('/repositories/lake/pulls/1');
    expect(await screen.findByRole('heading', { name: 'Add lakes' }, SLOW)).toBeVisible();
    expect(screen.getByText(/alice wants to merge/)).toBeVisible();
    // The date reads MM/DD/YYYY HH:mm:ss, as on every screen, followed by how long ago.
    const pad = (n: number) => String(n).padStart(2, '0');
    const date = `${pad(opened.getMonth() + 1)}/${pad(opened.getDate())}/${opened.getFullYear()}`;
    const time = `${pad(opened.getHours())}:${pad(opened.getMinutes())}:${pad(opened.getSeconds())}`;
    expect(screen.getByText(/^Opened by alice on/).textContent).toBe(`Opened by alice on ${date} ${time} (3 hours ago)`);
    const description = screen.getByRole('region', { name: 'Description' });
    expect(await within(description).findByRole('heading', { name: 'Why' }, SLOW)).toBeVisible();
    expect(within(description).getByText('lakes').tagName).toBe('STRONG');
    expect(description.innerHTML).not.toContain('onerror');
    expect(await screen.findByRole('list', { name: 'Changes between main and dev' }, SLOW)).toBeVisible();
  });

  it('merges through the merge dialog and then shows it merged, with the merge commit', async () => {
    pulls = [pullRequest({})];
    renderApp('/repositories/lake/pulls/1');
    await screen.findByRole('list', { name: 'Changes between main and dev' }, SLOW);
    const check = await screen.findByRole('status', { name: 'Merge check' }, SLOW);
    expect(check.textContent).toContain('Able to merge: no conflicts.');
    await waitFor(() => expect(button('Merge').disabled).toBe(false), { timeout: 5000 });
    fireEvent.click(button('Merge'));
    const dialog = await screen.findByRole('dialog', { name: 'Merge branch dev into main' });
    fireEvent.change(within(dialog).getByLabelText('Commit message'), { target: { value: 'Bring lakes in' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Merge branch dev into main' })).toBeNull(), SLOW);
    expect(mergeBodies).toEqual([{ strategy: '', message: 'Bring lakes in', metadata: {} }]);
    expect(await screen.findByText('Merged', { selector: 'span' }, SLOW)).toBeVisible();
    expect(screen.getByRole('link', { name: hex('m').slice(0, 12) }).getAttribute('href')).toBe(`/repositories/lake/commits/${hex('m')}`);
    expect(await screen.findByRole('list', { name: `Changes of the merge commit ${hex('m').slice(0, 12)}` }, SLOW)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Merge' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close pull request' })).toBeNull();
  });

  it('lists a conflict in the merge dialog and merges again with the version chosen', async () => {
    pulls = [pullRequest({})];
    mergeAnswers = [() => HttpResponse.json(conflictBody, { status: 409 })];
    renderApp('/repositories/lake/pulls/1');
    await screen.findByRole('list', { name: 'Changes between main and dev' }, SLOW);
    await waitFor(() => expect(button('Merge').disabled).toBe(false), { timeout: 5000 });
    fireEvent.click(button('Merge'));
    const dialog = await screen.findByRole('dialog', { name: 'Merge branch dev into main' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    const list = await within(dialog).findByRole('list', { name: 'Conflicting paths' }, SLOW);
    expect(within(dialog).getByText('1 path conflicts between dev and main')).toBeVisible();
    fireEvent.click(within(list).getByRole('radio', { name: /^Keep dev’s version/ }));
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Merge' }) as HTMLButtonElement).disabled).toBe(false), { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Merge branch dev into main' })).toBeNull(), SLOW);
    expect(mergeBodies[1]).toEqual({ strategy: '', message: '', metadata: {}, conflict_resolutions: { 'data/a.csv': 'source' } });
  });

  it('closes and reopens', async () => {
    pulls = [pullRequest({})];
    renderApp('/repositories/lake/pulls/1');
    await screen.findByRole('heading', { name: 'Add lakes' }, SLOW);
    fireEvent.click(button('Close pull request'));
    expect(await screen.findByRole('button', { name: 'Reopen pull request' }, SLOW)).toBeEnabled();
    expect(screen.getByText('Closed', { selector: 'span' })).toBeVisible();
    expect(screen.getByText(/alice wanted to merge/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Merge' })).toBeNull();
    fireEvent.click(button('Reopen pull request'));
    expect(await screen.findByRole('button', { name: 'Close pull request' }, SLOW)).toBeEnabled();
    expect(patches).toEqual([{ status: 'closed' }, { status: 'open' }]);
  });

  it("shows a refused close with the server's message", async () => {
    pulls = [pullRequest({})];
    server.use(http.patch('*/api/v1/repositories/lake/pulls/:id', () => HttpResponse.json({ message: 'pull request is already merged' }, { status: 409 })));
    renderApp('/repositories/lake/pulls/1');
    await screen.findByRole('heading', { name: 'Add lakes' }, SLOW);
    fireEvent.click(button('Close pull request'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('could not update pull request: pull request is already merged'), SLOW);
  });

  it('edits the title and description in place', async () => {
    pulls = [pullRequest({ description: 'Old text' })];
    renderApp('/repositories/lake/pulls/1');
    await screen.findByRole('heading', { name: 'Add lakes' }, SLOW);
    fireEvent.click(button('Edit'));
    const form = screen.getByRole('form', { name: 'Edit pull request' });
    fireEvent.change(within(form).getByLabelText(/Title/), { target: { value: '' } });
    expect((within(form).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText(/Title/), { target: { value: 'Add three lakes' } });
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'New text' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Add three lakes' }, SLOW)).toBeVisible();
    expect(patches).toEqual([{ title: 'Add three lakes', description: 'New text' }]);
    expect(await screen.findByText('New text', {}, SLOW)).toBeVisible();
  });

  it('names a branch that no longer exists', async () => {
    pulls = [pullRequest({ source_branch: 'gone' })];
    renderApp('/repositories/lake/pulls/1');
    expect(await screen.findByText('The branch gone no longer exists.', {}, SLOW)).toBeVisible();
  });

  it('says when the pull request does not exist', async () => {
    renderApp('/repositories/lake/pulls/42');
    expect(await screen.findByText('Pull request not found', {}, SLOW)).toBeVisible();
    expect(screen.getByRole('link', { name: 'See all pull requests' }).getAttribute('href')).toBe('/repositories/lake/pulls?status=all');
  });
});
