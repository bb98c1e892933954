import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import { effectivePolicies, elseNotFound, fakeApi, missing, readOnlyPolicy } from './fake-api';
import type { Diff, Repository } from '../../server/http/wire';

const lake: Repository = { id: 'lake', creation_date: 1, default_branch: 'main', storage_namespace: 'local://lake' };
let repository: Repository = lake;

const page = <T,>(results: T[], next = '') => ({
  results,
  pagination: { has_more: next !== '', next_offset: next, results: results.length, max_per_page: 1000 },
});

// The branch's changes by folder, as the server lists them with the '/' delimiter.
let tree: Record<string, unknown[]> = {};
let flat: Diff[] = [];
const diffRequests: URL[] = [];
const commits: unknown[] = [];
const resets: unknown[] = [];

const server = fakeApi(
  http.get('*/api/v1/repositories/lake', () => HttpResponse.json(repository)),
  http.get('*/api/v1/repositories/lake/branches/main', () => HttpResponse.json({ id: 'main', commit_id: 'c0' })),
  http.get('*/api/v1/repositories/lake/tags/v1', () => HttpResponse.json({ id: 'v1', commit_id: 'c0' })),
  http.get('*/api/v1/repositories/lake/branches/main/diff', ({ request }) => {
    const url = new URL(request.url);
    diffRequests.push(url);
    if (url.searchParams.get('delimiter') === '/') {
      return HttpResponse.json(page(tree[url.searchParams.get('prefix') ?? ''] ?? []));
    }
    const amount = Number(url.searchParams.get('amount') ?? 100);
    const after = url.searchParams.get('after');
    const start = after ? flat.findIndex((d) => d.path === after) + 1 : 0;
    const slice = flat.slice(start, start + amount);
    const more = start + amount < flat.length;
    return HttpResponse.json(page(slice, more ? (slice.at(-1)?.path ?? '') : ''));
  }),
  http.post('*/api/v1/repositories/lake/branches/main/commits', async ({ request }) => {
    commits.push(await request.json());
    tree = {};
    flat = [];
    return HttpResponse.json(
      { id: 'c1', parents: [], committer: 'me', message: 'm', creation_date: 1, meta_range_id: '' },
      { status: 201 },
    );
  }),
  http.put('*/api/v1/repositories/lake/branches/main', async ({ request }) => {
    resets.push(await request.json());
    tree = {};
    return new HttpResponse(null, { status: 204 });
  }),
  elseNotFound,
);

afterEach(() => {
  repository = lake;
  tree = {};
  flat = [];
  diffRequests.length = 0;
  commits.length = 0;
  resets.length = 0;
});

function withChanges() {
  tree = {
    '': [
      { type: 'prefix_changed', path: 'data/', path_type: 'common_prefix' },
      { type: 'added', path: 'README.md', path_type: 'object', size_bytes: 2048 },
    ],
    'data/': [
      { type: 'removed', path: 'data/old.csv', path_type: 'object', size_bytes: 10 },
      { type: 'changed', path: 'data/lakes.parquet', path_type: 'object', size_bytes: 10 },
    ],
  };
  flat = [
    { type: 'added', path: 'README.md', path_type: 'object', size_bytes: 2048 },
    { type: 'changed', path: 'data/lakes.parquet', path_type: 'object', size_bytes: 10 },
    { type: 'removed', path: 'data/old.csv', path_type: 'object', size_bytes: 10 },
  ];
}

/** The changes page, as a signed-in user opens it. */
const CHANGES = '/repositories/lake/changes';

/** The uncommitted-changes listings asked for the folder `prefix` (with the delimiter). */
const levelRequests = (prefix: string) =>
  diffRequests.filter((u) => u.searchParams.get('delimiter') === '/' && (u.searchParams.get('prefix') ?? '') === prefix);

