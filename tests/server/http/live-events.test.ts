// A repository's live stream over the real HTTP stack on SQLite: commits, branch changes and uncommitted writes
// reach an open stream, writes are gathered per branch, a stream resumes with Last-Event-ID, and only callers who
// may read the repository get one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Commit } from '../../../server/http/wire';
import { openEventStream, type EventStream } from './event-stream';
import { addUser, startWithAdmin, type Client, type TestServer } from './harness';

const repo = 'live';
let server: TestServer;
let api: Client;
let authorization: string;
const streams: EventStream[] = [];

async function stream(headers: Record<string, string> = {}): Promise<EventStream> {
  const opened = await openEventStream(server.api, repo, { authorization, ...headers });
  streams.push(opened);
  return opened;
}

beforeAll(async () => {
  ({ server, api, authorization } = await startWithAdmin());
  expect((await api.post('/repositories', { name: repo, storage_namespace: `local://${repo}` })).status).toBe(201);
});

afterAll(async () => {
  for (const s of streams) s.close();
  await server?.close();
});

describe('GET /repositories/{repository}/events', () => {
  it('tells an open stream of a commit with the branch, the cause and the new commit id', async () => {
    const events = await stream();
    expect(events.status).toBe(200);
    expect(events.contentType).toMatch(/^text\/event-stream/);
    expect((await api.upload(repo, 'main', 'a.txt', 'a')).status).toBe(201);
    const commit = await api.post<Commit>(`/repositories/${repo}/branches/main/commits`, { message: 'add a' });
    expect(commit.status).toBe(201);
    const moved = await events.next((e) => e.data.type === 'branch');
    expect(moved.data).toEqual({ type: 'branch', branch: 'main', action: 'moved', cause: 'commit', commit_id: commit.body.id });
    expect(moved.id).toMatch(/^\d+$/);
  });

  it('tells of branches created and deleted', async () => {
    const events = await stream();
    expect((await api.post(`/repositories/${repo}/branches`, { name: 'side', source: 'main' })).status).toBe(201);
    expect((await events.next((e) => e.data.type === 'branch')).data).toMatchObject({ branch: 'side', action: 'created', cause: 'create' });
    expect((await api.delete(`/repositories/${repo}/branches/side`)).status).toBe(204);
    expect((await events.next((e) => e.data.type === 'branch')).data).toEqual({ type: 'branch', branch: 'side', action: 'deleted', cause: 'delete' });
  });

  it('gathers uncommitted writes to a branch into one event that counts them', async () => {
    // A branch of its own, so that no write of another test falls in the same window.
    expect((await api.post(`/repositories/${repo}/branches`, { name: 'burst', source: 'main' })).status).toBe(201);
    const events = await stream();
    const uploads = await Promise.all(['1', '2', '3', '4', '5'].map((n) => api.upload(repo, 'burst', `burst/${n}.txt`, n)));
    expect(uploads.map((u) => u.status)).toEqual([201, 201, 201, 201, 201]);
    const onBurst = (e: { data: { type: string; branch?: string } }) => e.data.type === 'staging' && e.data.branch === 'burst';
    const first = await events.next(onBurst);
    // Five writes made at once fall in one window, or at worst two when the window closed between them.
    let counted = first.data.type === 'staging' ? first.data.count : 0;
    if (counted < 5) {
      const second = await events.next(onBurst);
      counted += second.data.type === 'staging' ? second.data.count : 0;
    }
    expect(counted).toBe(5);
  });

  it('resumes with Last-Event-ID: what happened while the client was away is sent first', async () => {
    const events = await stream();
    expect((await api.upload(repo, 'main', 'b.txt', 'b')).status).toBe(201);
    const seen = await events.next((e) => e.data.type === 'staging');
    events.close();
    const missed = await api.post<Commit>(`/repositories/${repo}/branches/main/commits`, { message: 'while away' });
    expect(missed.status).toBe(201);
    const resumed = await stream({ 'last-event-id': seen.id });
    const replayed = await resumed.next();
    expect(replayed.data).toEqual({ type: 'branch', branch: 'main', action: 'moved', cause: 'commit', commit_id: missed.body.id });
    expect(Number(replayed.id)).toBeGreaterThan(Number(seen.id));
  });

  it('tells a client whose last event is older than the server knows to reload', async () => {
    const resumed = await stream({ 'last-event-id': '1' });
    expect((await resumed.next()).data).toEqual({ type: 'reload' });
  });

  it('refuses a caller who may not read the repository, and an anonymous one', async () => {
    const outsider = await addUser(api, 'outsider');
    const refused = await openEventStream(server.api, repo, { authorization: outsider.authorization });
    expect(refused.status).toBe(401);
    const anonymous = await openEventStream(server.api, repo, {});
    expect(anonymous.status).toBe(401);
    const missing = await openEventStream(server.api, 'no-such-repo', { authorization });
    expect(missing.status).toBe(404);
  });
});
