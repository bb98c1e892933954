// The database failing under two running servers: PostgreSQL shut down for a few seconds under load, the network to
// it stalled, a lock that holds every statement up. Requests must answer 503 with a clear message while it lasts —
// never a 500, never a hang — the servers must come back by themselves when it ends, and every write they
// acknowledged must be there afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UnavailableError } from '../../server/errors';
import { exactly, openPostgresKv } from '../../server/kv';
import { spawnServer, type ChildServer } from './http/child-server';
import { basicAuth } from './http/harness';
import { startStallProxy, timedCall, type StallProxy, type TimedAnswer } from './fault-tools';
import { startPgCluster, type PgCluster } from './pg-cluster';

const repo = 'faults';
const unavailable = { message: 'metadata database is unreachable or timed out; retry the request later' };
/** No request may take longer than this, whatever the database does (the pool's timeouts are 5 s and 7 s). */
const answerBoundMs = 15_000;

let cluster: PgCluster;
let databaseUrl: string;
let dataDir: string;
const servers: ChildServer[] = [];
let authorization = '';

beforeAll(async () => {
  cluster = await startPgCluster();
  databaseUrl = await cluster.createDatabase('tarn');
  dataDir = mkdtempSync(join(tmpdir(), 'tarn-faults-pg-'));
  servers.push(...(await Promise.all([0, 1].map(() => spawnServer(dataDir, ['--database-url', databaseUrl])))));
  const setup = await fetch(`${(servers[0] as ChildServer).api}/setup_lakefs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin' }),
  });
  const creds = (await setup.json()) as { access_key_id: string; secret_access_key: string };
  authorization = basicAuth(creds.access_key_id, creds.secret_access_key);
  expect((await call(1, 'POST', '/repositories', { name: repo, storage_namespace: `local://${repo}` })).status).toBe(201);
}, 60_000);

afterAll(async () => {
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
  await cluster?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const call = (i: number, method: string, path: string, body?: string | object) =>
  timedCall((servers[i % servers.length] as ChildServer).api, authorization, method, path, body, answerBoundMs + 5_000);

interface Load {
  uploads: { branch: string; path: string; content: string; at: number }[];
  commits: { branch: string; id: string; at: number }[];
  /** Every answer: when it came, its status and body. */
  answers: (TimedAnswer & { at: number; what: string })[];
  stop(): Promise<void>;
}

/**
 * Clients that each upload to their own branch and commit every few uploads, through both servers in turn, until
 * stopped. They record every answer and every acknowledged write.
 */
async function startLoad(clients: number, prefix: string): Promise<Load> {
  const load: Load = { uploads: [], commits: [], answers: [], stop: async () => undefined };
  for (let c = 0; c < clients; c++) {
    expect((await call(c, 'POST', `/repositories/${repo}/branches`, { name: `${prefix}-${c}`, source: 'main' })).status).toBe(201);
  }
  let running = true;
  const client = async (c: number) => {
    const branch = `${prefix}-${c}`;
    let pending = 0;
    for (let n = 0; running; n++) {
      const path = `${branch}/object-${n}.txt`;
      const content = `${branch} ${n}`;
      const upload = await call(c + n, 'POST', `/repositories/${repo}/branches/${branch}/objects?path=${encodeURIComponent(path)}`, content);
      load.answers.push({ ...upload, at: performance.now(), what: `upload ${path}` });
      if (upload.status === 201) {
        load.uploads.push({ branch, path, content, at: performance.now() });
        pending++;
      }
      if (pending >= 3 || (upload.status !== 201 && pending > 0)) {
        const commit = await call(c + n + 1, 'POST', `/repositories/${repo}/branches/${branch}/commits`, { message: `up to ${n}` });
        load.answers.push({ ...commit, at: performance.now(), what: `commit ${branch}` });
        if (commit.status === 201) {
          load.commits.push({ branch, id: (commit.body as { id: string }).id, at: performance.now() });
          pending = 0;
        }
        // A commit answered 503 may have landed all the same; the next one then finds nothing to commit.
        if (commit.status === 400 && (commit.body as { message?: string }).message === 'no changes') pending = 0;
      }
      // While the database is down, answers come at once; a short pause keeps the clients from spinning.
      if (upload.status === 503) await sleep(20);
    }
  };
  const running$ = Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
  load.stop = async () => {
    running = false;
    await running$;
  };
  return load;
}

/** What the load's answers held: counts by status, and any answer that is neither success nor a clean 503. */
function tally(load: Load) {
  const byStatus = new Map<number, number>();
  for (const a of load.answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
  const unexpected = load.answers.filter(
    (a) => !(a.status >= 200 && a.status < 300) && a.status !== 503 && !(a.status === 400 && (a.body as { message?: string }).message === 'no changes'),
  );
  return { byStatus: Object.fromEntries(byStatus), unexpected, slowest: Math.max(...load.answers.map((a) => a.ms)) };
}

async function history(i: number, branch: string): Promise<{ id: string; parents: string[] }[]> {
  const res = await call(i, 'GET', `/repositories/${repo}/refs/${branch}/commits?amount=1000`);
  expect(res.status).toBe(200);
  return (res.body as { results: { id: string; parents: string[] }[] }).results;
}

/** Every acknowledged upload reads back through both servers, and every acknowledged commit is in its branch's linear history. */
async function expectAllAcknowledged(load: Load): Promise<void> {
  for (const upload of load.uploads) {
    for (const i of [0, 1]) {
      const read = await call(i, 'GET', `/repositories/${repo}/refs/${upload.branch}/objects?path=${encodeURIComponent(upload.path)}`);
      expect({ path: upload.path, status: read.status, body: read.body }).toEqual({ path: upload.path, status: 200, body: upload.content });
    }
  }
  for (const branch of new Set(load.uploads.map((u) => u.branch))) {
    const log = await history(0, branch);
    log.forEach((commit, n) => expect(commit.parents, `${branch} ${commit.id}`).toEqual(log[n + 1] ? [log[n + 1]?.id] : []));
    const ids = new Set(log.map((c) => c.id));
    for (const commit of load.commits.filter((c) => c.branch === branch)) expect(ids.has(commit.id), `${branch} ${commit.id}`).toBe(true);
  }
}

describe('the metadata database failing under two servers', () => {
  it('answers 503 while PostgreSQL is down, recovers by itself when it is back, and loses no acknowledged write', async () => {
    const load = await startLoad(6, 'outage');
    await vi.waitFor(() => expect(load.uploads.length).toBeGreaterThanOrEqual(12), { timeout: 20_000, interval: 50 });

    const halted = performance.now();
    await cluster.halt('fast');
    await vi.waitFor(() => expect(load.answers.some((a) => a.at > halted && a.status === 503)).toBe(true), { timeout: 15_000, interval: 50 });
    // The fault itself: the database stays down a few seconds while the clients keep calling.
    await sleep(Math.max(0, 3_000 - (performance.now() - halted)));
    const resumed = performance.now();
    await cluster.resume();
    const restarted = performance.now();

    // Both servers take writes again, without being restarted.
    await vi.waitFor(
      () => {
        expect(load.commits.filter((c) => c.at > restarted).length).toBeGreaterThanOrEqual(2);
        expect(load.uploads.filter((u) => u.at > restarted).length).toBeGreaterThanOrEqual(6);
      },
      { timeout: 20_000, interval: 50 },
    );
    const firstWriteAfter = Math.min(...load.uploads.filter((u) => u.at > restarted).map((u) => u.at));
    await load.stop();

    const seen = tally(load);
    const outage = load.answers.filter((a) => a.status === 503);
    console.info(
      `PostgreSQL down ${Math.round(restarted - halted)} ms (start took ${Math.round(restarted - resumed)} ms): answers ${JSON.stringify(seen.byStatus)}, ` +
        `slowest ${Math.round(seen.slowest)} ms, first acknowledged write ${Math.round(firstWriteAfter - restarted)} ms after it was back; ` +
        `${load.uploads.length} uploads and ${load.commits.length} commits acknowledged`,
    );
    expect(outage.length).toBeGreaterThan(0);
    for (const answer of outage) expect(answer.body, answer.what).toEqual(unavailable);
    expect(seen.unexpected.map((a) => `${a.what}: ${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);
    expect(seen.slowest).toBeLessThan(answerBoundMs);
    for (const server of servers) expect(server.child.exitCode).toBeNull();
    await expectAllAcknowledged(load);
  }, 60_000);

  it('answers 503 within a bounded time while a lock holds every statement up, then serves again', async () => {
    const head = await call(0, 'GET', `/repositories/${repo}/branches/main`);
    expect(head.status).toBe(200);
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE tarn_kv IN ACCESS EXCLUSIVE MODE');
      // A listing, which no cache answers: a record read unchanged since the lock began may still be answered from
      // memory (the lock holder has written nothing), which is right but tests nothing here.
      const held = await Promise.all([
        call(0, 'GET', `/repositories/${repo}/refs/main/objects/ls`),
        call(1, 'POST', `/repositories/${repo}/branches/main/objects?path=locked.txt`, 'locked'),
      ]);
      console.info(`Under the lock: ${held.map((a) => `${a.status} in ${Math.round(a.ms)} ms`).join(', ')}`);
      for (const answer of held) {
        expect(answer.status).toBe(503);
        expect(answer.body).toEqual(unavailable);
        expect(answer.retryAfter).toBe('1');
        expect(answer.ms).toBeLessThan(answerBoundMs);
      }
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    const after = await call(1, 'POST', `/repositories/${repo}/branches/main/objects?path=unlocked.txt`, 'unlocked');
    expect(after.status).toBe(201);
    expect((await call(0, 'GET', `/repositories/${repo}/refs/main/objects?path=unlocked.txt`)).body).toBe('unlocked');
  }, 60_000);
});

describe('the PostgreSQL store when its server crashes', () => {
  it('reports calls as unavailable while it is down, survives its idle connections breaking, and reconnects', async () => {
    const idleErrors: Error[] = [];
    const kv = await openPostgresKv({ url: await cluster.createDatabase('crash'), onIdleError: (err) => idleErrors.push(err) });
    try {
      await kv.set('kept', new TextEncoder().encode('value'));
      // Several connections in the pool, idle when the server goes.
      await Promise.all(Array.from({ length: 4 }, () => kv.get('kept')));
      await cluster.halt('immediate');
      try {
        await vi.waitFor(() => expect(idleErrors.length).toBeGreaterThan(0), { timeout: 10_000, interval: 20 });
        const started = performance.now();
        const calls = [kv.get('kept'), kv.set('lost', new Uint8Array([1])), kv.batch([{ op: 'delete', key: 'kept' }]), kv.countRange('a', 'b', exactly(new Uint8Array([0])))];
        const failures = await Promise.all(calls.map((p) => p.catch((err: unknown) => err)));
        for (const failure of failures) {
          expect(failure).toBeInstanceOf(UnavailableError);
          expect((failure as UnavailableError).kind).toBe('unavailable');
        }
        expect(performance.now() - started).toBeLessThan(answerBoundMs);
      } finally {
        await cluster.resume();
      }
      expect(new TextDecoder().decode(await kv.get('kept'))).toBe('value');
      expect(await kv.get('lost')).toBeUndefined();
    } finally {
      await kv.close();
    }
  }, 60_000);
});

describe('the timeouts of the PostgreSQL store', () => {
  it('takes shorter ones from the database address', async () => {
    const url = await cluster.createDatabase('timeouts');
    const kv = await openPostgresKv({ url: `${url}?statement_timeout=300&query_timeout=2000&connect_timeout=1` });
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE tarn_kv IN ACCESS EXCLUSIVE MODE');
      const started = performance.now();
      await expect(kv.get('any')).rejects.toBeInstanceOf(UnavailableError);
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
      await kv.close();
    }
  }, 30_000);
});

describe('the network to the metadata database stalling', () => {
  let proxy: StallProxy | undefined;
  let stalledServer: ChildServer | undefined;

  afterAll(async () => {
    if (stalledServer) {
      stalledServer.child.kill('SIGKILL');
      await stalledServer.exited;
    }
    await proxy?.close();
  });

  it('times requests out with 503 instead of hanging, and serves again once bytes flow', async () => {
    proxy = await startStallProxy(cluster.port);
    const viaProxy = databaseUrl.replace(`:${cluster.port}/`, `:${proxy.port}/`);
    stalledServer = await spawnServer(dataDir, ['--database-url', viaProxy]);
    const api = stalledServer.api;
    const before = await timedCall(api, authorization, 'POST', `/repositories/${repo}/branches/main/objects?path=before-stall.txt`, 'before');
    expect(before.status).toBe(201);

    proxy.stall();
    // Connections in the pool and new ones alike: a read, a write, and more calls than the pool has connections.
    const stalled = await Promise.all([
      timedCall(api, authorization, 'GET', `/repositories/${repo}/branches/main`),
      timedCall(api, authorization, 'POST', `/repositories/${repo}/branches/main/objects?path=during-stall.txt`, 'during'),
      ...Array.from({ length: 12 }, () => timedCall(api, authorization, 'GET', `/repositories/${repo}/refs/main/objects/ls`)),
    ]);
    const times = stalled.map((a) => Math.round(a.ms));
    console.info(`While stalled: statuses ${[...new Set(stalled.map((a) => a.status))].join(',')}, answered in ${Math.min(...times)}–${Math.max(...times)} ms`);
    for (const answer of stalled) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual(unavailable);
      expect(answer.ms).toBeLessThan(answerBoundMs);
    }

    proxy.flow();
    const flowing = performance.now();
    const after = await vi.waitFor(
      async () => {
        const res = await timedCall(api, authorization, 'POST', `/repositories/${repo}/branches/main/objects?path=after-stall.txt`, 'after');
        expect(res.status).toBe(201);
        return res;
      },
      { timeout: 20_000, interval: 100 },
    );
    console.info(`Writes acknowledged again ${Math.round(performance.now() - flowing)} ms after the network flowed (${Math.round(after.ms)} ms call)`);
    for (const [path, content] of [
      ['before-stall.txt', 'before'],
      ['after-stall.txt', 'after'],
    ]) {
      expect((await timedCall(api, authorization, 'GET', `/repositories/${repo}/refs/main/objects?path=${path}`)).body).toBe(content);
      expect((await call(0, 'GET', `/repositories/${repo}/refs/main/objects?path=${path}`)).body).toBe(content);
    }
    expect(stalledServer.child.exitCode).toBeNull();
  }, 60_000);
});