const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('Uncommitted changes tree', () => {
  it('lists the changes of the folder and expands a folder with the delimiter', async () => {
    withChanges();
    renderApp(CHANGES);
    const tree = await screen.findByRole('list', { name: 'Uncommitted changes of main' });
    expect(within(tree).getByText('README.md')).toBeVisible();
    expect(within(tree).getByText('2.0 KB')).toBeVisible();
    expect(within(tree).queryByText('old.csv')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Expand data/' }));
    expect(await within(tree).findByText('old.csv', {}, { timeout: 5000 })).toBeVisible();
    expect(within(tree).getByText('lakes.parquet')).toBeVisible();
    expect(levelRequests('data/')).toHaveLength(1);
    expect(screen.getByRole('listitem', { name: 'data/old.csv' }).querySelector('[data-diff-type="removed"]')).not.toBeNull();
    // At the root, the first page says whether there are changes: nothing else is asked.
    expect(diffRequests).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Collapse data/' }));
    expect(within(tree).queryByText('old.csv')).toBeNull();
  });

  it('opens a folder through the prefix in the URL, asking whether the branch has changes at all', async () => {
    withChanges();
    const { router } = renderApp(CHANGES);
    fireEvent.click(await screen.findByRole('button', { name: 'data/' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ prefix: 'data/' }), { timeout: 5000 });
    const tree = await screen.findByRole('list', { name: 'Uncommitted changes of main' });
    expect(await within(tree).findByText('old.csv', {}, { timeout: 5000 })).toBeVisible();
    expect(diffRequests.filter((u) => u.searchParams.get('amount') === '1')).toHaveLength(1);
    await waitFor(() => expect(button('Commit Changes').disabled).toBe(false), { timeout: 5000 });
  });

  it('shows a listing that failed under the repository tabs, and loads again on Retry', async () => {
    withChanges();
    let fail = true;
    server.use(
      http.get('*/api/v1/repositories/lake/branches/main/diff', () => {
        if (!fail) return;
        fail = false;
        return HttpResponse.json({ message: 'diff failed' }, { status: 500 });
      }),
    );
    renderApp(CHANGES);
    expect((await screen.findByRole('alert')).textContent).toContain('diff failed');
    expect(screen.getByRole('link', { name: 'Uncommitted Changes' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('README.md')).toBeVisible();
  });

  it('offers to pick a branch on a tag', async () => {
    renderApp(`${CHANGES}?ref=v1`);
    expect(await screen.findByText(/Uncommitted changes exist only on branches; v1 is a tag/)).toBeVisible();
  });

  it("labels a folder 'Folder changed', apart from a modified object's 'Changed'", async () => {
    withChanges();
    renderApp(CHANGES);
    const folder = await screen.findByRole('listitem', { name: 'data/' });
    const badge = within(folder).getByText('Folder changed');
    expect(within(folder).queryByText('Changed', { exact: true })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Expand data/' }));
    const modified = await screen.findByRole('listitem', { name: 'data/lakes.parquet' });
    const changed = within(modified).getByText('Changed', { exact: true });
    // Neutral for the folder, the colour of a change for the object.
    expect(badge.className).not.toBe(changed.className);
  });

  it('reports entries it cannot draw', async () => {
    tree = { '': [{ type: 'renamed', path: 'x', path_type: 'object' }, { path_type: 'object' }] };
    flat = [];
    renderApp(CHANGES);
    expect(await screen.findByText('Unknown diff type: renamed')).toBeVisible();
    expect(screen.getByText('Invalid diff input')).toBeVisible();
  });

  it('shows an empty state and keeps Commit and Revert disabled without changes', async () => {
    renderApp(CHANGES);
    expect(await screen.findByText('No changes here')).toBeVisible();
    expect(button('Commit Changes').disabled).toBe(true);
    expect(button('Revert').disabled).toBe(true);
  });

  it('enables Commit and Revert when the branch has changes', async () => {
    withChanges();
    renderApp(CHANGES);
    await waitFor(() => expect(button('Commit Changes').disabled).toBe(false), { timeout: 5000 });
    expect(button('Revert').disabled).toBe(false);
  });

  it('disables Commit and Revert, with the reason, when the policies refuse committing and resetting the branch', async () => {
    withChanges();
    server.use(effectivePolicies([readOnlyPolicy]));
    renderApp(CHANGES);
    await screen.findByText('README.md');
    await waitFor(() => expect(button('Commit Changes').title).toBe(missing('fs:CreateCommit')), { timeout: 5000 });
    expect(button('Commit Changes').disabled).toBe(true);
    expect(button('Revert').disabled).toBe(true);
    expect(button('Revert').title).toBe(missing('fs:RevertBranch'));
    expect(button('Revert README.md').disabled).toBe(true);
    expect(button('Revert README.md').title).toBe(missing('fs:RevertBranch'));
  });

  it('keeps Commit and Revert disabled on a read-only repository', async () => {
    withChanges();
    repository = { ...lake, read_only: true };
    renderApp(CHANGES);
    await screen.findByText('README.md');
    expect(button('Commit Changes').disabled).toBe(true);
    expect(button('Revert').disabled).toBe(true);
    expect(button('Revert README.md').disabled).toBe(true);
  });
});

describe('Protected branch', () => {
  it('disables Commit and Revert on a branch a rule protects, saying why', async () => {
    server.use(http.get('*/api/v1/repositories/lake/settings/branch_protection', () => HttpResponse.json([{ pattern: 'main' }])));
    withChanges();
    renderApp(CHANGES);
    expect(
      await screen.findByText(
        'Branch main is protected (Settings › Branch Protection): make the change on another branch, then merge it in.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(screen.getByText('Protected')).toBeVisible();
    expect(button('Commit Changes').disabled).toBe(true);
    expect(button('Revert').disabled).toBe(true);
  });
});

describe('Commit dialog', () => {
  async function openCommit() {
    withChanges();
    renderApp(CHANGES);
    await waitFor(() => expect(button('Commit Changes').disabled).toBe(false), { timeout: 5000 });
    fireEvent.click(button('Commit Changes'));
    const dialog = await screen.findByRole('dialog');
    return { dialog };
  }

  it('refuses duplicate metadata keys with a visible error and sends nothing', async () => {
    const { dialog } = await openCommit();
    fireEvent.change(within(dialog).getByPlaceholderText('Commit Message'), { target: { value: 'add lakes' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Metadata field' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Metadata field' }));
    fireEvent.change(within(dialog).getByLabelText('Metadata key 1'), { target: { value: 'owner' } });
    fireEvent.change(within(dialog).getByLabelText('Metadata value 1'), { target: { value: 'a' } });
    fireEvent.change(within(dialog).getByLabelText('Metadata key 2'), { target: { value: 'owner' } });
    fireEvent.change(within(dialog).getByLabelText('Metadata value 2'), { target: { value: 'b' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Commit Changes' }));
    expect(await within(dialog).findByText('Key already exists')).toBeVisible();
    expect(commits).toEqual([]);
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('refuses an empty metadata key', async () => {
    const { dialog } = await openCommit();
    fireEvent.change(within(dialog).getByPlaceholderText('Commit Message'), { target: { value: 'add lakes' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Metadata field' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Commit Changes' }));
    expect(await within(dialog).findByText('Key is required')).toBeVisible();
    expect(commits).toEqual([]);
  });

  it('asks for a message: Commit stays disabled until one is typed, and a message suggested from the changes can be taken', async () => {
    const { dialog } = await openCommit();
    const commit = within(dialog).getByRole('button', { name: 'Commit Changes' }) as HTMLButtonElement;
    expect(commit.disabled).toBe(true);
    const message = within(dialog).getByPlaceholderText('Commit Message') as HTMLTextAreaElement;
    fireEvent.change(message, { target: { value: '   ' } });
    expect(commit.disabled).toBe(true);
    // README.md added, data/lakes.parquet changed, data/old.csv removed: three files in no shared folder.
    expect(await within(dialog).findByText('Update 3 files', {}, { timeout: 5000 })).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use this message' }));
    expect(message.value).toBe('Update 3 files');
    expect(commit.disabled).toBe(false);
    fireEvent.click(commit);
    await waitFor(() => expect(commits).toEqual([{ message: 'Update 3 files', metadata: {} }]), { timeout: 5000 });
  });

  it('leaves a receipt that links the commit made, until dismissed', async () => {
    const { dialog } = await openCommit();
    fireEvent.change(within(dialog).getByPlaceholderText('Commit Message'), { target: { value: 'add lakes' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Commit Changes' }));
    const receipt = await screen.findByRole('status', { name: 'Commit made' }, { timeout: 5000 });
    expect(receipt.textContent).toContain('Committed c1 to main');
    expect(within(receipt).getByRole('link', { name: 'c1' }).getAttribute('href')).toBe('/repositories/lake/commits/c1');
    expect(await screen.findByText('No changes here')).toBeVisible();
    fireEvent.click(within(receipt).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Commit made' })).toBeNull(), { timeout: 5000 });
  });

  it('commits message and metadata, then loads the changes again', async () => {
    const { dialog } = await openCommit();
    fireEvent.change(within(dialog).getByPlaceholderText('Commit Message'), { target: { value: 'add lakes' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Metadata field' }));
    fireEvent.change(within(dialog).getByLabelText('Metadata key 1'), { target: { value: 'source' } });
    fireEvent.change(within(dialog).getByLabelText('Metadata value 1'), { target: { value: 'survey' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Commit Changes' }));
    await waitFor(() => expect(commits).toEqual([{ message: 'add lakes', metadata: { source: 'survey' } }]), { timeout: 5000 });
    expect(await screen.findByText('No changes here')).toBeVisible();
    await waitFor(() => expect(button('Commit Changes').disabled).toBe(true), { timeout: 5000 });
  });

  it('shows a refused commit inside the dialog', async () => {
    server.use(
      http.post('*/api/v1/repositories/lake/branches/main/commits', () =>
        HttpResponse.json({ message: 'cannot commit to protected branch' }, { status: 403 }),
      ),
    );
    const { dialog } = await openCommit();
    fireEvent.change(within(dialog).getByPlaceholderText('Commit Message'), { target: { value: 'add lakes' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Commit Changes' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'could not commit: cannot commit to protected branch. This branch is protected (Settings › Branch Protection): make the change on another branch, then merge it in.',
      ), { timeout: 5000 },
    );
    expect(levelRequests('')).toHaveLength(1);
  });
});

describe('Revert', () => {
  it('reverts one folder with its type and path after confirmation', async () => {
    withChanges();
    renderApp(CHANGES);
    await waitFor(() => expect(button('Revert data/').disabled).toBe(false), { timeout: 5000 });
    fireEvent.click(button('Revert data/'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Are you sure you wish to revert "data/" (common_prefix)?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(resets).toEqual([{ type: 'common_prefix', path: 'data/' }]), { timeout: 5000 });
    // The branch changed: the page loads again, under a receipt of what was reverted.
    expect(await screen.findByText('No changes here')).toBeVisible();
    expect(levelRequests('')).toHaveLength(2);
    const receipt = screen.getByRole('status', { name: 'Changes reverted' });
    expect(within(receipt).getByText('Reverted the uncommitted changes under data/ on main')).toBeVisible();
    expect(within(receipt).getByRole('link', { name: 'Browse main as committed' }).getAttribute('href')).toBe('/repositories/lake/objects?ref=main');
  });

  it('reverts everything with type reset after confirmation', async () => {
    withChanges();
    renderApp(CHANGES);
    await waitFor(() => expect(button('Revert').disabled).toBe(false), { timeout: 5000 });
    fireEvent.click(button('Revert'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Are you sure you want to revert all uncommitted changes?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), { timeout: 5000 });
    expect(resets).toEqual([]);
    fireEvent.click(button('Revert'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(resets).toEqual([{ type: 'reset' }]), { timeout: 5000 });
  });
});

describe('Change summary', () => {
  it('stops at 10000 objects in pages of 1000 unless the user loads more', async () => {
    flat = Array.from({ length: 12_500 }, (_, i) => ({
      type: i % 2 === 0 ? 'added' : 'changed',
      path: `f/${String(i).padStart(6, '0')}`,
      path_type: 'object',
      size_bytes: 1,
    }));
    tree = { '': [{ type: 'prefix_changed', path: 'f/', path_type: 'common_prefix' }] };
    renderApp(CHANGES);
    // The summary sits in the toolbar with the branch's other actions, not on a row of its own.
    const toolbar = await screen.findByRole('group', { name: 'Changes toolbar' });
    expect(within(toolbar).getByRole('button', { name: 'Commit Changes' })).toBeVisible();
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Calculate change summary of main' }));
    const more = await screen.findByRole('button', { name: /10,000 results, load more\?/ });
    const summaryRequests = () => diffRequests.filter((u) => !u.searchParams.has('delimiter') && u.searchParams.get('amount') === '1000');
    expect(summaryRequests()).toHaveLength(10);
    expect(screen.getByText('5,000 added')).toBeVisible();
    fireEvent.click(more);
    expect(await screen.findByText('6,250 added')).toBeVisible();
    expect(screen.getByText('6,250 changed')).toBeVisible();
    expect(screen.queryByRole('button', { name: /load more\?/ })).toBeNull();
    expect(summaryRequests()).toHaveLength(13);
  });
});

describe('Object content changes', () => {
  const contents: Record<string, string> = { 'main@': 'alpha\nbeta\ngamma\n', main: 'alpha\nBETA\ngamma\ndelta\n' };
  let rightSize = 30;

  function withTextChange() {
    tree = {
      '': [
        { type: 'changed', path: 'notes.txt', path_type: 'object', size_bytes: 30 },
        { type: 'changed', path: 'lakes.parquet', path_type: 'object', size_bytes: 30 },
      ],
    };
    flat = [];
    server.use(
      http.get('*/api/v1/repositories/lake/refs/:ref/objects/stat', ({ params }) =>
        HttpResponse.json({ path: 'notes.txt', path_type: 'object', size_bytes: params.ref === 'main' ? rightSize : 20 }),
      ),
      http.get('*/api/v1/repositories/lake/refs/:ref/objects', ({ params }) =>
        HttpResponse.text(contents[String(params.ref)] ?? ''),
      ),
    );
  }

  afterEach(() => {
    rightSize = 30;
  });

  it('shows the line changes of a text object between the last commit and the staged version', async () => {
    withTextChange();
    renderApp(CHANGES);
    fireEvent.click(await screen.findByRole('button', { name: 'Show object changes of notes.txt' }));
    const table = await screen.findByRole('table', { name: 'Content changes of notes.txt' });
    const ops = within(table)
      .getAllByRole('row')
      .map((row) => `${row.getAttribute('data-op')}:${[...row.children].map((cell) => cell.textContent?.trim()).join('|')}`);
    expect(ops).toEqual([
      'equal:1|1||alpha',
      'delete:2||-removed|beta',
      'insert:|2|+added|BETA',
      'equal:3|3||gamma',
      'insert:|4|+added|delta',
    ]);
    // Without colour or the (hidden) sign, each changed line still says what happened to it.
    const spoken = (row: HTMLElement) =>
      [...row.children]
        .map((cell) => {
          const copy = cell.cloneNode(true) as HTMLElement;
          copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
          return copy.textContent?.trim();
        })
        .filter(Boolean)
        .join(' ');
    expect(within(table).getAllByRole('row').map(spoken)).toEqual([
      '1 1 alpha',
      '2 removed beta',
      '2 added BETA',
      '3 3 gamma',
      '4 added delta',
    ]);
    expect(within(table).getByRole('cell', { name: 'BETA' })).toBeVisible();
    // Content diff is offered for text formats only.
    expect(screen.queryByRole('button', { name: 'Show object changes of lakes.parquet' })).toBeNull();
  });

  it('switches between unified and side by side, and every diff opened after keeps the choice', async () => {
    localStorage.clear();
    withTextChange();
    renderApp(CHANGES);
    fireEvent.click(await screen.findByRole('button', { name: 'Show object changes of notes.txt' }));
    await screen.findByRole('table', { name: 'Content changes of notes.txt' });
    const layout = screen.getByRole('group', { name: 'Layout of the changes of notes.txt' });
    expect(within(layout).getByRole('button', { name: 'Unified', pressed: true })).toBeVisible();
    fireEvent.click(within(layout).getByRole('button', { name: 'Side by side', pressed: false }));
    const split = screen.getByRole('table', { name: 'Content changes of notes.txt' });
    expect(within(split).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Old', 'New']);
    // Each row pairs the old line with the new one: the changed line sits beside its replacement.
    const cells = (row: HTMLElement) => [...row.children].map((cell) => cell.textContent?.replace(/removed|added/, '').trim());
    expect(within(split).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['1', 'alpha', '1', 'alpha'],
      ['2', 'beta', '2', 'BETA'],
      ['3', 'gamma', '3', 'gamma'],
      ['', '', '4', 'delta'],
    ]);
    expect(within(layout).getByRole('button', { name: 'Side by side', pressed: true })).toBeVisible();
    expect(localStorage.getItem('tarn:diff-layout')).toBe('split');
    cleanup();

    // Opened again (another page, another visit), the diff is side by side at once; back to unified is one click.
    renderApp(CHANGES);
    fireEvent.click(await screen.findByRole('button', { name: 'Show object changes of notes.txt' }));
    const again = await screen.findByRole('table', { name: 'Content changes of notes.txt' });
    expect(within(again).getAllByRole('columnheader')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Unified', pressed: false }));
    const unified = screen.getByRole('table', { name: 'Content changes of notes.txt' });
    expect(within(unified).queryAllByRole('columnheader')).toEqual([]);
    expect(localStorage.getItem('tarn:diff-layout')).toBe('unified');
  });

  it('refuses objects above the content diff cap', async () => {
    rightSize = 122_881;
    withTextChange();
    renderApp(CHANGES);
    fireEvent.click(await screen.findByRole('button', { name: 'Show object changes of notes.txt' }));
    expect(await screen.findByText(/notes\.txt is too big \(> 120\.0 KB\)/)).toBeVisible();
  });
});
