// lakeFS's garbage-collection preparation over the real HTTP stack: a history with back-dated commits on branches
// with different retentions, a tag and a deleted branch; commits.csv must give each commit the verdict of the
// collector's rules (read back through the block store), at once and as a task; the staged data's listing must name
// exactly what is staged. A second part, on the store itself, pages the listing with a continuation token.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openLocalBlockStore, type BlockStore } from '../../../server/blockstore';
import { prepareGcUncommitted } from '../../../server/gc';
import { createGraveler, type Graveler } from '../../../server/graveler';
import type {
  Commit,
  GarbageCollectionPrepareResponse,
  ObjectStats,
  PrepareGarbageCollectionCommitsStatus,
  PrepareGCUncommittedResponse,
  TaskInfo,
} from '../../../server/http/wire';
import { openSqliteKv, type KvStore } from '../../../server/kv';
import { parseCsv } from '../../../server/sample-data/csv';
import { client, startWithAdmin, type Client, type TestServer } from './harness';

const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);
const NAMESPACE = 'local://lake';
const RUN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The key inside the namespace of a full URI the server answered. */
function keyOf(location: string, namespace = NAMESPACE): string {
  expect(location.startsWith(`${namespace}/`), location).toBe(true);
  return location.slice(namespace.length + 1);
}

async function readCsv(blocks: BlockStore, namespace: string, key: string): Promise<string[][]> {
  return parseCsv((await blocks.getBytes(namespace, key)).toString('utf8'));
}

