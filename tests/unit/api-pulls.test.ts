import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MergeConflictError, NotFoundError } from '../../src/api/client';
import { createPullRequest, getPullRequest, listPullRequests, mergePullRequest, updatePullRequest } from '../../src/api/pulls';
import type { PullRequest } from '../../src/api/types';

const base = 'http://localhost/api/v1/repositories/my%20lake/pulls';
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const pull: PullRequest = {
  id: '1',
  status: 'open',
  title: 'Add lakes',
  description: '',
  creation_date: '2026-03-10T10:00:00Z',
  author: 'alice',
  source_branch: 'dev',
  destination_branch: 'main',
};

describe('pulls client', () => {
  it('lists by status with the paging parameters', async () => {
    let url: URL | undefined;
    server.use(
      http.get(base, ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json({ results: [pull], pagination: { has_more: false, next_offset: '', results: 1, max_per_page: 1000 } });
      }),
    );
    const page = await listPullRequests('my lake', { status: 'closed', after: '4', amount: 50 });
    expect(page.results).toEqual([pull]);
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({ status: 'closed', after: '4', amount: '50' });
  });

  it('creates with the creation body and answers the new id (201)', async () => {
    let body: unknown;
    server.use(
      http.post(base, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: '9' }, { status: 201 });
      }),
    );
    const creation = { title: 'Add lakes', description: 'two', source_branch: 'dev', destination_branch: 'main' };
    expect(await createPullRequest('my lake', creation)).toBe('9');
    expect(body).toEqual(creation);
  });

  it('reads one pull request, a missing one as NotFoundError', async () => {
    server.use(
      http.get(`${base}/1`, () => HttpResponse.json(pull)),
      http.get(`${base}/2`, () => HttpResponse.json({ message: 'pull request not found' }, { status: 404 })),
    );
    expect(await getPullRequest('my lake', '1')).toEqual(pull);
    await expect(getPullRequest('my lake', '2')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('patches status, title and description (204)', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.patch(`${base}/1`, async ({ request }) => {
        bodies.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await updatePullRequest('my lake', '1', { status: 'closed' });
    await updatePullRequest('my lake', '1', { title: 'New', description: 'Text' });
    expect(bodies).toEqual([{ status: 'closed' }, { title: 'New', description: 'Text' }]);
  });

  it('merges with PUT and the merge body, resolutions only when there are some', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.put(`${base}/1/merge`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ reference: 'c0ffee' });
      }),
    );
    expect(await mergePullRequest('my lake', '1')).toEqual({ reference: 'c0ffee' });
    await mergePullRequest('my lake', '1', { strategy: 'dest-wins', message: 'm', metadata: { k: 'v' }, conflictResolutions: { 'a.csv': 'source' } });
    expect(bodies).toEqual([
      { strategy: '', message: '', metadata: {} },
      { strategy: 'dest-wins', message: 'm', metadata: { k: 'v' }, conflict_resolutions: { 'a.csv': 'source' } },
    ]);
  });

  it('answers a conflict as the branch merge does: the listed paths, or none', async () => {
    const conflicts = [{ path: 'a.csv', source: null, dest: { size_bytes: 3, mtime: 1, checksum: 'c', content_type: 'text/csv' } }];
    server.use(
      http.put(`${base}/1/merge`, () => HttpResponse.json({ message: 'conflict found', reference: '', conflicts }, { status: 409 })),
      http.put(`${base}/2/merge`, () => HttpResponse.json({ message: 'conflict found' }, { status: 409 })),
    );
    const listed = await mergePullRequest('my lake', '1').catch((e: unknown) => e);
    expect(listed).toBeInstanceOf(MergeConflictError);
    expect((listed as MergeConflictError).conflicts).toEqual(conflicts);
    const bare = await mergePullRequest('my lake', '2').catch((e: unknown) => e);
    expect(bare).toBeInstanceOf(MergeConflictError);
    expect((bare as MergeConflictError).conflicts).toEqual([]);
  });
});
