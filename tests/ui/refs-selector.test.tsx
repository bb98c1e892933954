import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderUi } from './render';
import { RefSelector, type SelectedRef } from '../../src/ui/refs';

const page = <T,>(results: T[], next = '') => ({
  results,
  pagination: { has_more: next !== '', next_offset: next, results: results.length, max_per_page: 300 },
});

const requests: URL[] = [];
const server = setupServer(
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

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

function open(selected: SelectedRef, extra: { branchesOnly?: boolean } = {}) {
  const onSelect = vi.fn();
  renderUi(<RefSelector repoId="lake" selected={selected} onSelect={onSelect} defaultBranch="main" {...extra} />);
  fireEvent.click(screen.getByRole('button', { name: `${selected.kind}: ${selected.id}` }));
  return onSelect;
}

describe('RefSelector', () => {
  it('lists branches with the picker page size and marks the default branch', async () => {
    const onSelect = open({ id: 'main', kind: 'branch' });
    const option = await screen.findByRole('option', { name: /dev/ });
    expect(requests[0]?.searchParams.get('amount')).toBe('300');
    expect(within(screen.getByRole('option', { name: /main/ })).getByText('Default')).toBeTruthy();
    fireEvent.click(option);
    expect(onSelect).toHaveBeenCalledWith({ id: 'dev', kind: 'branch' });
  });

  it('filters by prefix through the server', async () => {
    open({ id: 'main', kind: 'branch' });
    await screen.findByRole('option', { name: /dev/ });
    fireEvent.change(screen.getByLabelText('Filter branches'), { target: { value: 'fea' } });
    await waitFor(() => expect(screen.queryByRole('option', { name: /dev/ })).toBeNull());
    expect(screen.getByRole('option', { name: /feature-a/ })).toBeTruthy();
    expect(requests.at(-1)?.searchParams.get('prefix')).toBe('fea');
  });

  it('offers tags, and commits with shortened ids and picker messages', async () => {
    const onSelect = open({ id: 'main', kind: 'branch' });
    fireEvent.click(await screen.findByRole('button', { name: 'Commits of main' }));
    const long = await screen.findByRole('option', { name: new RegExp(`${'x'.repeat(40)}…`) });
    expect(within(long).getByText('a'.repeat(12))).toBeTruthy();
    expect(screen.getByRole('option', { name: /repository epoch/ })).toBeTruthy();
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
  });

  it('shows a commit ref by its 12-character id', () => {
    renderUi(<RefSelector repoId="lake" selected={{ id: 'c'.repeat(64), kind: 'commit' }} onSelect={() => {}} />);
    expect(screen.getByRole('button', { name: `commit: ${'c'.repeat(64)}` }).textContent).toContain('c'.repeat(12));
    expect(screen.getByRole('button', { name: `commit: ${'c'.repeat(64)}` }).textContent).not.toContain('c'.repeat(13));
  });
});