describe('garbage-collection preparation over HTTP', () => {
  let server: TestServer;
  let api: Client;
  let blocks: BlockStore;
  /** Commit message → commit. */
  const commits = new Map<string, Commit>();
  /** What each commit's verdict must be, by message. */
  const expired = new Map<string, boolean>();
  /** Keys (in the namespace) of the data staged now, with their mtime. */
  const staged = new Map<string, number>();

  async function commit(branch: string, message: string, daysAgo: number): Promise<Commit> {
    await upload(branch, `${message}.txt`, message);
    const res = await api.post<Commit>(`/repositories/lake/branches/${branch}/commits`, { message, date: now - daysAgo * DAY });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    commits.set(message, res.body);
    return res.body;
  }

  async function upload(branch: string, path: string, content: string): Promise<ObjectStats> {
    const res = await api.upload<ObjectStats>('lake', branch, path, content);
    expect(res.status).toBe(201);
    return res.body;
  }

  async function stage(branch: string, path: string, content: string): Promise<void> {
    const stats = await upload(branch, path, content);
    staged.set(keyOf(stats.physical_address), stats.mtime);
  }

  /** commits.csv as commit id → [expired, metarange id], after checking its header. */
  async function commitsFile(prepared: GarbageCollectionPrepareResponse): Promise<Map<string, [string, string]>> {
    const key = keyOf(prepared.gc_commits_location);
    expect(key).toBe(`_lakefs/retention/gc/commits/run_id=${prepared.run_id}/commits.csv`);
    const [header, ...rows] = await readCsv(blocks, NAMESPACE, key);
    expect(header).toEqual(['commit_id', 'expired', 'metarange_id']);
    return new Map(rows.map(([id, verdict, metaRange]) => [id ?? '', [verdict ?? '', metaRange ?? '']]));
  }

  /** What commits.csv must hold: every commit of the repository with its verdict and metarange. */
  function expectedRows(): Map<string, [string, string]> {
    return new Map([...commits].map(([message, c]) => [c.id, [String(expired.get(message)), c.meta_range_id]]));
  }

  beforeAll(async () => {
    ({ server, api } = await startWithAdmin());
    blocks = openLocalBlockStore({ root: join(server.dataDir, 'blocks') });
    expect((await api.post('/repositories', { name: 'lake', storage_namespace: NAMESPACE })).status).toBe(201);
    expect((await api.post('/repositories', { name: 'bare', storage_namespace: 'local://bare' })).status).toBe(201);
    const rules = { default_retention_days: 7, branches: [{ branch_id: 'dev', retention_days: 30 }] };
    expect((await api.put('/repositories/lake/settings/gc_rules', rules)).status).toBe(204);

    // The repository's first commit is made now, so main's seven days keep it.
    const log = await api.get<{ results: Commit[] }>('/repositories/lake/refs/main/commits');
    const [created] = log.body.results;
    if (!created) throw new Error('the repository has no first commit');
    commits.set(created.message, created);
    expired.set(created.message, false);

    // main keeps 7 days: the 10-day-old commit goes, the head stays, the tag keeps the 50-day-old one.
    await commit('main', 'main 60 days ago', 60);
    expired.set('main 60 days ago', true);
    await commit('main', 'main 50 days ago, tagged', 50);
    expired.set('main 50 days ago, tagged', false);
    expect((await api.post('/repositories/lake/tags', { id: 'v1', ref: 'main' })).status).toBe(201);
    // dev keeps 30 days: its 20-day-old commit stays, though main's rule would not keep it.
    expect((await api.post('/repositories/lake/branches', { name: 'dev', source: 'main' })).status).toBe(201);
    await commit('dev', 'dev 20 days ago', 20);
    expired.set('dev 20 days ago', false);
    await commit('dev', 'dev 1 day ago', 1);
    expired.set('dev 1 day ago', false);
    await commit('main', 'main 10 days ago', 10);
    expired.set('main 10 days ago', true);
    await commit('main', 'main 2 days ago', 2);
    expired.set('main 2 days ago', false);
    // A deleted branch's commit no branch or tag reaches: expired however young.
    expect((await api.post('/repositories/lake/branches', { name: 'gone', source: 'main' })).status).toBe(201);
    await commit('gone', 'on a deleted branch', 1);
    expired.set('on a deleted branch', true);
    expect((await api.delete('/repositories/lake/branches/gone')).status).toBe(204);

    // Staged now: uploads on two branches, one overwritten (its first data is referred to by nothing), and a
    // deletion (a tombstone, which refers to no data).
    await stage('main', 'staged/a.txt', 'a');
    await upload('dev', 'staged/b.txt', 'b, overwritten before any commit');
    await stage('dev', 'staged/b.txt', 'b');
    await stage('dev', 'staged/c.txt', 'c');
    expect((await api.delete(`/repositories/lake/branches/main/objects?path=${encodeURIComponent('main 60 days ago.txt')}`)).status).toBe(204);
  });

  afterAll(async () => {
    await server.close();
  });

  it('writes commits.csv with every commit and the verdict of the retention rules, read back through the block store', async () => {
    const res = await api.post<GarbageCollectionPrepareResponse>('/repositories/lake/gc/prepare_commits');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.run_id).toMatch(RUN_ID);
    expect(res.body.gc_addresses_location).toBe(`${NAMESPACE}/_lakefs/retention/gc/addresses/`);
    expect(res.body).not.toHaveProperty('gc_commits_presigned_url');
    expect(await commitsFile(res.body)).toEqual(expectedRows());

    // Each run writes a file of its own.
    const again = await api.post<GarbageCollectionPrepareResponse>('/repositories/lake/gc/prepare_commits');
    expect(again.body.run_id).not.toBe(res.body.run_id);
    expect(await commitsFile(again.body)).toEqual(expectedRows());
  });

  it('prepares the same file as a task whose status gives its locations once completed', async () => {
    const submitted = await api.post<TaskInfo>('/repositories/lake/gc/prepare_commits/async');
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
    const statusPath = `/repositories/lake/gc/prepare_commits/status?id=${submitted.body.id}`;
    let status: PrepareGarbageCollectionCommitsStatus | undefined;
    await vi.waitFor(async () => {
      const res = await api.get<PrepareGarbageCollectionCommitsStatus>(statusPath);
      expect(res.status).toBe(200);
      expect(res.body.completed).toBe(true);
      status = res.body;
    });
    if (!status?.result) throw new Error(`no result in ${JSON.stringify(status)}`);
    expect(status.task_id).toBe(submitted.body.id);
    expect(status.error).toBeUndefined();
    expect(Math.abs(Date.parse(status.update_time) - Date.now())).toBeLessThan(60_000);
    expect(await commitsFile(status.result)).toEqual(expectedRows());
  });

  it('answers 404 for a task it does not know, a task of another kind, and 400 without an id', async () => {
    const unknown = await api.get<{ message: string }>('/repositories/lake/gc/prepare_commits/status?id=nothing');
    expect([unknown.status, unknown.body.message]).toEqual([404, 'task not found']);
    const dump = await api.post<TaskInfo>('/repositories/lake/dump');
    expect(dump.status).toBe(202);
    expect((await api.get(`/repositories/lake/gc/prepare_commits/status?id=${dump.body.id}`)).status).toBe(404);
    expect((await api.get('/repositories/lake/gc/prepare_commits/status')).status).toBe(400);
  });

  it('lists exactly the data staged on the branches, by key in the namespace, in a part of the run’s folder', async () => {
    const res = await api.post<PrepareGCUncommittedResponse>('/repositories/lake/gc/prepare_uncommited');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.run_id).toMatch(RUN_ID);
    expect(res.body.continuation_token).toBeUndefined();
    const folder = keyOf(res.body.gc_uncommitted_location);
    expect(folder).toBe(`_lakefs/retention/gc/uncommitted/${res.body.run_id}/`);
    const parts = [];
    for await (const o of blocks.list(NAMESPACE, folder)) parts.push(o.key);
    expect(parts).toEqual([`${folder}part-00000.csv`]);
    const [header, ...rows] = await readCsv(blocks, NAMESPACE, `${folder}part-00000.csv`);
    expect(header).toEqual(['physical_address', 'creation_date']);
    expect(new Map(rows.map(([key, date]) => [key, Number(date)]))).toEqual(staged);
    expect(rows).toHaveLength(staged.size);
  });

  it('takes an empty body, and refuses a continuation token it did not give', async () => {
    expect((await api.post('/repositories/lake/gc/prepare_uncommited', {})).status).toBe(201);
    for (const token of ['not-a-token', Buffer.from(JSON.stringify({ run_id: '../../x', part: 1, after: '' })).toString('base64url')]) {
      const res = await api.post<{ message: string }>('/repositories/lake/gc/prepare_uncommited', { continuation_token: token });
      expect([res.status, res.body.message]).toEqual([400, 'continuation_token: not a token this server gave']);
    }
  });

  it('refuses to prepare commits of a repository without GC rules (404), while listing its staged data needs none', async () => {
    for (const path of ['/repositories/bare/gc/prepare_commits', '/repositories/bare/gc/prepare_commits/async']) {
      const res = await api.post<{ message: string }>(path);
      expect([res.status, res.body.message]).toEqual([404, 'no gc rules configured']);
    }
    expect((await api.post('/repositories/bare/gc/prepare_uncommited')).status).toBe(201);
  });

  it('answers only an authenticated caller', async () => {
    const anonymous = client(server, {});
    const answers = await Promise.all([
      anonymous.post<{ message: string }>('/repositories/lake/gc/prepare_commits'),
      anonymous.post<{ message: string }>('/repositories/lake/gc/prepare_commits/async'),
      anonymous.get<{ message: string }>('/repositories/lake/gc/prepare_commits/status?id=x'),
      anonymous.post<{ message: string }>('/repositories/lake/gc/prepare_uncommited'),
    ]);
    for (const res of answers) expect([res.status, res.body.message]).toEqual([401, 'error authenticating request']);
  });

  it('answers 404 for a repository that does not exist', async () => {
    const answers = await Promise.all([
      api.post<{ message: string }>('/repositories/nowhere/gc/prepare_commits'),
      api.post<{ message: string }>('/repositories/nowhere/gc/prepare_commits/async'),
      api.get<{ message: string }>('/repositories/nowhere/gc/prepare_commits/status?id=x'),
      api.post<{ message: string }>('/repositories/nowhere/gc/prepare_uncommited'),
    ]);
    for (const res of answers) expect([res.status, res.body.message]).toEqual([404, 'repository not found']);
  });
});

