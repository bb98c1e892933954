import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderUi } from './render';
import { RefSelector, type SelectedRef } from '../../src/ui/refs';
import { fakeApi } from './fake-api';

const page = <T,>(results: T[], next = '') => ({
  results,
  pagination: { has_more: next !== '', next_offset: next, results: results.length, max_per_page: 300 },
});

const requests: URL[] = [];
const created: unknown[] = [];
fakeApi(
  http.post('*/api/v1/repositories/lake/branches', async ({ request }) => {
    const body = (await request.json()) as { name: string; source: string };
    if (body.name === 'taken') return HttpResponse.json({ message: 'branch already exists' }, { status: 409 });
    created.push(body);
    return new HttpResponse('main-commit', { status: 201 });
  }),
  http.get('*/api/v1/repositories/lake/branches', ({ request }) => {
    const url = new URL(request.url);
    requests.push(url);
    const prefix = url.searchParams.get('prefix') ?? '';
    const all = ['dev', 'feature-a', 'main'].filter((b) => b.startsWith(prefix));
    return HttpResponse.json(page(all.map((id) => ({ id, commit_id: `${id}-commit` }))));
  }),
  http.get('*/api/v1/repositories/lake/tags', ({ request }) => {
    requests.push(new URL(request.url));
    return HttpResponse.json(page([{ id: 'v1.0', commit_id: 'c1' }]));
  }),
  http.get('*/api/v1/repositories/lake/commits/:ref', ({ params }) => {
    requests.push(new URL(`http://x/commits/${String(params.ref)}`));
    // The server resolves any ref here; a branch answers with its head, whose id does not start with the text.
    if (params.ref === 'c0ffee') return HttpResponse.json({ id: `c0ffee${'1'.repeat(58)}`, message: 'Load the lake', committer: 'u', parents: [], creation_date: 1, meta_range_id: '' });
    if (params.ref === 'dada') return HttpResponse.json({ id: 'f'.repeat(64), message: 'head', committer: 'u', parents: [], creation_date: 1, meta_range_id: '' });
    return HttpResponse.json({ message: 'not found' }, { status: 404 });
  }),
  http.get('*/api/v1/repositories/lake/refs/main/commits', ({ request }) => {
    requests.push(new URL(request.url));
    return HttpResponse.json(
      page([
        { id: 'a'.repeat(64), message: 'x'.repeat(61), committer: 'u', parents: [], creation_date: 1, meta_range_id: '' },
        { id: 'b'.repeat(64), message: '', committer: 'u', parents: [], creation_date: 1, meta_range_id: '' },
      ]),
    );
  }),
);

afterEach(() => {
  requests.length = 0;
  created.length = 0;
});

function open(selected: SelectedRef, extra: { branchesOnly?: boolean; withTags?: boolean; offerCreateBranch?: boolean } = {}) {
  const onSelect = vi.fn();
  renderUi(<RefSelector repoId="lake" selected={selected} onSelect={onSelect} defaultBranch="main" {...extra} />);
  fireEvent.click(screen.getByRole('button', { name: `${selected.kind}: ${selected.id}` }));
  return onSelect;
}

const FILTER = 'Filter branches or find a commit by ID';

