import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import { effectivePolicies, elseNotFound, fakeApi, missing, readOnlyPolicy } from './fake-api';
import type { Commit, Diff, MergePreview, Repository } from '../../server/http/wire';
import { mergePreview } from '../merge-preview-fake';

let lake: Repository;
const hex = (seed: string) => seed.repeat(64).slice(0, 64);
const branches: Record<string, string> = { main: hex('a'), dev: hex('b') };
const tags: Record<string, string> = { v1: hex('c') };
const diffRequests: URL[] = [];
const mergeBodies: unknown[] = [];
let mergeAnswers: (() => Response)[] = [];
const objectReads: string[] = [];
const SLOW = { timeout: 5000 };

const page = <T,>(results: T[]) => ({ results, pagination: { has_more: false, next_offset: '', results: results.length, max_per_page: 1000 } });
const notFound = () => HttpResponse.json({ message: 'not found' }, { status: 404 });
const version = (checksum: string, size: number) => ({ size_bytes: size, mtime: 1_700_000_000, checksum, content_type: 'text/csv' });
const conflictBody = {
  message: 'conflict found',
  reference: '',
  conflicts: [
    { path: 'data/a.csv', source: version('s', 2048), dest: version('d', 10) },
    { path: 'gone.csv', source: null, dest: version('g', 5) },
  ],
};

const cleanPreview = mergePreview({ source_commit_id: hex('b'), destination_commit_id: hex('a'), base_commit_id: hex('0'), changes: 2 });
let previewOverrides: Partial<MergePreview> = {};
const deletedBranches: string[] = [];
const commitOf = (id: string, message: string): Commit => ({
  id,
  parents: [],
  committer: 'ana',
  message,
  creation_date: Math.floor(Date.now() / 1000) - 3 * 3600,
  meta_range_id: '',
  metadata: {},
});

const server = fakeApi(
  http.get('*/api/v1/repositories/lake', () => HttpResponse.json(lake)),
  http.get('*/api/v1/repositories/lake/branches/:id', ({ params }) => {
    const commit = branches[String(params.id)];
    return commit ? HttpResponse.json({ id: params.id, commit_id: commit }) : notFound();
  }),
  http.get('*/api/v1/repositories/lake/tags/:id', ({ params }) => {
    const commit = tags[String(params.id)];
    return commit ? HttpResponse.json({ id: params.id, commit_id: commit }) : notFound();
  }),
  http.get('*/api/v1/repositories/lake/branches', () => HttpResponse.json(page(Object.entries(branches).map(([id, commit_id]) => ({ id, commit_id }))))),
  http.get('*/api/v1/repositories/lake/refs/:left/diff/:right', ({ request, params }) => {
    const url = new URL(request.url);
    diffRequests.push(url);
    if (params.left === 'dev' && params.right === 'main') return HttpResponse.json(page([]));
    // Without a delimiter: every changed object at once.
    if (!url.searchParams.has('delimiter')) {
      const prefix = url.searchParams.get('prefix') ?? '';
      const all: Diff[] = [
        { type: 'changed', path: 'data/a.csv', path_type: 'object', size_bytes: 2048 },
        { type: 'added', path: 'new.txt', path_type: 'object', size_bytes: 3 },
      ];
      return HttpResponse.json(page(all.filter((d) => d.path.startsWith(prefix))));
    }
    if (url.searchParams.get('prefix') === 'data/') {
      return HttpResponse.json(page([{ type: 'changed', path: 'data/a.csv', path_type: 'object', size_bytes: 2048 }]));
    }
    return HttpResponse.json(
      page([
        { type: 'prefix_changed', path: 'data/', path_type: 'common_prefix' },
        { type: 'added', path: 'new.txt', path_type: 'object', size_bytes: 3 },
      ]),
    );
  }),
  http.get('*/api/v1/repositories/lake/refs/:source/merge/:dest/preview', ({ params }) =>
    HttpResponse.json({ ...cleanPreview, ...previewOverrides, source_commit_id: branches[String(params.source)] ?? '' }),
  ),
  http.get('*/api/v1/repositories/lake/refs/:source/merge/:dest', () =>
    HttpResponse.json({ source_commit_id: hex('b'), destination_commit_id: hex('a'), base_commit_id: hex('0') }),
  ),
  http.get('*/api/v1/repositories/lake/refs/:ref/commits', ({ request }) => {
    expect(new URL(request.url).searchParams.get('stop_at')).toBe(hex('0'));
    return HttpResponse.json(page([commitOf(hex('2'), 'Fix the regions'), commitOf(hex('1'), 'Add lakes'), commitOf(hex('0'), 'Where dev split')]));
  }),
  http.delete('*/api/v1/repositories/lake/branches/:id', ({ params }) => {
    deletedBranches.push(String(params.id));
    return new HttpResponse(null, { status: 204 });
  }),
  http.post('*/api/v1/repositories/lake/refs/dev/merge/main', async ({ request }) => {
    mergeBodies.push(await request.json());
    return (mergeAnswers.shift() ?? (() => HttpResponse.json({ reference: hex('m') })))();
  }),
  http.get('*/api/v1/repositories/lake/refs/:ref/objects/stat', ({ params, request }) => {
    const path = new URL(request.url).searchParams.get('path');
    return HttpResponse.json({ path, path_type: 'object', physical_address: 'x', checksum: String(params.ref), mtime: 1, size_bytes: 20 });
  }),
  http.get('*/api/v1/repositories/lake/refs/:ref/objects', ({ params, request }) => {
    const path = new URL(request.url).searchParams.get('path');
    objectReads.push(`${String(params.ref)}:${String(path)}`);
    return new HttpResponse(params.ref === 'main' ? 'id,value\n1,old\n' : 'id,value\n1,new\n', { headers: { 'content-type': 'text/csv' } });
  }),
  elseNotFound,
);