describe('the staged data listing, paged', () => {
  let dir: string;
  let kv: KvStore;
  let blocks: BlockStore;
  let g: Graveler;
  const ns = 'local://paged';

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tarn-gc-prepare-'));
    kv = openSqliteKv({ path: join(dir, 'kv.db') });
    blocks = openLocalBlockStore({ root: join(dir, 'blocks') });
    g = createGraveler({ kv, blockstore: blocks });
  });
  afterAll(async () => {
    await g.close();
    await kv.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function stageOn(branch: string, path: string): Promise<string> {
    const key = blocks.newDataKey();
    const { size, checksum } = await blocks.put(ns, key, Buffer.from(path));
    await g.putObject('paged', branch, path, { address: key, addressType: 'relative', size, checksum, mtime: now, contentType: 'text/plain', metadata: {} });
    return key;
  }

  async function partKeys(location: string, part: number): Promise<string[]> {
    const rows = await readCsv(blocks, ns, `${keyOf(location, ns)}part-${String(part).padStart(5, '0')}.csv`);
    return rows.slice(1).map(([key]) => key ?? '').sort();
  }

  it('stops after a branch once a call has written enough, and goes on from the next branch with the token', async () => {
    await g.createRepository({ id: 'paged', storageNamespace: ns });
    await g.createBranch('paged', 'b1', 'main');
    await g.createBranch('paged', 'b2', 'main');
    // Branches are listed in id order: b1, b2, main.
    const first = [await stageOn('b1', 'one.txt'), await stageOn('b1', 'two.txt')];
    const rest = [await stageOn('b2', 'three.txt'), await stageOn('main', 'four.txt')];
    // Outside the namespace: never the job's to delete, so never listed.
    await g.putObject('paged', 'main', 'elsewhere.txt', {
      address: 'local://elsewhere/data/x/y',
      addressType: 'full',
      size: 1,
      checksum: 'c',
      mtime: now,
      contentType: 'text/plain',
      metadata: {},
    });

    const one = await prepareGcUncommitted(g, blocks, 'paged', { entriesPerCall: 2 });
    if (one.continuationToken === undefined) throw new Error('the first call listed every branch');
    expect(await partKeys(one.location, 0)).toEqual(first.sort());

    const two = await prepareGcUncommitted(g, blocks, 'paged', { entriesPerCall: 2, continuationToken: one.continuationToken });
    expect([two.runId, two.location]).toEqual([one.runId, one.location]);
    expect(two.continuationToken).toBeUndefined();
    expect(await partKeys(two.location, 1)).toEqual(rest.sort());
  });
});
