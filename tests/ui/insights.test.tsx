// The Insights screen against a faked API: the treemap of the URL's prefix, a folder opened from it, the empty state,
// a failed read of the growth and its retry, and the uncommitted volume per branch.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import type { CommitList, Config, ErrorBody, PrefixUsage, Ref, RefList, Repository, StagedUsage } from '../../server/http/wire';
import { elseNotFound, failure, fakeApi, localBlockstore, notFound, page, repository, setUp, signedInAs } from './fake-api';

const lake = repository('lake', { creation_date: 1 });
const clean: StagedUsage = { added: 0, changed: 0, removed: 0, objects: 0, bytes: 0, bytes_written: 0 };
const none = { children: 0, objects: 0, bytes: 0 };

function usageOf(ref: string, prefix: string, delimiter: string): PrefixUsage {
  const staged = ref === 'dev' ? { ...clean, added: 2, objects: 2, bytes: 2048, bytes_written: 2048 } : ref === 'main' ? clean : undefined;
  if (delimiter === '') {
    const totals = ref === 'c1' ? { objects: 2, bytes: 1024 } : { objects: 3, bytes: 4096 };
    return { prefix, delimiter, totals, children: [], others: none, ...(staged ? { staged } : {}) };
  }
  if (empty) return { prefix, delimiter, totals: { objects: 0, bytes: 0 }, children: [], others: none, staged: clean };
  const children: PrefixUsage['children'] =
    prefix === 'images/'
      ? [{ path: 'images/cat.png', type: 'object', objects: 1, bytes: 3072 }]
      : [
          { path: 'images/', type: 'common_prefix', objects: 1, bytes: 3072 },
          { path: 'readme.md', type: 'object', objects: 2, bytes: 1024 },
        ];
  const totals = children.reduce((t, c) => ({ objects: t.objects + c.objects, bytes: t.bytes + c.bytes }), { objects: 0, bytes: 0 });
  return { prefix, delimiter, totals, children, others: none, staged: clean };
}

let empty = false;
let growthFails = 0;

fakeApi(
  signedInAs(() => ({ id: 'ada', friendly_name: 'Ada', creation_date: 1 })),
  http.get('*/api/v1/config', () => HttpResponse.json<Config>({ version_config: { version: '1' }, storage_config: localBlockstore })),
  setUp(),
  http.get<{ repo: string }, never, Repository | ErrorBody>('*/api/v1/repositories/:repo', ({ params }) =>
    params.repo === 'lake' ? HttpResponse.json<Repository>(lake) : notFound('repository not found'),
  ),
  http.get<{ branch: string }, never, Ref | ErrorBody>('*/api/v1/repositories/lake/branches/:branch', ({ params }) =>
    params.branch === 'main' || params.branch === 'dev' ? HttpResponse.json<Ref>({ id: params.branch, commit_id: 'c2' }) : notFound('branch not found'),
  ),
  http.get('*/api/v1/repositories/lake/branches', () => HttpResponse.json<RefList>(page([{ id: 'dev', commit_id: 'c2' }, { id: 'main', commit_id: 'c2' }]))),
  http.get<never, never, CommitList | ErrorBody>('*/api/v1/repositories/lake/refs/main/commits', () => {
    if (growthFails > 0) {
      growthFails--;
      return failure(500, 'commit log unavailable');
    }
    return HttpResponse.json<CommitList>(
      page([
        { id: 'c2', parents: ['c1'], committer: 'ada', message: 'more', creation_date: 20, meta_range_id: '' },
        { id: 'c1', parents: [], committer: 'ada', message: 'first', creation_date: 10, meta_range_id: '' },
      ]),
    );
  }),
  http.get<{ ref: string }, never, PrefixUsage>('*/api/v1/repositories/lake/refs/:ref/usage', ({ params, request }) => {
    const url = new URL(request.url);
    return HttpResponse.json<PrefixUsage>(usageOf(params.ref, url.searchParams.get('prefix') ?? '', url.searchParams.get('delimiter') ?? '/'));
  }),
  http.get('*/api/v1/repositories/lake/tags/:tag', () => notFound('tag not found')),
  elseNotFound,
);

afterEach(() => {
  empty = false;
  growthFails = 0;
});

describe('Insights', () => {
  it('draws the sizes of the prefix’s children and opens a folder into the URL', async () => {
    const { router } = renderApp('/repositories/lake/insights?ref=main');
    const map = await screen.findByRole('list', { name: 'Sizes under the root' }, { timeout: 5000 });
    const folder = within(map).getByRole('button', { name: 'images/ 3.0 KB in 1 object, folder: open' });
    expect(within(map).getByRole('link', { name: 'readme.md 1.0 KB in 2 objects, object: open' }).getAttribute('href')).toBe(
      '/repositories/lake/object?ref=main&path=readme.md',
    );
    fireEvent.click(folder);
    await waitFor(() => expect(router.state.location.search).toMatchObject({ ref: 'main', prefix: 'images/' }), { timeout: 5000 });
    expect(await screen.findByRole('list', { name: 'Sizes under images/' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText('Under images/: 3.0 KB in 1 object')).toBeVisible();
  });

  it('says what to do when the ref holds nothing', async () => {
    empty = true;
    renderApp('/repositories/lake/insights?ref=main');
    expect(await screen.findByText('Nothing stored here', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText('main holds no objects yet. Upload or import data from the Objects tab, and its sizes show here.')).toBeVisible();
  });

  it('shows a failed growth read with its reason, and retries it', async () => {
    growthFails = 1;
    renderApp('/repositories/lake/insights?ref=main');
    expect(await screen.findByText('Could not count the growth', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText(/commit log unavailable/)).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: /retry/i }));
    expect(await screen.findByRole('img', { name: 'Bytes at the last 2 commits: from 1.0 KB to 4.0 KB' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('img', { name: 'Objects at the last 2 commits: from 2 to 3' })).toBeVisible();
  });

  it('lists each branch’s uncommitted volume, the most data written first', async () => {
    renderApp('/repositories/lake/insights?ref=main');
    const table = await screen.findByRole('table', { name: 'Uncommitted volume per branch' }, { timeout: 5000 });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['dev', '2', '0', '0', '2.0 KB', '+2', '+2.0 KB'],
      ['mainno uncommitted changes', '0', '0', '0', '0 B', '0', '0 B'],
    ]);
  });
});
