// One of two servers on one PostgreSQL database and one data folder killed with SIGKILL while clients commit and
// merge through both: the other keeps serving, every commit's parents exist, every branch head is a commit, and
// every commit and merge either server acknowledged is in its branch's history.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawnServer, type ChildServer } from './http/child-server';
import { basicAuth } from './http/harness';
import { timedCall, type TimedAnswer } from './fault-tools';
import { startPgCluster, type PgCluster } from './pg-cluster';

const repo = 'killed';
const clients = 4;

let cluster: PgCluster;
let dataDir: string;
let victim: ChildServer;
let survivor: ChildServer;
let authorization = '';

beforeAll(async () => {
  cluster = await startPgCluster();
  const databaseUrl = await cluster.createDatabase('tarn');
  dataDir = mkdtempSync(join(tmpdir(), 'tarn-faults-kill-'));
  [victim, survivor] = (await Promise.all([0, 1].map(() => spawnServer(dataDir, ['--database-url', databaseUrl])))) as [ChildServer, ChildServer];
  const setup = await fetch(`${survivor.api}/setup_lakefs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin' }),
  });
  const creds = (await setup.json()) as { access_key_id: string; secret_access_key: string };
  authorization = basicAuth(creds.access_key_id, creds.secret_access_key);
  expect((await call(victim, 'POST', '/repositories', { name: repo, storage_namespace: `local://${repo}` })).status).toBe(201);
  for (let c = 0; c < clients; c++) {
    expect((await call(c % 2 ? survivor : victim, 'POST', `/repositories/${repo}/branches`, { name: `feature-${c}`, source: 'main' })).status).toBe(201);
  }
}, 60_000);

afterAll(async () => {
  for (const server of [victim, survivor]) {
    if (!server) continue;
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
  await cluster?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const call = (server: ChildServer, method: string, path: string, body?: string | object) =>
  timedCall(server.api, authorization, method, path, body, 30_000);

interface Acknowledged {
  /** Commit ids by the branch they were made on (merges: the destination). */
  commits: { branch: string; id: string; at: number; kind: 'commit' | 'merge' }[];
  uploads: { branch: string; path: string; content: string }[];
  /** Answers of the surviving server that are neither success nor a known retry. */
  unexpected: string[];
  /** Answers of the killed server after it died: the connection broke (status 0). */
  cutOff: number;
}

interface Control {
  running: boolean;
  killedAt?: number;
  /** Set when the kill should come: the next commit or merge sent to the victim triggers it, while in flight. */
  armed: boolean;
  /** What the victim was doing when it was killed. */
  killedDuring?: string;
}

/** A client's rounds: upload to its branch, commit it, merge it into main — each through either server in turn. */
async function runClient(c: number, done: Acknowledged, control: Control): Promise<void> {
  const killed = () => control.killedAt !== undefined;
  // Once the victim has the request: it spends tens of milliseconds on a commit or merge under this load.
  const killSoon = (what: string) => {
    control.armed = false;
    control.killedDuring = what;
    setTimeout(() => {
      control.killedAt = performance.now();
      victim.child.kill('SIGKILL');
    }, 10);
  };
  const branch = `feature-${c}`;
  const pick = (n: number) => (killed() || n % 2 === 0 ? survivor : victim);
  const judge = (server: ChildServer, what: string, answer: TimedAnswer, ok: number) => {
    if (answer.status === ok) return true;
    if (server === victim && killed()) {
      // Whatever the dying server was doing is unanswered, not acknowledged.
      done.cutOff++;
      return false;
    }
    const message = (answer.body as { message?: string } | null)?.message;
    // Another client's merge into main may win the race several times in a row; a client retries a 429.
    const retry = answer.status === 429 || (answer.status === 400 && message === 'no changes');
    if (!retry) done.unexpected.push(`${what} via ${server === victim ? 'victim' : 'survivor'}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return false;
  };
  for (let n = 0; control.running; n++) {
    const path = `${branch}/round-${n}.txt`;
    const content = `${branch} ${n}`;
    let server = pick(n + c);
    const upload = await call(server, 'POST', `/repositories/${repo}/branches/${branch}/objects?path=${encodeURIComponent(path)}`, content);
    if (!judge(server, `upload ${path}`, upload, 201)) continue;
    done.uploads.push({ branch, path, content });
    server = pick(n + c + 1);
    if (server === victim && control.armed) killSoon(`commit ${branch}`);
    const commit = await call(server, 'POST', `/repositories/${repo}/branches/${branch}/commits`, { message: `round ${n}` });
    if (judge(server, `commit ${branch}`, commit, 201)) {
      done.commits.push({ branch, id: (commit.body as { id: string }).id, at: performance.now(), kind: 'commit' });
    }
    server = pick(n + c + 2);
    if (server === victim && control.armed) killSoon(`merge ${branch}`);
    const merge = await call(server, 'POST', `/repositories/${repo}/refs/${branch}/merge/main`, { message: `merge ${branch} round ${n}` });
    if (judge(server, `merge ${branch}`, merge, 200)) {
      done.commits.push({ branch: 'main', id: (merge.body as { reference: string }).reference, at: performance.now(), kind: 'merge' });
    }
  }
}

async function log(branch: string): Promise<{ id: string; parents: string[] }[]> {
  const commits: { id: string; parents: string[] }[] = [];
  let after = '';
  for (;;) {
    const res = await call(survivor, 'GET', `/repositories/${repo}/refs/${branch}/commits?amount=1000&after=${after}`);
    expect(res.status).toBe(200);
    const page = res.body as { results: { id: string; parents: string[] }[]; pagination: { has_more: boolean; next_offset: string } };
    commits.push(...page.results);
    if (!page.pagination.has_more) return commits;
    after = page.pagination.next_offset;
  }
}

describe('one of two servers killed during commits and merges', () => {
  it('leaves the other serving, history whole, and no acknowledged commit or merge lost', async () => {
    const done: Acknowledged = { commits: [], uploads: [], unexpected: [], cutOff: 0 };
    const control: Control = { running: true, armed: false };
    const load = Promise.all(Array.from({ length: clients }, (_, c) => runClient(c, done, control)));

    try {
      // Kill once both kinds of write have gone through both servers, so the victim is mid-work.
      await vi.waitFor(
        () => {
          expect(done.commits.filter((c) => c.kind === 'commit').length).toBeGreaterThanOrEqual(6);
          expect(done.commits.filter((c) => c.kind === 'merge').length).toBeGreaterThanOrEqual(4);
        },
        { timeout: 30_000, interval: 20 },
      );
      control.armed = true;
      await victim.exited;
      const killedAt = control.killedAt as number;
      // The survivor takes commits and merges from every client after the kill.
      await vi.waitFor(
        () => {
          const after = done.commits.filter((c) => c.at > killedAt);
          expect(new Set(after.filter((c) => c.kind === 'commit').map((c) => c.branch)).size).toBe(clients);
          expect(after.filter((c) => c.kind === 'merge').length).toBeGreaterThanOrEqual(clients);
        },
        { timeout: 30_000, interval: 20 },
      );
    } finally {
      control.running = false;
      await load;
    }
    const before = done.commits.filter((c) => c.at <= (control.killedAt as number)).length;
    console.info(
      `Killed during a ${control.killedDuring}; acknowledged ${before} commits and merges before the kill and ${done.commits.length - before} after; ` +
        `${done.cutOff} calls to the killed server were cut off`,
    );
    expect(done.unexpected).toEqual([]);
    expect(survivor.child.exitCode).toBeNull();

    const known = new Map<string, string[]>();
    for (const branch of ['main', ...Array.from({ length: clients }, (_, c) => `feature-${c}`)]) {
      const head = await call(survivor, 'GET', `/repositories/${repo}/branches/${branch}`);
      expect(head.status).toBe(200);
      const history = await log(branch);
      expect(history[0]?.id, `${branch} head`).toBe((head.body as { commit_id: string }).commit_id);
      for (const commit of history) known.set(commit.id, commit.parents);
      const ids = new Set(history.map((c) => c.id));
      for (const ack of done.commits.filter((c) => c.branch === branch)) expect(ids.has(ack.id), `${ack.kind} ${ack.id} on ${branch}`).toBe(true);
    }
    // Every parent of every commit reached is itself a commit the store holds.
    for (const [id, parents] of known) {
      for (const parent of parents) {
        if (known.has(parent)) continue;
        expect((await call(survivor, 'GET', `/repositories/${repo}/commits/${parent}`)).status, `parent ${parent} of ${id}`).toBe(200);
      }
    }
    // Every acknowledged upload that was merged reads back from main; the rest from their branch.
    for (const upload of done.uploads) {
      const read = await call(survivor, 'GET', `/repositories/${repo}/refs/${upload.branch}/objects?path=${encodeURIComponent(upload.path)}`);
      expect({ path: upload.path, status: read.status, body: read.body }).toEqual({ path: upload.path, status: 200, body: upload.content });
    }
  }, 60_000);
});
