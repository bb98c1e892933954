// Two server processes on one PostgreSQL database and one data folder (object data, installation key): 32 clients
// split over both commit to one shared branch and to branches of their own. History must stay linear, nothing
// acknowledged may be lost, and both servers must answer alike; sessions and settings are shared.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGc } from '../../server/gc-command';
import type { Commit as CommitJson, ErrorBody } from '../../server/http/wire';
import { spawnServer, type ChildServer } from './http/child-server';
import { addUser, client, setupAdmin, signIn, type Client, type Page } from './http/harness';
import { startPgCluster, type PgCluster } from './pg-cluster';
import { retryingBusy } from './retrying-busy';

const repo = 'shared';
const clients = 32;
const rounds = 3;

let cluster: PgCluster;
let databaseUrl: string;
let dataDir: string;
let servers: ChildServer[] = [];
/** One admin client per server, same credentials. */
let apis: Client[] = [];
let admin: { accessKeyId: string; secret: string };

beforeAll(async () => {
  cluster = await startPgCluster();
  databaseUrl = await cluster.createDatabase('tarn');
  dataDir = mkdtempSync(join(tmpdir(), 'tarn-multi-'));
  // Started together, as an orchestrator would: they race for the schema migration and the installation key.
  servers = await Promise.all([0, 1].map(() => spawnServer(dataDir, ['--database-url', databaseUrl])));
  const [first] = servers as [ChildServer];
  const { authorization, accessKeyId, secret } = await setupAdmin(first);
  admin = { accessKeyId, secret };
  apis = servers.map((server) => client(server, authorization));
  const created = await (apis[1] as Client).post('/repositories', { name: repo, storage_namespace: `local://${repo}` });
  expect(created.status).toBe(201);
});

