// Pull requests (lakeFS's pulls API): create, read, edit, close and reopen, list with the status filter and paging,
// merge as the merge call merges (conflicts, resolutions, read-only repositories, permissions on the destination),
// and their records going with their repository.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Commit,
  ErrorBody,
  MergeConflict,
  MergeResult,
  PullRequest,
  PullRequestCreationResponse,
  PullRequestsList,
} from '../../../server/http/wire';
import { addUser, client, objectPath, startWithAdmin, type Client, type TestServer } from './harness';

let server: TestServer;
let api: Client;

const pulls = (repo: string) => `/repositories/${repo}/pulls`;

async function ok<T>(answer: Promise<{ status: number; body: T }>, status = 201): Promise<T> {
  const res = await answer;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

async function newRepository(name: string, namespace = name): Promise<void> {
  await ok(api.post('/repositories', { name, storage_namespace: `local://${namespace}` }));
  await ok(api.upload(name, 'main', 'base.txt', 'base'));
  await ok(api.post(`/repositories/${name}/branches/main/commits`, { message: 'base' }));
}

/** A branch off main with one committed file of its own. */
async function branchWith(repo: string, branch: string, path: string, content: string): Promise<void> {
  await ok(api.post(`/repositories/${repo}/branches`, { name: branch, source: 'main' }));
  await ok(api.upload(repo, branch, path, content));
  await ok(api.post(`/repositories/${repo}/branches/${branch}/commits`, { message: `${branch} work` }));
}

async function open(repo: string, source: string, title = `merge ${source}`): Promise<string> {
  const created = await ok(api.post<PullRequestCreationResponse>(pulls(repo), { title, source_branch: source, destination_branch: 'main' }));
  return created.id;
}

const get = async (repo: string, id: string) => ok(api.get<PullRequest>(`${pulls(repo)}/${id}`), 200);

beforeAll(async () => {
  ({ server, api } = await startWithAdmin());
  await newRepository('prs');
});
afterAll(async () => {
  await server.close();
});

describe('lifecycle', () => {
  it('creates an open pull request authored by the caller', async () => {
    await branchWith('prs', 'feature', 'feature.txt', 'from feature');
    const created = await api.post<PullRequestCreationResponse>(pulls('prs'), {
      title: 'Add the feature',
      description: 'It **adds** a file.',
      source_branch: 'feature',
      destination_branch: 'main',
    });
    expect(created.status).toBe(201);
    const pr = await get('prs', created.body.id);
    expect(pr).toEqual({
      id: created.body.id,
      status: 'open',
      title: 'Add the feature',
      description: 'It **adds** a file.',
      creation_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      author: 'admin',
      source_branch: 'feature',
      destination_branch: 'main',
    });
    expect(Math.abs(Date.parse(pr.creation_date) - Date.now())).toBeLessThan(60_000);
  });

  it('edits, closes and reopens; merging sets the commit and the closing date, and ends its changes of status', async () => {
    await branchWith('prs', 'cycle', 'cycle.txt', 'from cycle');
    const id = await open('prs', 'cycle');
    await patch('prs', id, { title: 'Cycle', description: 'new words' }, 200);
    expect(await get('prs', id)).toMatchObject({ title: 'Cycle', description: 'new words', status: 'open' });

    await patch('prs', id, { status: 'closed' }, 200);
    const closed = await get('prs', id);
    expect(closed.status).toBe('closed');
    expect(Date.parse(closed.closed_date ?? '')).toBeGreaterThan(0);
    await patch('prs', id, { status: 'open' }, 200);
    const reopened = await get('prs', id);
    expect(reopened.status).toBe('open');
    expect(reopened.closed_date).toBeUndefined();

    const merged = await ok(api.put<MergeResult>(`${pulls('prs')}/${id}/merge`), 200);
    const pr = await get('prs', id);
    expect(pr).toMatchObject({ status: 'merged', merged_commit_id: merged.reference });
    expect(Date.parse(pr.closed_date ?? '')).toBeGreaterThan(0);
    const head = await ok(api.get<Commit>(`/repositories/prs/commits/${merged.reference}`), 200);
    expect(head.message).toBe(`Merge pull request ${id}: Cycle`);
    expect((await api.get<string>(objectPath('prs', 'main', 'cycle.txt'))).body).toBe('from cycle');

    for (const status of ['closed', 'open']) {
      expect((await patch('prs', id, { status }, 400)).message).toBe('pull request is already merged: it can no longer be closed or reopened');
    }
    const again = await api.put<ErrorBody>(`${pulls('prs')}/${id}/merge`);
    expect(again).toMatchObject({ status: 400, body: { message: 'pull request is already merged' } });
    await patch('prs', id, { title: 'Cycle (done)' }, 200);
    expect(await get('prs', id)).toMatchObject({ title: 'Cycle (done)', status: 'merged' });
  });

  it('refuses `merged` by PATCH and merging a closed pull request', async () => {
    await branchWith('prs', 'shut', 'shut.txt', 'shut');
    const id = await open('prs', 'shut');
    expect((await patch('prs', id, { status: 'merged' }, 400)).message).toBe('a pull request becomes merged only by merging it');
    await patch('prs', id, { status: 'closed' }, 200);
    const refused = await api.put<ErrorBody>(`${pulls('prs')}/${id}/merge`, {});
    expect(refused).toMatchObject({ status: 400, body: { message: 'pull request is closed: reopen it to merge' } });
    expect((await api.get(objectPath('prs', 'main', 'shut.txt'))).status).toBe(404);
  });
});

async function patch(repo: string, id: string, body: unknown, status: number): Promise<ErrorBody> {
  const res = await api.raw(`${pulls(repo)}/${id}`, { method: 'PATCH', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  expect(res.status).toBe(status);
  if (status !== 200) return (await res.json()) as ErrorBody;
  // lakeFS's empty 200.
  expect(await res.text()).toBe('');
  return { message: '' };
}

describe('errors', () => {
  it('names a missing branch, and refuses a pull request from a branch to itself', async () => {
    const create = (source: string, destination: string) =>
      api.post<ErrorBody>(pulls('prs'), { title: 't', source_branch: source, destination_branch: destination });
    expect(await create('nope', 'main')).toMatchObject({ status: 404, body: { message: 'source branch not found: nope' } });
    expect(await create('feature', 'gone')).toMatchObject({ status: 404, body: { message: 'destination branch not found: gone' } });
    expect(await create('main', 'main')).toMatchObject({ status: 400, body: { message: 'source and destination branches must differ' } });
    expect((await api.post<ErrorBody>('/repositories/none/pulls', { title: 't', source_branch: 'a', destination_branch: 'b' })).status).toBe(404);
  });

  it('refuses bodies without a title or branches, and unknown statuses', async () => {
    const missingTitle = await api.post<ErrorBody>(pulls('prs'), { title: ' ', source_branch: 'feature', destination_branch: 'main' });
    expect(missingTitle.status).toBe(400);
    expect(missingTitle.body.message).toContain('title is required');
    expect((await api.post<ErrorBody>(pulls('prs'), { title: 't', destination_branch: 'main' })).body.message).toContain('source_branch is required');
    expect((await api.get<ErrorBody>(`${pulls('prs')}?status=merged`)).status).toBe(400);
    const id = await open('prs', 'feature');
    expect((await patch('prs', id, { status: 'done' }, 400)).message).toContain('status must be open, closed or merged');
    expect((await patch('prs', id, { title: '' }, 400)).message).toContain('title must not be empty');
  });

  it('answers 404 for a pull request that does not exist', async () => {
    expect(await api.get<ErrorBody>(`${pulls('prs')}/nothing`)).toMatchObject({ status: 404, body: { message: 'pull request not found' } });
    expect((await patch('prs', 'nothing', { title: 'x' }, 404)).message).toBe('pull request not found');
    expect((await api.put<ErrorBody>(`${pulls('prs')}/nothing/merge`)).status).toBe(404);
  });
});

describe('listing', () => {
  it('lists in creation order, filtered by status (closed includes merged), in pages', async () => {
    await newRepository('listed');
    const ids: string[] = [];
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      await ok(api.post('/repositories/listed/branches', { name, source: 'main' }));
      ids.push(await open('listed', name, `pull ${name}`));
    }
    expect([...ids].sort()).toEqual(ids);
    await patch('listed', ids[1] as string, { status: 'closed' }, 200);
    await branchWith('listed', 'merging', 'm.txt', 'm');
    const mergedId = await open('listed', 'merging');
    await ok(api.put(`${pulls('listed')}/${mergedId}/merge`), 200);

    const list = async (query: string) => (await ok(api.get<PullRequestsList>(`${pulls('listed')}${query}`), 200));
    const idsOf = (page: PullRequestsList) => page.results.map((p) => p.id);
    expect(idsOf(await list(''))).toEqual([...ids, mergedId]);
    expect(idsOf(await list('?status=all'))).toEqual([...ids, mergedId]);
    expect(idsOf(await list('?status=open'))).toEqual([ids[0], ids[2], ids[3], ids[4]]);
    expect((await list('?status=closed')).results.map((p) => [p.id, p.status])).toEqual([
      [ids[1], 'closed'],
      [mergedId, 'merged'],
    ]);

    const first = await list('?status=open&amount=2');
    expect(idsOf(first)).toEqual([ids[0], ids[2]]);
    expect(first.pagination).toMatchObject({ has_more: true, next_offset: ids[2], results: 2 });
    const second = await list(`?status=open&amount=2&after=${first.pagination.next_offset}`);
    expect(idsOf(second)).toEqual([ids[3], ids[4]]);
    expect(second.pagination.has_more).toBe(false);
    expect(idsOf(await list(`?prefix=${ids[4]}`))).toEqual([ids[4]]);
  });
});

describe('merging', () => {
  it('answers a conflict as the merge call does, and merges once it is settled', async () => {
    await newRepository('clash');
    await branchWith('clash', 'theirs', 'shared.txt', 'theirs');
    await ok(api.upload('clash', 'main', 'shared.txt', 'ours'));
    await ok(api.post('/repositories/clash/branches/main/commits', { message: 'ours' }));
    const id = await open('clash', 'theirs');

    const viaPull = await api.put<MergeConflict>(`${pulls('clash')}/${id}/merge`);
    const viaMerge = await api.post<MergeConflict>('/repositories/clash/refs/theirs/merge/main', {});
    expect(viaPull.status).toBe(409);
    expect(viaPull.body).toEqual(viaMerge.body);
    expect(viaPull.body.conflicts.map((c) => c.path)).toEqual(['shared.txt']);
    expect((await get('clash', id)).status).toBe('open');

    const merged = await ok(api.put<MergeResult>(`${pulls('clash')}/${id}/merge`, { conflict_resolutions: { 'shared.txt': 'source' }, message: 'settled' }), 200);
    expect((await api.get<string>(objectPath('clash', 'main', 'shared.txt'))).body).toBe('theirs');
    expect((await ok(api.get<Commit>(`/repositories/clash/commits/${merged.reference}`), 200)).message).toBe('settled');
    expect(await get('clash', id)).toMatchObject({ status: 'merged', merged_commit_id: merged.reference });
  });

  it('is refused on a read-only repository as the merge call is, and the pull request stays open', async () => {
    await newRepository('frozen');
    await branchWith('frozen', 'late', 'late.txt', 'late');
    const id = await open('frozen', 'late');
    await ok(api.put('/repositories/frozen/settings/read_only', { read_only: true }), 200);
    const viaPull = await api.put<ErrorBody>(`${pulls('frozen')}/${id}/merge`);
    const viaMerge = await api.post<ErrorBody>('/repositories/frozen/refs/late/merge/main', {});
    expect(viaMerge.status).toBeGreaterThanOrEqual(400);
    expect({ status: viaPull.status, body: viaPull.body }).toEqual({ status: viaMerge.status, body: viaMerge.body });
    expect((await get('frozen', id)).status).toBe('open');
  });
});

describe('permissions', () => {
  let viewer: Client;
  let developer: Client;
  let reviewer: Client;
  let id = '';

  beforeAll(async () => {
    await newRepository('guarded');
    await branchWith('guarded', 'work', 'work.txt', 'work');
    id = await open('guarded', 'work');
    viewer = client(server, (await addUser(api, 'vera', { groups: ['Viewers'] })).authorization);
    developer = client(server, (await addUser(api, 'dev', { groups: ['Developers'] })).authorization);
    // Every pr: action, and reading the repository, but no commit on a branch.
    const statement = [{ effect: 'allow', action: ['pr:*', 'fs:Read*', 'fs:List*'], resource: '*' }];
    await ok(api.post('/auth/policies', { id: 'PullsOnly', statement }));
    reviewer = client(server, (await addUser(api, 'rita', { policies: ['PullsOnly'] })).authorization);
  });

  it('lists and reads with pr:ListPullRequests and pr:ReadPullRequest; writes with pr:WritePullRequest', async () => {
    const listing = await viewer.get<ErrorBody>(pulls('guarded'));
    expect(listing.status).toBe(401);
    expect(listing.body.message).toContain('pr:ListPullRequests');
    expect((await viewer.get<ErrorBody>(`${pulls('guarded')}/${id}`)).body.message).toContain('pr:ReadPullRequest');
    const created = await viewer.post<ErrorBody>(pulls('guarded'), { title: 't', source_branch: 'work', destination_branch: 'main' });
    expect(created.status).toBe(401);
    expect(created.body.message).toContain('pr:WritePullRequest');
    expect((await reviewer.get<PullRequestsList>(pulls('guarded'))).body.results).toHaveLength(1);
    const byReviewer = await reviewer.post<PullRequestCreationResponse>(pulls('guarded'), { title: 'r', source_branch: 'work', destination_branch: 'main' });
    expect(byReviewer.status).toBe(201);
    expect((await reviewer.get<PullRequest>(`${pulls('guarded')}/${byReviewer.body.id}`)).body.author).toBe('rita');
  });

  it('merging also needs what the merge call needs on the destination branch', async () => {
    const refused = await reviewer.put<ErrorBody>(`${pulls('guarded')}/${id}/merge`);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toContain('fs:CreateCommit');
    expect(refused.body.message).toContain('branch/main');
    expect((await get('guarded', id)).status).toBe('open');
    const merged = await developer.put<MergeResult>(`${pulls('guarded')}/${id}/merge`);
    expect(merged.status).toBe(200);
    expect((await get('guarded', id)).status).toBe('merged');
    expect((await ok(api.get<Commit>(`/repositories/guarded/commits/${merged.body.reference}`), 200)).committer).toBe('dev');
  });
});

describe('repository deletion', () => {
  it('removes the repository’s pull requests with it', async () => {
    await newRepository('doomed');
    await branchWith('doomed', 'topic', 'topic.txt', 'topic');
    const id = await open('doomed', 'topic');
    expect((await api.delete('/repositories/doomed')).status).toBe(204);
    expect((await api.get(`${pulls('doomed')}/${id}`)).status).toBe(404);
    await newRepository('doomed', 'doomed-again');
    expect((await ok(api.get<PullRequestsList>(pulls('doomed')), 200)).results).toEqual([]);
    expect((await api.get<ErrorBody>(`${pulls('doomed')}/${id}`)).body.message).toBe('pull request not found');
  });
});
