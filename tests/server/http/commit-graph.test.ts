// The commit graph (GET /repositories/{repository}/graph) over real HTTP: every commit reachable from a visible
// branch or a tag, once, children before parents; pages joined by the cursor equal one big page; a cursor that this
// server did not write is a 400; the call needs the right to read commits and to list branches and tags.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Commit, ErrorBody } from '../../../server/http/wire';
import { addUser, client, startWithAdmin, type Client, type Page, type TestServer } from './harness';

let server: TestServer;
let api: Client;
const repo = 'graph';

async function commit(branch: string, message: string): Promise<Commit> {
  await api.upload(repo, branch, `${branch}/${message}.txt`, message);
  const res = await api.post<Commit>(`/repositories/${repo}/branches/${branch}/commits`, { message });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function branch(name: string, source: string, extra: Record<string, unknown> = {}): Promise<void> {
  const res = await api.post(`/repositories/${repo}/branches`, { name, source, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

async function graphPage(query: string): Promise<Page<Commit>> {
  const res = await api.get<Page<Commit>>(`/repositories/${repo}/graph${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** The whole graph fetched `amount` commits at a time, following the cursor. */
async function wholeGraph(amount: number): Promise<Commit[]> {
  const commits: Commit[] = [];
  let after = '';
  for (;;) {
    const page = await graphPage(`?amount=${amount}${after ? `&after=${after}` : ''}`);
    expect(page.results.length).toBeLessThanOrEqual(amount);
    commits.push(...page.results);
    if (!page.pagination.has_more) {
      expect(page.pagination.next_offset).toBe('');
      return commits;
    }
    expect(page.results).toHaveLength(amount);
    after = page.pagination.next_offset;
  }
}

/** The union of the logs of these refs, by id: what the graph must hold. */
async function reachableFrom(refs: string[]): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const ref of refs) {
    const log = await api.get<Page<Commit>>(`/repositories/${repo}/refs/${ref}/commits?amount=1000`);
    expect(log.body.pagination.has_more).toBe(false);
    for (const c of log.body.results) ids.add(c.id);
  }
  return ids;
}

const messages = (commits: Commit[]) => commits.map((c) => c.message);
let hiddenOnly: Commit;
let tagOnly: Commit;

beforeAll(async () => {
  ({ server, api } = await startWithAdmin());
  expect((await api.post('/repositories', { name: repo, storage_namespace: `local://${repo}` })).status).toBe(201);
  // main:  Repository created - m1 - m2 - merge(feature) - m3
  // feature from m1: f1 - f2 (merged); dev from m2: d1 (unmerged); a tag on a commit no branch reaches any more;
  // a hidden branch's own commit.
  await commit('main', 'm1');
  await branch('feature', 'main');
  await commit('feature', 'f1');
  await commit('main', 'm2');
  await commit('feature', 'f2');
  await branch('dev', 'main');
  await commit('dev', 'd1');
  const merged = await api.post(`/repositories/${repo}/refs/feature/merge/main`, { message: 'merge feature' });
  expect(merged.status).toBe(200);
  await commit('main', 'm3');
  await branch('tmp', 'dev');
  tagOnly = await commit('tmp', 't1');
  expect((await api.post(`/repositories/${repo}/tags`, { id: 'kept', ref: tagOnly.id })).status).toBe(201);
  expect((await api.post(`/repositories/${repo}/tags`, { id: 'v1', ref: 'main~1' })).status).toBe(201);
  expect((await api.delete(`/repositories/${repo}/branches/tmp`)).status).toBe(204);
  await branch('shadow', 'main', { hidden: true });
  hiddenOnly = await commit('shadow', 'h1');
});
afterAll(async () => {
  await server.close();
});

describe('commit graph', () => {
  it('holds every commit reachable from a visible branch or a tag, once', async () => {
    const graph = (await graphPage('?amount=1000')).results;
    const ids = graph.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(await reachableFrom(['main', 'feature', 'dev', 'kept', 'v1']));
    expect(ids).toContain(tagOnly.id);
    // A hidden branch is not listed, so the graph does not start from it.
    expect(ids).not.toContain(hiddenOnly.id);
  });

  it('puts every commit before its parents, newest generation first', async () => {
    const graph = (await graphPage('?amount=1000')).results;
    const position = new Map(graph.map((c, i) => [c.id, i]));
    for (const [i, c] of graph.entries()) {
      for (const parent of c.parents) expect(position.get(parent), `${c.message} before its parent`).toBeGreaterThan(i);
      const next = graph[i + 1];
      if (next) expect(c.generation).toBeGreaterThanOrEqual(next.generation ?? 0);
    }
    expect(messages(graph).at(-1)).toBe('Repository created');
    expect(messages(graph)[0]).toBe('m3');
  });

  it('shows a merge with both of its parents', async () => {
    const graph = (await graphPage('')).results;
    const merge = graph.find((c) => c.message === 'merge feature');
    const [first, second] = merge?.parents ?? [];
    expect(graph.find((c) => c.id === first)?.message).toBe('m2');
    expect(graph.find((c) => c.id === second)?.message).toBe('f2');
  });

  it('pages by cursor to exactly the one big page', async () => {
    const big = (await graphPage('?amount=1000')).results;
    for (const amount of [1, 2, 3, 5]) expect(messages(await wholeGraph(amount)), `pages of ${amount}`).toEqual(messages(big));
    const first = await graphPage('?amount=2');
    expect(first.pagination).toMatchObject({ has_more: true, results: 2, max_per_page: 1000 });
    expect(first.pagination.next_offset).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('answers 100 commits by default and at most 1000', async () => {
    expect((await graphPage('')).results.length).toBe((await graphPage('?amount=1000')).results.length);
    expect((await api.get(`/repositories/${repo}/graph?amount=1001`)).status).toBe(400);
    expect((await graphPage('?amount=0')).pagination.max_per_page).toBe(1000);
  });

  it('refuses a cursor it did not write with 400', async () => {
    const unknown = Buffer.alloc(32, 7).toString('base64url');
    const bad = [
      'not a cursor',
      'abc',
      Buffer.alloc(31).toString('base64url'),
      // Right length, but with stray bits in the last character: not the canonical text of any bytes.
      `${unknown.slice(0, -1)}x`,
    ];
    for (const after of bad) {
      const res = await api.get<ErrorBody>(`/repositories/${repo}/graph?after=${encodeURIComponent(after)}`);
      expect(res.status, after).toBe(400);
      expect(res.body.message).toMatch(/^parameter "after" in query has an error: /);
    }
    const missing = await api.get<ErrorBody>(`/repositories/${repo}/graph?after=${unknown}`);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(`after: commit ${'07'.repeat(32)} is not in the repository`);
    expect((await api.get(`/repositories/${repo}/graph?amount=many`)).status).toBe(400);
    expect((await api.get('/repositories/nowhere/graph')).status).toBe(404);
  });

  it('needs fs:ReadCommit, fs:ListBranches and fs:ListTags on the repository', async () => {
    const resource = `arn:lakefs:fs:::repository/${repo}`;
    const grant = async (id: string, actions: string[]) => {
      expect((await api.post('/auth/policies', { id, statement: [{ effect: 'allow', action: actions, resource }] })).status).toBe(201);
    };
    await grant('GraphAll', ['fs:ReadCommit', 'fs:ListBranches', 'fs:ListTags']);
    await grant('GraphNoTags', ['fs:ReadCommit', 'fs:ListBranches']);
    const allowed = client(server, (await addUser(api, 'grapher', { policies: ['GraphAll'] })).authorization);
    const refused = client(server, (await addUser(api, 'tagless', { policies: ['GraphNoTags'] })).authorization);
    expect((await allowed.get(`/repositories/${repo}/graph`)).status).toBe(200);
    const denied = await refused.get<ErrorBody>(`/repositories/${repo}/graph`);
    expect(denied.status).toBe(401);
    expect(denied.body.message).toContain('fs:ListTags');
  });
});