afterAll(async () => {
  for (const server of servers) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await cluster?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const api = (i: number) => apis[i % apis.length] as Client;

interface Acknowledged {
  uploads: { branch: string; path: string; content: string }[];
  commits: { branch: string; id: string }[];
}

/** One client on server `c % 2`: each round uploads to its own branch and commits, then the same on main. */
async function runClient(c: number, done: Acknowledged): Promise<void> {
  const own = `client-${c}`;
  const created = await api(c).post(`/repositories/${repo}/branches`, { name: own, source: 'main' });
  expect(created.status, own).toBe(201);
  for (let round = 0; round < rounds; round++) {
    for (const branch of [own, 'main']) {
      const path = `${own}/round-${round}-on-${branch}.txt`;
      const content = `${c}.${round}.${branch}`;
      const upload = await retryingBusy(() => api(c).upload(repo, branch, path, content));
      expect(upload.status, path).toBe(201);
      done.uploads.push({ branch, path, content });
      // Alternate servers between the upload and its commit, so each commit seals another process's write.
      const commit = await retryingBusy(() =>
        api(c + round + 1).post<CommitJson | ErrorBody>(`/repositories/${repo}/branches/${branch}/commits`, { message: `${path} by ${c}` }),
      );
      if (commit.status === 201) done.commits.push({ branch, id: (commit.body as CommitJson).id });
      // On the shared branch a concurrent commit may have taken this client's change: that is "no changes".
      else expect({ branch, status: commit.status, body: commit.body }).toEqual({ branch: 'main', status: 400, body: { message: 'no changes' } });
    }
  }
}

async function log(server: Client, ref: string): Promise<CommitJson[]> {
  const commits: CommitJson[] = [];
  let after = '';
  for (;;) {
    const res = await server.get<Page<CommitJson>>(`/repositories/${repo}/refs/${ref}/commits?amount=1000&after=${after}`);
    expect(res.status).toBe(200);
    commits.push(...res.body.results);
    if (!res.body.pagination.has_more) return commits;
    after = res.body.pagination.next_offset;
  }
}

async function listing(server: Client, ref: string): Promise<string[]> {
  const res = await server.get<Page<{ path: string; checksum: string }>>(`/repositories/${repo}/refs/${ref}/objects/ls?amount=1000`);
  expect(res.status).toBe(200);
  expect(res.body.pagination.has_more).toBe(false);
  return res.body.results.map((o) => `${o.path} ${o.checksum}`);
}

describe('two server processes on one PostgreSQL database', () => {
  it('keep every branch linear and every acknowledged write and commit, and agree on all of it', async () => {
    const done: Acknowledged = { uploads: [], commits: [] };
    await Promise.all(Array.from({ length: clients }, (_, c) => runClient(c, done)));
    expect(done.uploads).toHaveLength(clients * rounds * 2);
    expect(done.commits.filter((c) => c.branch !== 'main')).toHaveLength(clients * rounds);
    expect(done.commits.some((c) => c.branch === 'main')).toBe(true);

    const branches = ['main', ...Array.from({ length: clients }, (_, c) => `client-${c}`)];
    for (const branch of branches) {
      const [history, other] = await Promise.all([log(api(0), branch), log(api(1), branch)]);
      expect(other, branch).toEqual(history);
      // Linear: every commit's only parent is the next one down, ending at the repository's first commit.
      history.forEach((commit, i) => {
        const next = history[i + 1];
        expect(commit.parents, `${branch} ${commit.id}`).toEqual(next ? [next.id] : []);
      });
      const ids = new Set(history.map((c) => c.id));
      for (const commit of done.commits.filter((c) => c.branch === branch)) expect(ids.has(commit.id), `${branch} ${commit.id}`).toBe(true);

      // Every acknowledged upload is committed (nothing is left staged) and reads back through both servers.
      const head = history[0] as CommitJson;
      const uploads = done.uploads.filter((u) => u.branch === branch);
      const committed = (await listing(api(0), head.id)).map((line) => line.split(' ')[0] as string);
      const own = uploads.map((u) => u.path).sort();
      // A client's branch also holds what main had committed when the branch was made.
      const inherited = branch === 'main' ? [] : committed.filter((path) => path.endsWith('-on-main.txt'));
      expect(committed.filter((path) => !inherited.includes(path)).sort(), branch).toEqual(own);
      expect(await listing(api(1), branch)).toEqual(await listing(api(0), branch));
      for (const server of [api(0), api(1)]) {
        const changes = await server.get<Page<unknown>>(`/repositories/${repo}/branches/${branch}/diff`);
        expect(changes.body.results, `${branch} staged`).toEqual([]);
      }
      for (const upload of uploads.slice(0, 2)) {
        for (const server of [api(0), api(1)]) {
          const read = await server.get(`/repositories/${repo}/refs/${branch}/objects?path=${encodeURIComponent(upload.path)}`);
          expect(read.body, upload.path).toBe(upload.content);
        }
      }
    }
    const [branchesA, branchesB] = await Promise.all(apis.map((a) => a.get(`/repositories/${repo}/branches?amount=1000`)));
    expect(branchesB?.body).toEqual(branchesA?.body);
  });

  it('share settings: protection set through one server blocks writes through the other', async () => {
    const rules = await api(0).put(`/repositories/${repo}/settings/branch_protection`, [{ pattern: 'guarded-*' }], { 'if-match': '""' });
    expect(rules.status).toBe(204);
    expect((await api(1).post(`/repositories/${repo}/branches`, { name: 'guarded-1', source: 'main' })).status).toBe(201);
    expect((await api(1).upload(repo, 'guarded-1', 'x.txt', 'x')).status).toBe(403);
  });

  it('share sessions: a login through one server works through the other until a logout anywhere ends it', async () => {
    const [a, b] = servers as [ChildServer, ChildServer];
    const session = await signIn(a, admin);
    const onB = client(b, { cookie: session.cookie });
    expect((await session.api.get('/user')).status).toBe(200);
    expect((await onB.get('/user')).status).toBe(200);
    const out = await fetch(`${b.url}/logout`, { redirect: 'manual', headers: { cookie: session.cookie } });
    expect(out.status).toBe(307);
    // Server A verified this session a moment ago, and still refuses it now.
    expect((await session.api.get('/user')).status).toBe(401);
    expect((await onB.get('/user')).status).toBe(401);
  });

  it('share credentials: a key revoked through one server is refused at once by the other, which verified it', async () => {
    const [a, b] = servers as [ChildServer, ChildServer];
    const key = await addUser(api(0), 'rotated', { groups: ['Viewers'] });
    const onA = client(a, key.authorization);
    const onB = client(b, key.authorization);
    expect((await onA.get('/user')).status).toBe(200);
    expect((await onB.get('/user')).status).toBe(200);
    expect((await api(1).delete(`/auth/users/rotated/credentials/${key.accessKeyId}`)).status).toBe(204);
    expect((await onA.get('/user')).status).toBe(401);
    expect((await onB.get('/user')).status).toBe(401);
  });

  it('let the gc command collect from the shared database beside the running servers', async () => {
    const rules = await api(1).put(`/repositories/${repo}/settings/gc_rules`, { default_retention_days: 1, branches: [] });
    expect(rules.status).toBe(204);
    const printed: string[] = [];
    const report = await runGc({ repository: repo, dryRun: true, dataDir, databaseUrl }, (line) => printed.push(line));
    // It found the repository and the rules just set through a server in the shared database (else it refuses);
    // every object was written moments ago, so all are younger than the grace period and nothing is removed.
    expect(report.young).toBeGreaterThanOrEqual(clients * rounds * 2);
    expect(report.examined).toBe(0);
    expect(report.removed).toEqual([]);
    expect(printed.at(-1)).toMatch(/every staging area/);
  });
});
