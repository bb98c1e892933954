import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import { effectivePolicies, elseNotFound, fakeApi, missing, readOnlyPolicy } from './fake-api';
import type { BranchSummary, BranchSummaryList, Ref, Repository } from '../../server/http/wire';

let lake: Repository;
const hex = (seed: string) => seed.repeat(64).slice(0, 64);
const branches = new Map<string, string>();
const tags = new Map<string, string>();
/** What the server says of a branch beside the default branch; a branch not here is level with it. */
const distances = new Map<string, Partial<BranchSummary>>();
const THREE_DAYS_AGO = Math.floor(Date.now() / 1000) - 3 * 86_400;
const listRequests: URL[] = [];
const summaryRequests: URL[] = [];
const writes: { method: string; path: string; body?: unknown }[] = [];

const page = (refs: Map<string, string>, url: URL) => {
  const prefix = url.searchParams.get('prefix') ?? '';
  const after = url.searchParams.get('after') ?? '';
  const amount = Number(url.searchParams.get('amount') ?? '100');
  const all: Ref[] = [...refs].sort(([a], [b]) => a.localeCompare(b)).filter(([id]) => id.startsWith(prefix) && id > after).map(([id, commit_id]) => ({ id, commit_id }));
  const results = all.slice(0, amount);
  const more = all.length > amount;
  return { results, pagination: { has_more: more, next_offset: more ? results.at(-1)!.id : '', results: results.length, max_per_page: 1000 } };
};

const notFound = () => HttpResponse.json({ message: 'not found' }, { status: 404 });

/** The summaries of the page of branches the URL asks for. */
const summaryAnswer = (url: URL): BranchSummaryList => {
  const listed = page(branches, url);
  const results = listed.results.map(
    ({ id, commit_id }): BranchSummary => ({
      id,
      commit_id,
      commit_creation_date: THREE_DAYS_AGO,
      ahead: 0,
      behind: 0,
      ahead_capped: false,
      behind_capped: false,
      merged: id !== lake.default_branch,
      ...distances.get(id),
    }),
  );
  return { default_branch: lake.default_branch, pagination: listed.pagination, results };
};

const server = fakeApi(
  http.get('*/api/v1/repositories/lake', () => HttpResponse.json(lake)),
  http.get('*/api/v1/repositories/lake/branches', ({ request }) => {
    const url = new URL(request.url);
    listRequests.push(url);
    return HttpResponse.json(page(branches, url));
  }),
  http.get('*/api/v1/repositories/lake/branches_summary', ({ request }) => {
    const url = new URL(request.url);
    summaryRequests.push(url);
    return HttpResponse.json<BranchSummaryList>(summaryAnswer(url));
  }),
  http.get('*/api/v1/repositories/lake/branches/:id', ({ params }) => {
    const commit = branches.get(String(params.id));
    return commit ? HttpResponse.json({ id: params.id, commit_id: commit }) : notFound();
  }),
  http.post('*/api/v1/repositories/lake/branches', async ({ request }) => {
    const body = (await request.json()) as { name: string; source: string };
    writes.push({ method: 'POST', path: 'branches', body });
    if (body.name === '') return HttpResponse.json({ message: 'branch name: required' }, { status: 400 });
    if (branches.has(body.name)) return HttpResponse.json({ message: 'branch already exists' }, { status: 409 });
    branches.set(body.name, hex('9'));
    return new HttpResponse(hex('9'), { status: 201, headers: { 'content-type': 'text/html' } });
  }),
  http.delete('*/api/v1/repositories/lake/branches/:id', ({ params }) => {
    writes.push({ method: 'DELETE', path: `branches/${String(params.id)}` });
    branches.delete(String(params.id));
    return new HttpResponse(null, { status: 204 });
  }),
  http.get('*/api/v1/repositories/lake/tags', ({ request }) => {
    const url = new URL(request.url);
    listRequests.push(url);
    return HttpResponse.json(page(tags, url));
  }),
  http.post('*/api/v1/repositories/lake/tags', async ({ request }) => {
    const body = (await request.json()) as { id: string; ref: string };
    writes.push({ method: 'POST', path: 'tags', body });
    tags.set(body.id, branches.get(body.ref) ?? body.ref);
    return HttpResponse.json({ id: body.id, commit_id: tags.get(body.id) }, { status: 201 });
  }),
  http.delete('*/api/v1/repositories/lake/tags/:id', ({ params }) => {
    writes.push({ method: 'DELETE', path: `tags/${String(params.id)}` });
    if (params.id === 'locked') return HttpResponse.json({ message: 'insufficient permissions' }, { status: 401 });
    tags.delete(String(params.id));
    return new HttpResponse(null, { status: 204 });
  }),
  elseNotFound,
);

