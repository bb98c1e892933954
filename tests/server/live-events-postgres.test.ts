// Live streams across servers: two servers on one PostgreSQL database, each listening on its channel. A commit made
// through one reaches a stream open on the other, with one order of event ids for both.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Commit } from '../../server/http/wire';
import { openEventStream, type EventStream } from './http/event-stream';
import { client, setupAdmin, startTestServer, type TestServer } from './http/harness';
import { startPgCluster, type PgCluster } from './pg-cluster';

const repo = 'shared-live';
let cluster: PgCluster;
let servers: TestServer[] = [];
let authorization: string;
const streams: EventStream[] = [];

beforeAll(async () => {
  cluster = await startPgCluster();
  const databaseUrl = await cluster.createDatabase('tarn');
  const dataDir = mkdtempSync(join(tmpdir(), 'tarn-live-pg-'));
  const a = await startTestServer(dataDir, { databaseUrl });
  const b = await startTestServer(dataDir, { databaseUrl });
  servers = [a, b];
  ({ authorization } = await setupAdmin(a));
  expect((await client(a, authorization).post('/repositories', { name: repo, storage_namespace: `local://${repo}` })).status).toBe(201);
}, 120_000);

afterAll(async () => {
  for (const s of streams) s.close();
  const [a, b] = servers;
  await b?.close(true);
  await a?.close();
  await cluster?.stop();
}, 60_000);

it('a commit through server A reaches a stream on server B, and B resumes a stream from an id A gave', async () => {
  const [a, b] = servers as [TestServer, TestServer];
  const onA = await openEventStream(a.api, repo, { authorization });
  const onB = await openEventStream(b.api, repo, { authorization });
  streams.push(onA, onB);
  expect(onB.status).toBe(200);
  const apiA = client(a, authorization);
  expect((await apiA.upload(repo, 'main', 'x.txt', 'x')).status).toBe(201);
  const commit = await apiA.post<Commit>(`/repositories/${repo}/branches/main/commits`, { message: 'from A' });
  expect(commit.status).toBe(201);
  const isMove = (e: { data: { type: string } }) => e.data.type === 'branch';
  const onBMove = await onB.next(isMove, 20_000);
  expect(onBMove.data).toEqual({ type: 'branch', branch: 'main', action: 'moved', cause: 'commit', commit_id: commit.body.id });
  const onAMove = await onA.next(isMove, 20_000);
  // One id for one event, whichever server streams it.
  expect(onAMove.id).toBe(onBMove.id);

  // A client of A that loses its stream resumes on B and gets what it missed.
  onA.close();
  const second = await client(b, authorization).post(`/repositories/${repo}/branches`, { name: 'later', source: 'main' });
  expect(second.status).toBe(201);
  const resumed = await openEventStream(b.api, repo, { authorization, 'last-event-id': onAMove.id });
  streams.push(resumed);
  expect((await resumed.next(isMove, 20_000)).data).toMatchObject({ branch: 'later', action: 'created' });
}, 60_000);