describe('RefSelector', () => {
  it('offers to create a branch the typed name does not find, from the selected ref, and picks it', async () => {
    const onSelect = open({ id: 'main', kind: 'branch' }, { offerCreateBranch: true });
    await screen.findByRole('option', { name: /dev/ });
    expect(screen.queryByRole('option', { name: /^Create branch/ })).toBeNull();
    fireEvent.change(screen.getByLabelText(FILTER), { target: { value: 'fix-regions' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Create branch fix-regions from main' }, { timeout: 5000 }));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith({ id: 'fix-regions', kind: 'branch' }), { timeout: 5000 });
    expect(created).toEqual([{ name: 'fix-regions', source: 'main' }]);
  });

  it('offers no new branch for a name that exists, and says why a creation was refused', async () => {
    open({ id: 'main', kind: 'branch' }, { offerCreateBranch: true });
    fireEvent.change(await screen.findByLabelText(FILTER), { target: { value: 'dev' } });
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('prefix')).toBe('dev'), { timeout: 5000 });
    expect(await screen.findByRole('option', { name: /dev/ })).toBeVisible();
    expect(screen.queryByRole('option', { name: /^Create branch/ })).toBeNull();
    fireEvent.change(screen.getByLabelText(FILTER), { target: { value: 'taken' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Create branch taken from main' }, { timeout: 5000 }));
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain('branch already exists');
  });

  it('lists branches with the picker page size and marks the default branch', async () => {
    const onSelect = open({ id: 'main', kind: 'branch' });
    const option = await screen.findByRole('option', { name: /dev/ });
    expect(requests[0]?.searchParams.get('amount')).toBe('300');
    expect(within(screen.getByRole('option', { name: /main/ })).getByText('Default')).toBeVisible();
    fireEvent.click(option);
    expect(onSelect).toHaveBeenCalledWith({ id: 'dev', kind: 'branch' });
  });

  it('filters by prefix through the server', async () => {
    open({ id: 'main', kind: 'branch' });
    await screen.findByRole('option', { name: /dev/ });
    fireEvent.change(screen.getByLabelText(FILTER), { target: { value: 'fea' } });
    await waitFor(() => expect(screen.queryByRole('option', { name: /dev/ })).toBeNull(), { timeout: 5000 });
    expect(screen.getByRole('option', { name: /feature-a/ })).toBeVisible();
    expect(requests.at(-1)?.searchParams.get('prefix')).toBe('fea');
  });

  it('offers tags, and commits with shortened ids and picker messages', async () => {
    const onSelect = open({ id: 'main', kind: 'branch' });
    fireEvent.click(await screen.findByRole('button', { name: 'Commits of main' }));
    const long = await screen.findByRole('option', { name: new RegExp(`${'x'.repeat(40)}…`) });
    expect(within(long).getByText('a'.repeat(12))).toBeVisible();
    expect(screen.getByRole('option', { name: /repository epoch/ })).toBeVisible();
    fireEvent.click(long);
    expect(onSelect).toHaveBeenCalledWith({ id: 'a'.repeat(64), kind: 'commit' });
  });

  it('shows tags on their own tab', async () => {
    const onSelect = open({ id: 'main', kind: 'branch' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Tags' }));
    fireEvent.click(await screen.findByRole('option', { name: 'v1.0' }));
    expect(onSelect).toHaveBeenCalledWith({ id: 'v1.0', kind: 'tag' });
  });

  it('in branchesOnly mode offers neither tags nor commits', async () => {
    open({ id: 'main', kind: 'branch' }, { branchesOnly: true });
    await screen.findByRole('option', { name: /dev/ });
    expect(screen.queryByRole('tab', { name: 'Tags' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Commits of/ })).toBeNull();
    expect(screen.getByLabelText('Filter branches')).toBeVisible();
  });

  it('finds a commit by the start of its id as the user types, beside the branches', async () => {
    const onSelect = open({ id: 'main', kind: 'branch' });
    await screen.findByRole('option', { name: /dev/ });
    fireEvent.change(screen.getByLabelText(FILTER), { target: { value: 'C0FFEE' } });
    const found = await within(await screen.findByRole('listbox', { name: 'Commit' })).findByRole('option', { name: /Load the lake/ });
    expect(found.textContent).toContain(`c0ffee${'1'.repeat(6)}`);
    expect(requests.some((u) => u.pathname === '/commits/c0ffee')).toBe(true);
    fireEvent.click(found);
    expect(onSelect).toHaveBeenCalledWith({ id: `c0ffee${'1'.repeat(58)}`, kind: 'commit' });
  });

  it('says so when no commit id starts with the text, and ignores a ref of that name', async () => {
    open({ id: 'main', kind: 'branch' });
    fireEvent.change(await screen.findByLabelText(FILTER), { target: { value: 'dada' } });
    expect(await screen.findByText('No commit ID starts with dada')).toBeVisible();
    expect(screen.queryByRole('listbox', { name: 'Commit' })).toBeNull();
  });

  it('offers commits but no tags when tags are not wanted', async () => {
    open({ id: 'main', kind: 'branch' }, { withTags: false });
    await screen.findByRole('option', { name: /dev/ });
    expect(screen.queryByRole('tab', { name: 'Tags' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Commits of main' })).toBeVisible();
  });

  it('shows its placeholder and label prefix until a ref is chosen', async () => {
    const onSelect = vi.fn();
    renderUi(<RefSelector repoId="lake" selected={null} placeholder="Compare with..." labelPrefix="Compared to " onSelect={onSelect} />);
    const trigger = screen.getByRole('button', { name: 'Compared to Compare with...' });
    expect(trigger.textContent).toContain('Compare with...');
    fireEvent.click(trigger);
    fireEvent.click(await screen.findByRole('option', { name: /feature-a/ }));
    expect(onSelect).toHaveBeenCalledWith({ id: 'feature-a', kind: 'branch' });
  });

  it('shows a commit ref by its 12-character id', () => {
    renderUi(<RefSelector repoId="lake" selected={{ id: 'c'.repeat(64), kind: 'commit' }} onSelect={() => {}} />);
    expect(screen.getByRole('button', { name: `commit: ${'c'.repeat(64)}` }).textContent).toContain('c'.repeat(12));
    expect(screen.getByRole('button', { name: `commit: ${'c'.repeat(64)}` }).textContent).not.toContain('c'.repeat(13));
  });
});