beforeEach(() => {
  lake = { id: 'lake', creation_date: 1, default_branch: 'main', storage_namespace: 'local://lake' };
  branches.clear();
  tags.clear();
  branches.set('main', hex('a')).set('dev', hex('b'));
  distances.clear();
});
afterEach(() => {
  listRequests.length = 0;
  summaryRequests.length = 0;
  writes.length = 0;
});

// A whole screen renders in happy-dom on a busy machine: a load and a render can take more than findBy's 1 s.
const SLOW = { timeout: 5000 };

/** The row of a ref in the table; the table is looked up afresh each time, as every load renders a new one. */
const row = (table: string, name: string) =>
  waitFor(() => {
    const link = within(screen.getByRole('table', { name: table })).getByRole('link', { name });
    return link.closest('tr') as HTMLElement;
  }, SLOW);

describe('Branches screen', () => {
  it('lists branches linking to their objects and head commits, with the default branch marked and not deletable', async () => {
    renderApp('/repositories/lake/branches');
    const main = await row('Branches', 'main');
    expect(within(main).getByText('Default')).toBeVisible();
    expect(within(main).getByRole('link', { name: 'main' }).getAttribute('href')).toBe('/repositories/lake/objects?ref=main');
    expect(within(main).getByRole('link', { name: 'aaaaaaaaaaaa' }).getAttribute('href')).toBe(`/repositories/lake/commits/${hex('a')}`);
    expect(within(main).queryByRole('button', { name: /Delete/ })).toBeNull();
    const dev = await row('Branches', 'dev');
    expect(within(dev).getByRole('button', { name: 'Delete branch dev' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Branches' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText(/movable pointer to a commit, as in Git/)).toBeVisible();
  });

  it('copies the lakefs:// URI of a branch', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderApp('/repositories/lake/branches');
    fireEvent.click(within(await row('Branches', 'dev')).getByRole('button', { name: 'Copy URI of branch dev' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('lakefs://lake/dev'), { timeout: 5000 });
    writeText.mockRestore();
  });

  it("filters by prefix through the URL with 'Find branch'", async () => {
    const { router } = renderApp('/repositories/lake/branches');
    await row('Branches', 'main');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find branch' }), { target: { value: 'de' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ prefix: 'de' }), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'main' })).toBeNull(), { timeout: 5000 });
    expect(await row('Branches', 'dev')).toBeVisible();
    expect(listRequests.at(-1)?.searchParams.get('prefix')).toBe('de');
  });

  it('starts from the URL cursor and goes back to the start', async () => {
    const { router } = renderApp('/repositories/lake/branches?after=dev');
    expect(await row('Branches', 'main')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'dev' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to start' }));
    expect(await row('Branches', 'dev')).toBeVisible();
    expect(router.state.location.search).toEqual({});
  });

  it('creates a branch from the default branch, showing the server refusal of an empty name first', async () => {
    renderApp('/repositories/lake/branches');
    await row('Branches', 'main');
    fireEvent.click(screen.getByRole('button', { name: 'Create Branch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Branch' });
    expect(within(dialog).getByRole('button', { name: 'From branch: main' }).textContent).toContain('From');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await within(dialog).findByText(/^could not create branch:/)).textContent).toBe('could not create branch: branch name: required');
    fireEvent.change(within(dialog).getByPlaceholderText('Branch Name'), { target: { value: 'feature' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Branch' })).toBeNull(), { timeout: 5000 });
    expect(writes.at(-1)).toEqual({ method: 'POST', path: 'branches', body: { name: 'feature', source: 'main' } });
    expect(await row('Branches', 'feature')).toBeVisible();
    const receipt = screen.getByRole('status', { name: 'Branch created' });
    expect(receipt.textContent).toContain('Created branch feature from main');
    expect(within(receipt).getByRole('link', { name: 'feature' }).getAttribute('href')).toBe('/repositories/lake/objects?ref=feature');
  });

  it('offers branches and commits but no tags as the source', async () => {
    renderApp('/repositories/lake/branches');
    await row('Branches', 'main');
    fireEvent.click(screen.getByRole('button', { name: 'Create Branch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Branch' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'From branch: main' }));
    expect(await within(dialog).findByRole('button', { name: 'Commits of dev' })).toBeEnabled();
    expect(within(dialog).queryByRole('tab', { name: 'Tags' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('option', { name: /dev/ }));
    expect(await within(dialog).findByRole('button', { name: 'From branch: dev' })).toBeEnabled();
  });

  it('deletes a branch after confirmation', async () => {
    renderApp('/repositories/lake/branches');
    fireEvent.click(within(await row('Branches', 'dev')).getByRole('button', { name: 'Delete branch dev' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Branch' });
    expect(within(confirm).getByText('Are you sure you wish to delete branch dev?')).toBeVisible();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'dev' })).toBeNull(), { timeout: 5000 });
    expect(writes).toEqual([{ method: 'DELETE', path: 'branches/dev' }]);
  });

  it('warns in the confirmation before deleting the system branch import-from-inventory', async () => {
    branches.set('import-from-inventory', hex('c'));
    renderApp('/repositories/lake/branches');
    fireEvent.click(within(await row('Branches', 'import-from-inventory')).getByRole('button', { name: 'Delete branch import-from-inventory' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Branch' });
    expect(within(confirm).getByText('Are you sure you wish to delete branch import-from-inventory?')).toBeVisible();
    expect(within(confirm).getByText(/import-from-inventory is a system branch, used for importing data/)).toBeVisible();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes).toContainEqual({ method: 'DELETE', path: 'branches/import-from-inventory' }), { timeout: 5000 });
  });

  it('asks no more than the question before deleting any other branch', async () => {
    renderApp('/repositories/lake/branches');
    fireEvent.click(within(await row('Branches', 'dev')).getByRole('button', { name: 'Delete branch dev' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Branch' });
    expect(within(confirm).queryByText(/system branch/)).toBeNull();
  });

  it('disables deleting a branch, with the reason, when the policies refuse fs:DeleteBranch', async () => {
    server.use(effectivePolicies([readOnlyPolicy]));
    renderApp('/repositories/lake/branches');
    const del = within(await row('Branches', 'dev')).getByRole('button', { name: 'Delete branch dev' }) as HTMLButtonElement;
    await waitFor(() => expect(del.disabled).toBe(true), { timeout: 5000 });
    expect(del.title).toBe(missing('fs:DeleteBranch'));
  });

  it('marks the branches a protection rule covers', async () => {
    server.use(http.get('*/api/v1/repositories/lake/settings/branch_protection', () => HttpResponse.json([{ pattern: 'main' }])));
    renderApp('/repositories/lake/branches');
    expect(await within(await row('Branches', 'main')).findByText('Protected', {}, { timeout: 5000 })).toBeVisible();
    expect(within(await row('Branches', 'dev')).queryByText('Protected')).toBeNull();
    // And where a branch is chosen: the source picker of Create Branch.
    fireEvent.click(screen.getByRole('button', { name: 'Create Branch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Branch' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'From branch: main' }));
    expect(within(await within(dialog).findByRole('option', { name: /^main/ })).getByText('Protected')).toBeVisible();
    expect(within(within(dialog).getByRole('option', { name: /^dev/ })).queryByText('Protected')).toBeNull();
  });

  it('disables Create Branch on a read-only repository, saying why', async () => {
    lake = { ...lake, read_only: true };
    renderApp('/repositories/lake/branches');
    await row('Branches', 'dev');
    const create = screen.getByRole('button', { name: 'Create Branch' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    expect(create.title).toBe('This repository is read-only: branches cannot be created.');
  });

  it('shows a failed listing in an error banner with a retry', async () => {
    server.use(http.get('*/api/v1/repositories/lake/branches', () => HttpResponse.json({ message: 'boom' }, { status: 500 }), { once: true }));
    renderApp('/repositories/lake/branches');
    expect((await screen.findByText(/^could not list branches:/)).textContent).toBe('could not list branches: boom');
    expect(screen.getByRole('button', { name: 'Retry' }).textContent).toBe('Retry');
  });
});

describe('Branches screen: each branch beside the default branch', () => {
  it('shows how far it is ahead and behind, when it last changed (full date on hover), and Merged', async () => {
    branches.set('fix', hex('c')).set('huge', hex('d'));
    distances.set('dev', { ahead: 2, behind: 1, merged: false });
    distances.set('huge', { ahead: 1000, ahead_capped: true, behind: 3, merged: false });
    renderApp('/repositories/lake/branches');
    const table = await screen.findByRole('table', { name: 'Branches' }, SLOW);
    expect(within(table).getByRole('columnheader', { name: 'Compared with main' })).toBeVisible();
    expect(within(table).getByRole('columnheader', { name: 'Updated' })).toBeVisible();
    const dev = await row('Branches', 'dev');
    expect(await within(dev).findByText('2 ahead, 1 behind', {}, SLOW)).toBeVisible();
    expect(within(dev).getByText('2 ahead, 1 behind').title).toBe('dev has 2 commits that main does not; main has 1 commit that dev does not.');
    expect(within(dev).queryByText('Merged')).toBeNull();
    const updated = within(dev).getByText('3 days ago');
    expect(updated.tagName).toBe('TIME');
    expect(updated.title).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
    expect(updated.getAttribute('datetime')).toBe(new Date(THREE_DAYS_AGO * 1000).toISOString());
    const fix = await row('Branches', 'fix');
    expect(within(fix).getByText('0 ahead, 0 behind')).toBeVisible();
    expect(within(fix).getByText('Merged')).toBeVisible();
    const huge = await row('Branches', 'huge');
    expect(within(huge).getByText('1,000+ ahead, 3 behind').title).toBe('huge has at least 1,000 commits that main does not; main has 3 commits that huge does not.');
    // The default branch is the yardstick: no distance, never Merged, but its last change.
    const main = await row('Branches', 'main');
    expect(within(main).queryByText(/ahead/)).toBeNull();
    expect(within(main).queryByText('Merged')).toBeNull();
    expect(within(main).getByText('3 days ago')).toBeVisible();
    // One request, for exactly the rows listed.
    expect(summaryRequests).toHaveLength(1);
    expect(summaryRequests[0]?.searchParams.get('amount')).toBe('4');
  });

  it('shows the rows first, with a quiet placeholder until the summaries come', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('*/api/v1/repositories/lake/branches_summary', async ({ request }) => {
        summaryRequests.push(new URL(request.url));
        await held;
        return HttpResponse.json<BranchSummaryList>(summaryAnswer(new URL(request.url)));
      }),
    );
    distances.set('dev', { ahead: 2, behind: 1, merged: false });
    renderApp('/repositories/lake/branches');
    const dev = await row('Branches', 'dev');
    await waitFor(() => expect(summaryRequests).toHaveLength(1), SLOW);
    expect(within(dev).getAllByText('Loading')).toHaveLength(2);
    expect(within(dev).queryByText('2 ahead, 1 behind')).toBeNull();
    release();
    expect(await within(await row('Branches', 'dev')).findByText('2 ahead, 1 behind', {}, SLOW)).toBeVisible();
    expect(within(await row('Branches', 'dev')).queryAllByText('Loading')).toHaveLength(0);
  });

  it('says when the summaries could not be read, keeps the list, and retries', async () => {
    server.use(http.get('*/api/v1/repositories/lake/branches_summary', () => HttpResponse.json({ message: 'boom' }, { status: 500 }), { once: true }));
    distances.set('dev', { ahead: 2, behind: 1, merged: false });
    renderApp('/repositories/lake/branches');
    const alert = await screen.findByText(/^could not compare branches with the default branch:/, {}, SLOW);
    expect(alert.textContent).toBe('could not compare branches with the default branch: boom');
    const dev = await row('Branches', 'dev');
    expect(within(dev).queryByText('Loading')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await within(await row('Branches', 'dev')).findByText('2 ahead, 1 behind', {}, SLOW)).toBeVisible();
    expect(screen.queryByText(/^could not compare branches/)).toBeNull();
  });

  it('asks again when the list is refreshed', async () => {
    renderApp('/repositories/lake/branches');
    await row('Branches', 'dev');
    await waitFor(() => expect(summaryRequests).toHaveLength(1), SLOW);
    distances.set('dev', { ahead: 5, behind: 0, merged: false });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await within(await row('Branches', 'dev')).findByText('5 ahead, 0 behind', {}, SLOW)).toBeVisible();
    expect(summaryRequests).toHaveLength(2);
  });
});

describe('Tags screen', () => {
  it('names the action of a failed listing', async () => {
    server.use(http.get('*/api/v1/repositories/lake/tags', () => HttpResponse.json({ message: 'boom' }, { status: 500 }), { once: true }));
    renderApp('/repositories/lake/tags');
    expect((await screen.findByText(/^could not list tags:/)).textContent).toBe('could not list tags: boom');
  });

  it("says there aren't any tags yet", async () => {
    renderApp('/repositories/lake/tags');
    expect(await screen.findByText("There aren't any tags yet.")).toBeVisible();
  });

  it('creates a tag once it has a name and a source, then lists it with its commit and copy buttons', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderApp('/repositories/lake/tags');
    await screen.findByText("There aren't any tags yet.");
    fireEvent.click(screen.getByRole('button', { name: 'Create Tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Tag' });
    const create = within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fireEvent.change(within(dialog).getByPlaceholderText('Tag Name'), { target: { value: 'v1.0' } });
    expect(create.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Select Source' }));
    fireEvent.click(await within(dialog).findByRole('option', { name: /dev/ }));
    await waitFor(() => expect(create.disabled).toBe(false), { timeout: 5000 });
    fireEvent.click(create);
    const tag = await row('Tags', 'v1.0');
    expect(writes.at(-1)).toEqual({ method: 'POST', path: 'tags', body: { id: 'v1.0', ref: 'dev' } });
    expect(within(tag).getByRole('link', { name: 'v1.0' }).getAttribute('href')).toBe('/repositories/lake/objects?ref=v1.0');
    expect(within(tag).getByRole('link', { name: 'bbbbbbbbbbbb' }).getAttribute('href')).toBe(`/repositories/lake/commits/${hex('b')}`);
    fireEvent.click(within(tag).getByRole('button', { name: 'Copy ID' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('v1.0'), { timeout: 5000 });
    fireEvent.click(within(tag).getByRole('button', { name: 'Copy URI' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('lakefs://lake/v1.0'), { timeout: 5000 });
    fireEvent.click(within(tag).getByRole('button', { name: 'Copy S3 URI' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('s3://lake/v1.0/'), { timeout: 5000 });
    writeText.mockRestore();
  });

  it("puts a tag's delete at the row's end, as the Branches screen does", async () => {
    tags.set('v1', hex('a'));
    renderApp('/repositories/lake/tags');
    const tagButtons = within(await row('Tags', 'v1')).getAllByRole('button');
    expect(tagButtons.at(-1)?.getAttribute('aria-label')).toBe('Delete tag v1');
    cleanup();
    renderApp('/repositories/lake/branches');
    const branchButtons = within(await row('Branches', 'dev')).getAllByRole('button');
    expect(branchButtons.at(-1)?.getAttribute('aria-label')).toBe('Delete branch dev');
  });

  it("filters with 'Find Tag' and deletes after the question", async () => {
    tags.set('v1', hex('a')).set('v2', hex('b')).set('rc1', hex('c'));
    renderApp('/repositories/lake/tags');
    await row('Tags', 'rc1');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find Tag' }), { target: { value: 'v' } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'rc1' })).toBeNull(), { timeout: 5000 });
    fireEvent.click(within(await row('Tags', 'v2')).getByRole('button', { name: 'Delete tag v2' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Tag' });
    expect(within(confirm).getByText('Are you sure you wish to delete tag v2?')).toBeVisible();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'v2' })).toBeNull(), { timeout: 5000 });
    expect(await row('Tags', 'v1')).toBeVisible();
  });

  it('shows a refused delete in the alert dialog', async () => {
    tags.set('locked', hex('a'));
    renderApp('/repositories/lake/tags');
    fireEvent.click(within(await row('Tags', 'locked')).getByRole('button', { name: 'Delete tag locked' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Tag' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect((await within(confirm).findByText(/^could not delete tag:/)).textContent).toBe('could not delete tag: insufficient permissions');
  });

  it('disables deleting a tag, with the reason, when the policies refuse fs:DeleteTag', async () => {
    tags.set('v1', hex('a'));
    server.use(effectivePolicies([readOnlyPolicy]));
    renderApp('/repositories/lake/tags');
    const del = within(await row('Tags', 'v1')).getByRole('button', { name: 'Delete tag v1' }) as HTMLButtonElement;
    await waitFor(() => expect(del.disabled).toBe(true), { timeout: 5000 });
    expect(del.title).toBe(missing('fs:DeleteTag'));
  });
});
