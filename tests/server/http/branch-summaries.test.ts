// The branch summaries (GET /repositories/{repository}/branches_summary, Tarn's own) over real HTTP: each branch of
// the listing's page with its head's date, its commits ahead of and behind the default branch, and whether it is
// merged; paged as listBranches pages; refused where listing branches is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BranchSummaryList, Commit, ErrorBody, RefList } from '../../../server/http/wire';
import { addUser, client, startWithAdmin, type Client, type TestServer } from './harness';

let server: TestServer;
let api: Client;
const repo = 'summaries';

async function commit(branch: string, message: string): Promise<Commit> {
  expect((await api.upload(repo, branch, `${branch}/${message}.txt`, message)).status).toBe(201);
  const res = await api.post<Commit>(`/repositories/${repo}/branches/${branch}/commits`, { message });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function branch(name: string, source: string, extra: Record<string, unknown> = {}): Promise<void> {
  const res = await api.post(`/repositories/${repo}/branches`, { name, source, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

async function summaries(query = ''): Promise<BranchSummaryList> {
  const res = await api.get<BranchSummaryList>(`/repositories/${repo}/branches_summary${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

let fixHead: Commit;

beforeAll(async () => {
  ({ server, api } = await startWithAdmin());
  expect((await api.post('/repositories', { name: repo, storage_namespace: `local://${repo}` })).status).toBe(201);
  // main: created - m1 - merge(fix) - m2; fix from m1: f1 - f2 (merged, then one more: f3);
  // wip from m1: w1 (unmerged); fresh from main's head; a hidden branch.
  await commit('main', 'm1');
  await branch('fix', 'main');
  await branch('wip', 'main');
  await commit('fix', 'f1');
  await commit('fix', 'f2');
  expect((await api.post(`/repositories/${repo}/refs/fix/merge/main`, { message: 'merge fix' })).status).toBe(200);
  await commit('main', 'm2');
  await branch('merged-fix', 'fix');
  fixHead = await commit('fix', 'f3');
  await commit('wip', 'w1');
  await branch('fresh', 'main');
  await branch('shadow', 'main', { hidden: true });
});
afterAll(async () => {
  await server.close();
});

describe('branch summaries', () => {
  it('tell each branch’s distance from the default branch, its head’s date, and whether it is merged', async () => {
    const answer = await summaries();
    expect(answer.default_branch).toBe('main');
    const listed = (await api.get<RefList>(`/repositories/${repo}/branches`)).body;
    expect(answer.results.map((b) => [b.id, b.commit_id])).toEqual(listed.results.map((b) => [b.id, b.commit_id]));
    const rows = Object.fromEntries(answer.results.map(({ id, ahead, behind, ahead_capped, behind_capped, merged }) => [id, { ahead, behind, ahead_capped, behind_capped, merged }]));
    const row = (ahead: number, behind: number, merged: boolean) => ({ ahead, behind, ahead_capped: false, behind_capped: false, merged });
    expect(rows).toEqual({
      main: row(0, 0, false),
      // f3 is new; main's merge commit and m2 are not on fix.
      fix: row(1, 2, false),
      // Its commits all reached main through the merge.
      'merged-fix': row(0, 2, true),
      wip: row(1, 4, false),
      fresh: row(0, 0, true),
    });
    const fix = answer.results.find((b) => b.id === 'fix');
    expect(fix?.commit_creation_date).toBe(fixHead.creation_date);
    expect(answer.pagination).toEqual({ has_more: false, next_offset: '', results: 5, max_per_page: 1000 });
  });

  it('page and filter as the branch listing does', async () => {
    const first = await summaries('?amount=2');
    expect(first.results.map((b) => b.id)).toEqual(['fix', 'fresh']);
    expect(first.pagination).toMatchObject({ has_more: true, next_offset: 'fresh', results: 2 });
    expect((await summaries('?after=fresh&amount=2')).results.map((b) => b.id)).toEqual(['main', 'merged-fix']);
    expect((await summaries('?prefix=m')).results.map((b) => b.id)).toEqual(['main', 'merged-fix']);
    expect((await summaries('?prefix=none')).results).toEqual([]);
  });

  it('refuses a bad page size and an unknown repository', async () => {
    const tooMany = await api.get<ErrorBody>(`/repositories/${repo}/branches_summary?amount=1001`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('parameter "amount" in query has an error: number must be at most 1000');
    expect((await api.get('/repositories/nowhere/branches_summary')).status).toBe(404);
  });

  it('needs what listing branches needs: fs:ListBranches on the repository', async () => {
    const resource = `arn:lakefs:fs:::repository/${repo}`;
    expect((await api.post('/auth/policies', { id: 'ListOnly', statement: [{ effect: 'allow', action: ['fs:ListBranches'], resource }] })).status).toBe(201);
    expect((await api.post('/auth/policies', { id: 'ReadOnly', statement: [{ effect: 'allow', action: ['fs:ReadCommit'], resource }] })).status).toBe(201);
    const lister = client(server, (await addUser(api, 'lister', { policies: ['ListOnly'] })).authorization);
    const reader = client(server, (await addUser(api, 'reader', { policies: ['ReadOnly'] })).authorization);
    expect((await lister.get(`/repositories/${repo}/branches_summary`)).status).toBe(200);
    const denied = await reader.get<ErrorBody>(`/repositories/${repo}/branches_summary`);
    expect(denied.status).toBe(401);
    expect(denied.body.message).toBe(`insufficient permissions: not allowed to fs:ListBranches on ${resource}`);
  });
});
