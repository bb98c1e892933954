// `--workers 2` as real processes: a primary and two node:cluster workers on one port and one SQLite file. Each
// client below keeps one connection, which the primary hands to one worker, so which worker served a client is
// read from who owns the server's end of its connection (Linux /proc). Both workers must serve, commits through
// both must stay linear with none lost, a logout through one worker must end the session on the other, and SIGTERM
// to the primary must stop every worker.
import { readdirSync, readFileSync, readlinkSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Commit as CommitJson, Page } from '../../server/http/wire';
import { spawnServer, type ChildServer } from './http/child-server';
import { setupAdmin } from './http/harness';

const repo = 'shared';
const clients = 12;
const rounds = 2;

let dataDir: string;
let server: ChildServer;
let authorization: string;
let credentials: { accessKeyId: string; secret: string };

/** A client on a connection of its own, kept open between calls. */
class OneConnection {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  /** The client's end of the connection, once it has one. */
  localPort: number | undefined;

  constructor(private readonly headers: Record<string, string>) {}

  call<T>(method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<{ status: number; body: T }> {
    // API paths are under /api/v1; the console's own (/logout) and the metrics are given from the root.
    const url = new URL(path === '/logout' || path === '/metrics' ? `${server.url}${path}` : `${server.api}${path}`);
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        url,
        {
          method,
          agent: this.agent,
          headers: {
            ...this.headers,
            ...(payload !== undefined ? { 'content-length': String(Buffer.byteLength(payload)) } : {}),
            ...(payload !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
            ...extra,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            const json = (res.headers['content-type'] ?? '').startsWith('application/json');
            resolve({ status: res.statusCode ?? 0, body: (json ? JSON.parse(text) : text) as T });
          });
        },
      );
      req.on('socket', (socket) => {
        const remember = () => {
          this.localPort = (socket.address() as AddressInfo).port;
        };
        if (socket.remoteAddress) remember();
        else socket.once('connect', remember);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The node:cluster workers whose primary is `pid` (tsx may run helpers of its own as children too). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // Field 4 of stat is the parent; the name in field 2 may hold spaces, so count from its closing parenthesis.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== pid) return false;
        return readFileSync(`/proc/${name}/environ`, 'utf8').split('\0').some((v) => v.startsWith('NODE_UNIQUE_ID='));
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** The process that owns the server's end of the loopback connection from `clientPort` to `serverPort`. */
function ownerOfConnection(serverPort: number, clientPort: number, candidates: number[]): number | undefined {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0');
  const line = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((row) => row.trim().split(/\s+/))
    .find((cols) => cols[1]?.endsWith(`:${hex(serverPort)}`) && cols[2]?.endsWith(`:${hex(clientPort)}`));
  const inode = line?.[9];
  if (!inode) return undefined;
  return candidates.find((pid) =>
    readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`;
      } catch {
        return false;
      }
    }),
  );
}

/** A live stream on a connection of its own: the client's port, and the moved-branch event naming a commit. */
function openStream(url: string, headers: Record<string, string>) {
  return new Promise<{ localPort: number; branchEvent(commitId: string): Promise<{ id: string }>; close(): void }>((resolve, reject) => {
    const req = http.get(url, { headers, agent: new http.Agent({ keepAlive: false }) }, (res) => {
      expect(res.statusCode).toBe(200);
      let text = '';
      const waiting: { commitId: string; done: (event: { id: string }) => void }[] = [];
      const check = () => {
        for (const wait of [...waiting]) {
          const frame = text.split('\n\n').find((f) => f.includes(`"commit_id":"${wait.commitId}"`));
          const id = frame?.split('\n').find((line) => line.startsWith('id: '))?.slice(4);
          if (id !== undefined) {
            waiting.splice(waiting.indexOf(wait), 1);
            wait.done({ id });
          }
        }
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        check();
      });
      resolve({
        localPort: (req.socket as import('node:net').Socket).localPort as number,
        branchEvent: (commitId) =>
          new Promise((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`no event for ${commitId}`)), 15_000);
            waiting.push({ commitId, done: (event) => (clearTimeout(timer), done(event)) });
            check();
          }),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tarn-workers-'));
  server = await spawnServer(dataDir, ['--workers', '2']);
  const admin = await setupAdmin(server);
  authorization = admin.authorization;
  credentials = { accessKeyId: admin.accessKeyId, secret: admin.secret };
  const created = await new OneConnection({ authorization }).call('POST', '/repositories', { name: repo, storage_namespace: `local://${repo}` });
  expect(created.status).toBe(201);
});

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function log(api: OneConnection, ref: string): Promise<CommitJson[]> {
  const res = await api.call<Page<CommitJson>>('GET', `/repositories/${repo}/refs/${ref}/commits?amount=1000`);
  expect(res.status).toBe(200);
  expect(res.body.pagination.has_more).toBe(false);
  return res.body.results;
}

describe('a server with two workers', () => {
  it('serves from both workers, and commits through both stay linear with none lost', async () => {
    const primary = server.child.pid as number;
    const workers = childrenOf(primary);
    expect(workers).toHaveLength(2);
    const port = Number(new URL(server.url).port);

    const apis = Array.from({ length: clients }, () => new OneConnection({ authorization }));
    const acknowledged: { branch: string; id: string }[] = [];
    await Promise.all(
      apis.map(async (api, c) => {
        const own = `client-${c}`;
        expect((await api.call('POST', `/repositories/${repo}/branches`, { name: own, source: 'main' })).status).toBe(201);
        for (let round = 0; round < rounds; round++) {
          for (const branch of [own, 'main']) {
            const path = `${own}/${round}-on-${branch}.txt`;
            const upload = await api.call('POST', `/repositories/${repo}/branches/${branch}/objects?path=${encodeURIComponent(path)}`, `${c}.${round}`, {
              'content-type': 'text/plain',
            });
            expect(upload.status, path).toBe(201);
            const commit = await api.call<CommitJson>('POST', `/repositories/${repo}/branches/${branch}/commits`, { message: path });
            // On main a concurrent commit may have taken this client's change along: that is "no changes".
            if (commit.status === 201) acknowledged.push({ branch, id: commit.body.id });
            else expect({ branch, status: commit.status }).toEqual({ branch: 'main', status: 400 });
          }
        }
      }),
    );

    // Each client kept its connection, so the worker that owns its server end served all of its calls.
    const servedBy = new Set(apis.map((api) => ownerOfConnection(port, api.localPort as number, workers)));
    expect([...servedBy].sort()).toEqual([...workers].sort());

    const reader = apis[0] as OneConnection;
    for (const branch of ['main', ...apis.map((_, c) => `client-${c}`)]) {
      const history = await log(reader, branch);
      history.forEach((commit, i) => {
        const next = history[i + 1];
        expect(commit.parents, `${branch} ${commit.id}`).toEqual(next ? [next.id] : []);
      });
      const ids = new Set(history.map((commit) => commit.id));
      for (const commit of acknowledged.filter((a) => a.branch === branch)) expect(ids.has(commit.id), `${branch} ${commit.id}`).toBe(true);
    }
    expect(acknowledged.filter((a) => a.branch !== 'main')).toHaveLength(clients * rounds);
    for (const api of apis) api.close();
  });

  it('shares sessions: a logout through one worker ends the session on the other', async () => {
    const login = await new OneConnection({}).call<{ token: string }>(
      'POST',
      '/auth/login',
      { access_key_id: credentials.accessKeyId, secret_access_key: credentials.secret },
      { origin: server.url },
    );
    expect(login.status).toBe(200);
    const bearer = { authorization: `Bearer ${login.body.token}` };
    const workers = childrenOf(server.child.pid as number);
    const port = Number(new URL(server.url).port);
    // Connections until there is one on each worker, each having checked the session once (and cached it).
    const onWorker = new Map<number, OneConnection>();
    const opened: OneConnection[] = [];
    while (onWorker.size < 2 && opened.length < 20) {
      const api = new OneConnection(bearer);
      opened.push(api);
      expect((await api.call('GET', '/user')).status).toBe(200);
      const owner = ownerOfConnection(port, api.localPort as number, workers);
      if (owner !== undefined && !onWorker.has(owner)) onWorker.set(owner, api);
    }
    expect(onWorker.size).toBe(2);
    const [first, second] = [...onWorker.values()] as [OneConnection, OneConnection];
    expect((await first.call('GET', '/logout', undefined, { cookie: `internal_auth_session=${login.body.token}` })).status).toBe(307);
    expect((await second.call('GET', '/user')).status).toBe(401);
    for (const api of opened) api.close();
  });

  it('answers one scrape of /metrics with the requests of both workers, whichever worker takes it', async () => {
    const workers = childrenOf(server.child.pid as number);
    const port = Number(new URL(server.url).port);
    const onWorker = new Map<number, OneConnection>();
    const opened: OneConnection[] = [];
    while (onWorker.size < 2 && opened.length < 20) {
      const api = new OneConnection({ authorization });
      opened.push(api);
      expect((await api.call('GET', '/healthcheck')).status).toBe(204);
      const owner = ownerOfConnection(port, api.localPort as number, workers);
      if (owner !== undefined && !onWorker.has(owner)) onWorker.set(owner, api);
    }
    expect(onWorker.size).toBe(2);
    const [first, second] = [...onWorker.values()] as [OneConnection, OneConnection];
    const served = async (api: OneConnection): Promise<number> => {
      const scrape = await api.call<string>('GET', '/metrics');
      expect(scrape.status).toBe(200);
      const line = /^tarn_http_requests_total\{operation="getCurrentUser",status="200"\} (\d+)$/m.exec(scrape.body);
      return Number(line?.[1] ?? 0);
    };
    const before = await served(first);
    for (let i = 0; i < 3; i++) expect((await first.call('GET', '/user')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await second.call('GET', '/user')).status).toBe(200);
    // Each worker alone served 3 or 5 of them: only the sum over both gives 8.
    expect((await served(first)) - before).toBe(8);
    expect((await served(second)) - before).toBe(8);
    for (const api of opened) api.close();
  });

  it('carries live events between the workers: a commit through one reaches the streams held by both', async () => {
    const workers = childrenOf(server.child.pid as number);
    const port = Number(new URL(server.url).port);
    // Each stream on a connection of its own: the primary hands connections to the workers in turn.
    const streams = await Promise.all(Array.from({ length: 6 }, () => openStream(`${server.api}/repositories/${repo}/events`, { authorization })));
    try {
      const owners = new Set(streams.map((stream) => ownerOfConnection(port, stream.localPort, workers)));
      expect(owners.size, 'streams held by both workers').toBe(2);
      const api = new OneConnection({ authorization });
      const upload = await api.call('POST', `/repositories/${repo}/branches/main/objects?path=live.txt`, 'live', { 'content-type': 'text/plain' });
      expect(upload.status).toBe(201);
      const commit = await api.call<CommitJson>('POST', `/repositories/${repo}/branches/main/commits`, { message: 'live' });
      expect(commit.status).toBe(201);
      const heard = await Promise.all(streams.map((stream) => stream.branchEvent(commit.body.id)));
      // One id for the event, whichever worker streamed it.
      expect(new Set(heard.map((event) => event.id)).size).toBe(1);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('stops every worker when the primary is told to stop', async () => {
    const workers = childrenOf(server.child.pid as number);
    expect(workers).toHaveLength(2);
    const exitCode = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    expect(await exitCode).toBe(0);
    for (const pid of workers) expect(isRunning(pid), `worker ${pid}`).toBe(false);
  });
});
