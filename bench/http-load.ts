/**
 * HTTP load on the real server: a child process on a temporary data folder, 64 keep-alive connections on
 * loopback. A read is a stat followed by a GET of a random seeded object; a write is an upload of a small new
 * object. Reads and writes run as separate phases so each has its own throughput and latency figures.
 *
 * Run alone: `npx tsx bench/http-load.ts` (TARN_BENCH_SECONDS=N sets each phase's length, default 10;
 * TARN_BENCH_PROFILE=DIR saves a CPU profile of the server).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

export interface HttpLoadOptions {
  connections?: number;
  /** Seconds per phase. */
  seconds?: number;
  seedObjects?: number;
  objectBytes?: number;
  /** An empty PostgreSQL database for the metadata; default: SQLite in the data folder. */
  databaseUrl?: string;
}

export interface HttpLoadResults {
  connections: number;
  seconds_per_phase: number;
  seeded_objects: number;
  object_bytes: number;
  /** Completed reads (stat + GET) per second. */
  reads_per_s: number;
  read_p50_ms: number;
  read_p90_ms: number;
  read_p99_ms: number;
  writes_per_s: number;
  write_p50_ms: number;
  write_p90_ms: number;
  write_p99_ms: number;
  errors: number;
}

const root = join(import.meta.dirname, '..');

interface Started {
  child: ChildProcess;
  host: string;
  port: number;
}

function startServer(dataDir: string, databaseUrl: string | undefined): Promise<Started> {
  // TARN_BENCH_PROFILE=DIR writes a V8 CPU profile of the server there (open it in Chrome DevTools).
  const profile = process.env.TARN_BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.TARN_BENCH_PROFILE] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', join(root, 'server', 'main.ts'), '--port', '0', '--data-dir', dataDir, '--quiet', ...(databaseUrl ? ['--database-url', databaseUrl] : [])], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Tarn is listening on http:\/\/([^:\s]+):(\d+)/.exec(out);
      if (match?.[1] && match[2]) resolve({ child, host: match[1], port: Number(match[2]) });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

class Client {
  private readonly agent: http.Agent;
  authorization = '';

  constructor(
    private readonly host: string,
    private readonly port: number,
    connections: number,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  }

  request(method: string, path: string, body?: Buffer | string, headers: Record<string, string> = {}): Promise<{ status: number; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.host,
          port: this.port,
          method,
          path: `/api/v1${path}`,
          agent: this.agent,
          headers: {
            ...(this.authorization ? { authorization: this.authorization } : {}),
            ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  json(method: string, path: string, value: unknown) {
    return this.request(method, path, JSON.stringify(value), { 'content-type': 'application/json' });
  }

  close(): void {
    this.agent.destroy();
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] as number) * 100) / 100;
}

async function runPhase(connections: number, seconds: number, op: () => Promise<boolean>) {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const ok = await op().catch(() => false);
        if (ok) latencies.push(performance.now() - t0);
        else errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: Math.round(latencies.length / elapsed),
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    errors,
  };
}

export async function runHttpLoad(options: HttpLoadOptions = {}): Promise<HttpLoadResults> {
  const connections = options.connections ?? 64;
  const seconds = options.seconds ?? Number(process.env.TARN_BENCH_SECONDS ?? 10);
  const seedObjects = options.seedObjects ?? 2000;
  const objectBytes = options.objectBytes ?? 4096;
  const dataDir = mkdtempSync(join(tmpdir(), 'tarn-http-load-'));
  const server = await startServer(dataDir, options.databaseUrl);
  const client = new Client(server.host, server.port, connections);
  try {
    const setup = await client.json('POST', '/setup_lakefs', { username: 'bench' });
    const creds = JSON.parse(setup.body.toString()) as { access_key_id: string; secret_access_key: string };
    client.authorization = `Basic ${Buffer.from(`${creds.access_key_id}:${creds.secret_access_key}`).toString('base64')}`;
    const repo = await client.json('POST', '/repositories', { name: 'load', storage_namespace: 'local://load' });
    if (repo.status !== 201) throw new Error(`create repository: ${repo.status} ${repo.body.toString()}`);

    const payload = Buffer.alloc(objectBytes, 'tarn');
    const upload = (path: string) =>
      client.request('POST', `/repositories/load/branches/main/objects?path=${encodeURIComponent(path)}`, payload, {
        'content-type': 'application/octet-stream',
      });
    const seedPaths = Array.from({ length: seedObjects }, (_, i) => `seed/${String(i % 50).padStart(2, '0')}/object-${i}.bin`);
    let next = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next < seedPaths.length) {
          const res = await upload(seedPaths[next++] as string);
          if (res.status !== 201) throw new Error(`seed upload: ${res.status} ${res.body.toString()}`);
        }
      }),
    );
    const commit = await client.json('POST', '/repositories/load/branches/main/commits', { message: 'seed' });
    if (commit.status !== 201) throw new Error(`seed commit: ${commit.status}`);

    const reads = await runPhase(connections, seconds, async () => {
      const path = encodeURIComponent(seedPaths[Math.floor(Math.random() * seedPaths.length)] as string);
      const stat = await client.request('GET', `/repositories/load/refs/main/objects/stat?path=${path}`);
      if (stat.status !== 200) return false;
      const get = await client.request('GET', `/repositories/load/refs/main/objects?path=${path}`);
      return get.status === 200 && get.body.length === objectBytes;
    });
    let written = 0;
    const writes = await runPhase(connections, seconds, async () => (await upload(`new/${written++}.bin`)).status === 201);

    return {
      connections,
      seconds_per_phase: seconds,
      seeded_objects: seedObjects,
      object_bytes: objectBytes,
      reads_per_s: reads.perSecond,
      read_p50_ms: reads.p50,
      read_p90_ms: reads.p90,
      read_p99_ms: reads.p99,
      writes_per_s: writes.perSecond,
      write_p50_ms: writes.p50,
      write_p90_ms: writes.p90,
      write_p99_ms: writes.p99,
      errors: reads.errors + writes.errors,
    };
  } finally {
    client.close();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const results = await runHttpLoad();
  console.log(JSON.stringify(results, null, 2));
}
