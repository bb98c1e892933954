// Defect 5 of the security review: with many clients committing to one branch, a caller sometimes got another
// caller's commit (its id and message) with 201. Each successful call must answer the commit it made; a call whose
// staged changes were all taken by a concurrent commit answers 400 "no changes".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Commit as CommitJson, ErrorBody } from '../../../server/http/wire';
import { retryingBusy } from '../retrying-busy';
import { startWithAdmin, type Client, type Page, type TestServer } from './harness';

const clients = 32;
const rounds = 3;
const repo = 'race';

interface Outcome {
  path: string;
  message: string;
  status: number;
  body: CommitJson | ErrorBody;
}

let server: TestServer;
let api: Client;

beforeAll(async () => {
  ({ server, api } = await startWithAdmin());
  expect((await api.post('/repositories', { name: repo, storage_namespace: `local://${repo}` })).status).toBe(201);
});
afterAll(async () => {
  await server.close();
});

/** One client: for each round, upload its own file, then commit with its own message. */
async function runClient(client: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (let round = 0; round < rounds; round++) {
    const path = `client-${client}/round-${round}.txt`;
    const message = `client ${client} round ${round}`;
    // A staging write that loses the race to sealing commits too often answers 429, which a client retries.
    const upload = await retryingBusy(() => api.upload(repo, 'main', path, `${client}.${round}`));
    expect(upload.status, path).toBe(201);
    const res = await api.post<CommitJson | ErrorBody>(`/repositories/${repo}/branches/main/commits`, { message });
    outcomes.push({ path, message, status: res.status, body: res.body });
  }
  return outcomes;
}

/** Paths a commit added relative to its first parent. */
async function pathsAddedBy(commit: CommitJson): Promise<string[]> {
  const parent = commit.parents[0];
  expect(parent, `commit ${commit.id} has a parent`).toBeDefined();
  const res = await api.get<Page<{ path: string; type: string }>>(`/repositories/${repo}/refs/${parent}/diff/${commit.id}?type=two_dot&amount=1000`);
  expect(res.status).toBe(200);
  expect(res.body.pagination.has_more).toBe(false);
  return res.body.results.map((d) => d.path);
}

async function history(): Promise<Set<string>> {
  const ids = new Set<string>();
  let after = '';
  for (;;) {
    const res = await api.get<Page<CommitJson>>(`/repositories/${repo}/refs/main/commits?amount=1000&after=${after}`);
    for (const c of res.body.results) ids.add(c.id);
    if (!res.body.pagination.has_more) return ids;
    after = res.body.pagination.next_offset;
  }
}

describe('defect 5: concurrent commits on one branch', () => {
  it('each call answers its own commit, or 400 "no changes" when another call took its changes', async () => {
    const outcomes = (await Promise.all(Array.from({ length: clients }, (_, c) => runClient(c)))).flat();
    expect(outcomes).toHaveLength(clients * rounds);

    const acknowledged = outcomes.filter((o) => o.status === 201);
    const refused = outcomes.filter((o) => o.status !== 201);
    expect(acknowledged.length).toBeGreaterThan(0);

    // Every 201 carries the caller's own message, and no commit is handed to two callers.
    for (const o of acknowledged) expect((o.body as CommitJson).message, o.path).toBe(o.message);
    const ids = acknowledged.map((o) => (o.body as CommitJson).id);
    expect(new Set(ids).size).toBe(ids.length);

    // Every refusal is "no changes".
    for (const o of refused) expect({ status: o.status, body: o.body }, o.path).toEqual({ status: 400, body: { message: 'no changes' } });

    // Each uploaded file went in with exactly one acknowledged commit, so a refused call's file was committed by
    // another call.
    const committedBy = new Map<string, string>();
    for (const o of acknowledged) {
      const commit = o.body as CommitJson;
      for (const path of await pathsAddedBy(commit)) {
        expect(committedBy.get(path), `${path} committed twice`).toBeUndefined();
        committedBy.set(path, commit.id);
      }
    }
    for (const o of outcomes) expect(committedBy.has(o.path), `${o.path} is in an acknowledged commit`).toBe(true);
    for (const o of refused) expect(committedBy.get(o.path)).not.toBeUndefined();
    expect(committedBy.size).toBe(clients * rounds);

    // History holds every acknowledged commit, and nothing is left uncommitted.
    const log = await history();
    for (const id of ids) expect(log.has(id), id).toBe(true);
    const uncommitted = await api.get<Page<unknown>>(`/repositories/${repo}/branches/main/diff`);
    expect(uncommitted.body.results).toEqual([]);
  });
});