beforeEach(() => {
  lake = { id: 'lake', creation_date: 1, default_branch: 'main', storage_namespace: 'local://lake' };
  mergeAnswers = [];
  previewOverrides = {};
});
afterEach(() => {
  localStorage.clear();
  diffRequests.length = 0;
  mergeBodies.length = 0;
  objectReads.length = 0;
  deletedBranches.length = 0;
});

const mergeButton = () => screen.getByRole('button', { name: 'Merge' }) as HTMLButtonElement;

describe('Compare screen', () => {
  it('starts from the default branch as the base and asks for a ref to compare with', async () => {
    renderApp('/repositories/lake/compare');
    expect(await screen.findByText('Choose a ref to compare with the base.', {}, SLOW)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Base branch: main' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Compared to Compare with...' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Compare' }).getAttribute('aria-current')).toBe('page');
    expect(diffRequests).toEqual([]);
  });

  it('warns that there is nothing to compare when both refs are the same, with Merge disabled', async () => {
    renderApp('/repositories/lake/compare?ref=main&compare=main');
    expect(await screen.findByText('There isn’t anything to compare.', {}, SLOW)).toBeVisible();
    expect(screen.getByText(/Choose two different sources/)).toBeVisible();
    expect(mergeButton().disabled).toBe(true);
    expect(diffRequests).toEqual([]);
  });

  it('lists the commits the compared branch brings and its changed files, counted, every file at once', async () => {
    renderApp('/repositories/lake/compare?ref=main&compare=dev');
    const commits = await screen.findByRole('region', { name: 'Commits on dev that main lacks' }, SLOW);
    expect(await within(commits).findByRole('heading', { name: '2 commits' }, SLOW)).toBeVisible();
    expect(within(commits).getByRole('link', { name: 'Fix the regions' }).getAttribute('href')).toBe(`/repositories/lake/commits/${hex('2')}`);
    expect(within(commits).queryByText('Where dev split')).toBeNull();
    const when = within(commits).getAllByText('3 hours ago')[0]!;
    expect(when.getAttribute('title')).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
    expect(await screen.findByRole('heading', { name: '2 files changed' }, SLOW)).toBeVisible();
    expect(screen.getByRole('status', { name: 'Change summary of main...dev' }).textContent).toMatch(/1 added.*1 changed/);
    const files = screen.getByRole('list', { name: 'Changes between main and dev' });
    expect(within(files).getByText('data/a.csv')).toBeVisible();
    expect(within(files).getByText('new.txt')).toBeVisible();
    expect(diffRequests[0]?.searchParams.has('delimiter')).toBe(false);
    expect(screen.getByRole('button', { name: 'Files', pressed: true })).toBeVisible();
  });

  it('shows the changes as a tree on request, and opens a folder through the URL', async () => {
    const { router } = renderApp('/repositories/lake/compare?ref=main&compare=dev');
    await screen.findByRole('list', { name: 'Changes between main and dev' }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Tree', pressed: false }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ ref: 'main', compare: 'dev', view: 'tree' }), { timeout: 5000 });
    const tree = await screen.findByRole('list', { name: 'Changes between main and dev' }, SLOW);
    await waitFor(() => expect(within(tree).getByRole('button', { name: 'data/' })).toBeVisible(), { timeout: 5000 });
    expect(diffRequests.some((url) => url.searchParams.get('delimiter') === '/')).toBe(true);
    expect(mergeButton().disabled).toBe(false);
    fireEvent.click(within(tree).getByRole('button', { name: 'data/' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ view: 'tree', prefix: 'data/' }), { timeout: 5000 });
    expect(await screen.findByText('a.csv', {}, SLOW)).toBeVisible();
  });

  it('says before Merge is pressed whether the merge is clean, and what would refuse it', async () => {
    renderApp('/repositories/lake/compare?ref=main&compare=dev');
    const check = await screen.findByRole('status', { name: 'Merge check' }, SLOW);
    expect(check.textContent).toContain('Able to merge: no conflicts.');
    expect(check.textContent).toContain('The merge brings 2 changes into main.');
    cleanup();
    previewOverrides = { destination_dirty: true };
    renderApp('/repositories/lake/compare?ref=main&compare=dev');
    const dirty = await screen.findByRole('status', { name: 'Merge check' }, SLOW);
    expect(dirty.textContent).toContain('main has uncommitted changes.');
    expect(mergeButton().disabled).toBe(true);
  });

  it('leaves a receipt of the merge that links its commit, and deletes the merged branch once confirmed', async () => {
    renderApp('/repositories/lake/compare?ref=main&compare=dev');
    await screen.findByRole('status', { name: 'Merge check' }, SLOW);
    fireEvent.click(mergeButton());
    const dialog = await screen.findByRole('dialog', { name: 'Merge branch dev into main' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    const receipt = await screen.findByRole('status', { name: 'Merge made' }, SLOW);
    expect(within(receipt).getByRole('link', { name: hex('m').slice(0, 12) }).getAttribute('href')).toBe(`/repositories/lake/commits/${hex('m')}`);
    fireEvent.click(within(receipt).getByRole('button', { name: 'Delete branch dev' }));
    fireEvent.click(within(receipt).getByRole('button', { name: 'Delete dev' }));
    await waitFor(() => expect(within(receipt).getByText('Branch dev was deleted; its commits live on in main.')).toBeVisible(), SLOW);
    expect(deletedBranches).toEqual(['dev']);
  });

  it('shows the line changes of text files without being asked, and switches them between unified and side by side, remembering the choice', async () => {
    renderApp('/repositories/lake/compare?ref=main&compare=dev&prefix=data%2F');
    const tree = await screen.findByRole('list', { name: 'Changes between main and dev' }, SLOW);
    expect(within(tree).getByRole('button', { name: 'Show object changes of data/a.csv' }).getAttribute('aria-expanded')).toBe('true');
    const unified = await within(tree).findByRole('table', { name: 'Content changes of data/a.csv' }, SLOW);
    expect(within(unified).queryAllByRole('columnheader')).toEqual([]);
    fireEvent.click(within(tree).getByRole('button', { name: 'Side by side', pressed: false }));
    const split = within(tree).getByRole('table', { name: 'Content changes of data/a.csv' });
    expect(within(split).getByRole('cell', { name: /1,old/ })).toBeVisible();
    expect(within(split).getByRole('cell', { name: /1,new/ })).toBeVisible();
    expect(within(split).getAllByRole('columnheader')).toHaveLength(2);
    expect(localStorage.getItem('tarn:diff-layout')).toBe('split');
  });

  it('disables Merge, with the reason, when the policies refuse committing to the base branch', async () => {
    server.use(effectivePolicies([readOnlyPolicy]));
    renderApp('/repositories/lake/compare?ref=main&compare=dev');
    expect(await screen.findByText('Showing changes between main and dev', {}, SLOW)).toBeVisible();
    await waitFor(() => expect(mergeButton().title).toBe(missing('fs:CreateCommit')), { timeout: 5000 });
    expect(mergeButton().disabled).toBe(true);
  });

  it('switches directions in the URL', async () => {
    const { router } = renderApp('/repositories/lake/compare?ref=main&compare=dev');
    await screen.findByText('Showing changes between main and dev', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Switch directions' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ ref: 'dev', compare: 'main' }), { timeout: 5000 });
    expect(await screen.findByText('Showing changes between dev and main', {}, SLOW)).toBeVisible();
    // The base has everything the compared branch has: nothing to merge.
    await waitFor(() => expect(mergeButton().disabled).toBe(true), { timeout: 5000 });
  });

  it('lands on the compare screen from any compare/* address, keeping the search', async () => {
    const { router } = renderApp('/repositories/lake/compare/main...dev?ref=main&compare=dev');
    await waitFor(() => expect(router.state.location.pathname).toBe('/repositories/lake/compare'), { timeout: 5000 });
    expect(router.state.location.search).toMatchObject({ ref: 'main', compare: 'dev' });
    expect(await screen.findByText('Showing changes between main and dev', {}, SLOW)).toBeVisible();
  });

  it('offers no merge when a ref is a tag', async () => {
    renderApp('/repositories/lake/compare?ref=main&compare=v1');
    await screen.findByText('Showing changes between main and v1', {}, SLOW);
    expect(screen.queryByRole('button', { name: 'Merge' })).toBeNull();
  });

  it('disables Merge in a read-only repository', async () => {
    lake = { ...lake, read_only: true };
    renderApp('/repositories/lake/compare?ref=main&compare=dev');
    await screen.findByText('Showing changes between main and dev', {}, SLOW);
    expect(mergeButton().disabled).toBe(true);
  });

  it('merges with a message, metadata and a strategy, then closes and reads the comparison again', async () => {
    renderApp('/repositories/lake/compare?ref=main&compare=dev');
    await screen.findByRole('list', { name: 'Changes between main and dev' }, SLOW);
    fireEvent.click(mergeButton());
    const dialog = await screen.findByRole('dialog', { name: 'Merge branch dev into main' });
    fireEvent.change(within(dialog).getByLabelText('Commit message'), { target: { value: 'Bring dev in' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Metadata field' }));
    fireEvent.change(within(dialog).getByLabelText('Metadata key 1'), { target: { value: 'ticket' } });
    fireEvent.change(within(dialog).getByLabelText('Metadata value 1'), { target: { value: 'T-1' } });
    const strategy = within(dialog).getByLabelText('Strategy') as HTMLSelectElement;
    expect([...strategy.options].map((o) => o.textContent)).toEqual(['Default', 'source-wins', 'dest-wins']);
    expect(within(dialog).getByText(/With Default \(no strategy\), any conflict makes the merge fail/)).toBeVisible();
    fireEvent.change(strategy, { target: { value: 'dest-wins' } });
    const before = diffRequests.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Merge branch dev into main' })).toBeNull(), SLOW);
    expect(mergeBodies).toEqual([{ strategy: 'dest-wins', message: 'Bring dev in', metadata: { ticket: 'T-1' } }]);
    await waitFor(() => expect(diffRequests.length).toBeGreaterThan(before), { timeout: 5000 });
  });

  it('shows a failed merge in the modal', async () => {
    mergeAnswers = [() => HttpResponse.json({ message: 'pre-merge hook aborted' }, { status: 412 })];
    renderApp('/repositories/lake/compare?ref=main&compare=dev');
    await screen.findByRole('list', { name: 'Changes between main and dev' }, SLOW);
    fireEvent.click(mergeButton());
    const dialog = await screen.findByRole('dialog', { name: 'Merge branch dev into main' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('could not merge: pre-merge hook aborted'), SLOW);
    expect(mergeBodies).toEqual([{ strategy: '', message: '', metadata: {} }]);
  });

  it('lists conflicts with both sides, compares contents side by side, and merges again with the choices', async () => {
    mergeAnswers = [() => HttpResponse.json(conflictBody, { status: 409 })];
    renderApp('/repositories/lake/compare?ref=main&compare=dev');
    await screen.findByRole('status', { name: 'Merge check' }, SLOW);
    fireEvent.click(mergeButton());
    const dialog = await screen.findByRole('dialog', { name: 'Merge branch dev into main' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    const list = await within(dialog).findByRole('list', { name: 'Conflicting paths' }, SLOW);
    expect(within(dialog).getByText('2 paths conflict between dev and main')).toBeVisible();
    const a = within(list).getByRole('listitem', { name: 'data/a.csv' });
    expect(within(a).getByRole('radio', { name: /^Keep main’s version/ }).closest('label')?.textContent).toMatch(/10 B, modified \d\d\/\d\d\/\d{4}/);
    expect(within(a).getByRole('radio', { name: /^Keep dev’s version/ }).closest('label')?.textContent).toMatch(/2\.0 KB, modified/);
    const gone = within(list).getByRole('listitem', { name: 'gone.csv' });
    expect(within(gone).getByRole('radio', { name: /^Keep dev’s version/ }).closest('label')?.textContent).toContain('Deleted there');
    expect(within(dialog).getByRole('status', { name: 'Conflict choices' }).textContent).toBe('No version chosen yet. 2 left to choose.');
    // Every path needs a choice before the merge can run again.
    expect((within(dialog).getByRole('button', { name: 'Merge' }) as HTMLButtonElement).disabled).toBe(true);

    // The files view opened the line changes of the listed text files already.
    objectReads.length = 0;
    fireEvent.click(within(a).getByRole('button', { name: 'Compare contents' }));
    const contents = await within(a).findByRole('table', { name: 'Content changes of data/a.csv' }, SLOW);
    expect(within(contents).getByText('Destination (main)')).toBeVisible();
    expect(within(contents).getByText('1,old')).toBeVisible();
    expect(within(contents).getByText('1,new')).toBeVisible();
    expect(objectReads.sort()).toEqual(['dev:data/a.csv', 'main:data/a.csv']);

    fireEvent.click(within(a).getByRole('radio', { name: /^Keep dev’s version/ }));
    fireEvent.click(within(gone).getByRole('radio', { name: /^Keep main’s version/ }));
    await waitFor(
      () => expect(within(dialog).getByRole('status', { name: 'Conflict choices' }).textContent).toBe('Keeping main’s version of 1 path and dev’s version of 1 path.'),
      SLOW,
    );
    expect((within(a).getByRole('radio', { name: /^Keep dev’s version/ }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Merge' }) as HTMLButtonElement).disabled).toBe(false), { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Merge branch dev into main' })).toBeNull(), SLOW);
    expect(mergeBodies[1]).toEqual({ strategy: '', message: '', metadata: {}, conflict_resolutions: { 'data/a.csv': 'source', 'gone.csv': 'dest' } });
  });
});
