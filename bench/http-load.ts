/**
 * HTTP load on the real server: a child process on a temporary data folder, 64 keep-alive connections on
 * loopback (http-client.ts). A read is a stat followed by a GET of a random seeded object; a write is an upload of a small new
 * object. Each kind of request runs as its own phase, with its own throughput and latency figures.
 *
 * Before Tarn, the same load runs against a bare node:http server and a bare Hono app answering the same JSON as
 * the object stat (bare-server.ts), and Tarn's figures are also given as ratios to bare node:http: the machine is
 * shared, so a ratio from one run says more than an absolute figure. Uploads have a yardstick of their own as well:
 * a bare node:http server that keeps each body as a file (bare-server.ts, `files`), since an object in the local
 * store is a file, and making one costs more than a whole bare answer.
 *
 * Run alone: `npx tsx bench/http-load.ts` (TARN_BENCH_SECONDS=N sets each phase's length, default 10;
 * TARN_BENCH_WORKERS=N|auto runs Tarn with --workers; TARN_BENCH_PROFILE=DIR saves a CPU profile of the server;
 * TARN_BENCH_PHASES=stat,get runs only the phases named — bare, healthcheck, stat, get, reads, writes — so that a
 * profile shows one kind of request; the others answer 0).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { bareAnswer } from './bare-answer';
import { LoadClient } from './http-client';

export interface HttpLoadOptions {
  connections?: number;
  /** Seconds per phase. */
  seconds?: number;
  seedObjects?: number;
  objectBytes?: number;
  /** An empty PostgreSQL database for the metadata; default: SQLite in the data folder. */
  databaseUrl?: string;
  /** Tarn's `--workers` (default TARN_BENCH_WORKERS, else one process). */
  workers?: string;
}

export interface HttpLoadResults {
  connections: number;
  seconds_per_phase: number;
  seeded_objects: number;
  object_bytes: number;
  /** Tarn's `--workers`. */
  workers: string;
  /** The machine's one-minute load average before and after: figures from a busy machine are not comparable. */
  load_average_before: number;
  load_average_after: number;
  /** The yardsticks: bare node:http and a bare Hono app answering the same ~260-byte JSON as the object stat. */
  bare_node_per_s: number;
  bare_node_p90_ms: number;
  bare_hono_per_s: number;
  bare_hono_p90_ms: number;
  /** Uploads of the same size to a bare node:http server that keeps each body as a file (bare-server.ts). */
  bare_file_writes_per_s: number;
  bare_file_writes_p90_ms: number;
  /** Single requests: the public healthcheck, an object stat, an object GET (all but the healthcheck signed in). */
  healthcheck_per_s: number;
  healthcheck_p90_ms: number;
  stat_per_s: number;
  stat_p90_ms: number;
  get_per_s: number;
  get_p90_ms: number;
  /** Completed reads (a stat and then a GET of the same object: two requests) per second. */
  reads_per_s: number;
  /** The requests of those reads per second: twice reads_per_s, comparable with stat_per_s and get_per_s. */
  read_requests_per_s: number;
  read_p50_ms: number;
  read_p90_ms: number;
  read_p99_ms: number;
  writes_per_s: number;
  write_p50_ms: number;
  write_p90_ms: number;
  write_p99_ms: number;
  /**
   * The CPU time Tarn's processes spent per request in each phase (Linux; 0 elsewhere), in microseconds: unlike a
   * throughput, it hardly depends on what else the shared machine is running, so it compares runs best.
   */
  healthcheck_cpu_us: number;
  stat_cpu_us: number;
  get_cpu_us: number;
  read_cpu_us: number;
  write_cpu_us: number;
  /** Requests per second relative to bare node:http in the same run (the machine is shared, so ratios compare best). */
  bare_hono_ratio_to_bare: number;
  tarn_healthcheck_ratio_to_bare: number;
  tarn_stat_ratio_to_bare: number;
  tarn_get_ratio_to_bare: number;
  tarn_upload_ratio_to_bare: number;
  /** Uploads per second relative to the bare server that keeps each body as a file. */
  tarn_upload_ratio_to_bare_file_writes: number;
  errors: number;
}

const root = join(import.meta.dirname, '..');

interface Started {
  child: ChildProcess;
  host: string;
  port: number;
}

/** Starts a server process and waits for the line that tells its address. */
function startProcess(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on http:\/\/([^:\s]+):(\d+)/.exec(out);
      if (match?.[1] && match[2]) resolve({ child, host: match[1], port: Number(match[2]) });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function stopProcess(started: Started): Promise<void> {
  if (started.child.exitCode !== null) return;
  const exited = new Promise((resolve) => started.child.once('exit', resolve));
  started.child.kill('SIGTERM');
  await exited;
}

function startTarn(dataDir: string, databaseUrl: string | undefined, workers: string | undefined): Promise<Started> {
  // TARN_BENCH_PROFILE=DIR writes a V8 CPU profile of the server there (bench/cpu-profile.ts summarises it).
  const profile = process.env.TARN_BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.TARN_BENCH_PROFILE] : [];
  return startProcess([
    ...profile,
    '--import',
    'tsx',
    join(root, 'server', 'main.ts'),
    '--port',
    '0',
    '--data-dir',
    dataDir,
    '--quiet',
    ...(databaseUrl ? ['--database-url', databaseUrl] : []),
    ...(workers ? ['--workers', workers] : []),
  ]);
}

const clockTicksPerSecond = 100;

/** CPU time (user + system) of a process and its descendants so far, in ms; undefined without /proc. */
function processTreeCpuMs(pid: number): number | undefined {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return undefined;
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const line = readFileSync(stat, 'utf8');
    const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
    let ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) ms += processTreeCpuMs(Number(child)) ?? 0;
    }
    return ms;
  } catch {
    // The process ended meanwhile.
    return undefined;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] as number) * 100) / 100;
}

async function runPhase(connections: number, seconds: number, op: () => Promise<boolean>, serverPid?: number) {
  const cpuBefore = serverPid === undefined ? undefined : processTreeCpuMs(serverPid);
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
  const cpuAfter = serverPid === undefined ? undefined : processTreeCpuMs(serverPid);
  latencies.sort((a, b) => a - b);
  return {
    cpuUsPerOp: cpuBefore === undefined || cpuAfter === undefined || latencies.length === 0 ? 0 : Math.round(((cpuAfter - cpuBefore) * 1000) / latencies.length),
    perSecond: Math.round(latencies.length / elapsed),
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    errors,
  };
}

/**
 * A bare server answering the same JSON as the object stat, under the same load: to GETs, or with `upload` to POSTs
 * of that body (the `files` server keeps each as a file).
 */
async function measureBare(kind: 'node' | 'hono' | 'files', connections: number, seconds: number, upload?: Buffer) {
  const server = await startProcess(['--import', 'tsx', join(root, 'bench', 'bare-server.ts'), kind]);
  const client = new LoadClient(server.host, server.port, connections, '');
  const status = upload ? 201 : 200;
  try {
    return await runPhase(connections, seconds, async () => {
      const res = upload
        ? await client.request('POST', '/', upload, { 'content-type': 'application/octet-stream' })
        : await client.request('GET', '/');
      return res.status === status && res.body.length === bareAnswer.length;
    });
  } finally {
    client.close();
    await stopProcess(server);
  }
}

const phaseNames = ['bare', 'healthcheck', 'stat', 'get', 'reads', 'writes'] as const;
type PhaseName = (typeof phaseNames)[number];

function chosenPhases(): Set<PhaseName> {
  const named = process.env.TARN_BENCH_PHASES?.split(',').map((name) => name.trim());
  if (!named) return new Set(phaseNames);
  for (const name of named) if (!(phaseNames as readonly string[]).includes(name)) throw new Error(`unknown phase ${name}`);
  return new Set(named as PhaseName[]);
}

const skipped = { cpuUsPerOp: 0, perSecond: 0, p50: 0, p90: 0, p99: 0, errors: 0 };

const ratio = (tarn: number, bare: number) => (bare > 0 ? Math.round((tarn / bare) * 1000) / 1000 : 0);

export async function runHttpLoad(options: HttpLoadOptions = {}): Promise<HttpLoadResults> {
  const connections = options.connections ?? 64;
  const seconds = options.seconds ?? Number(process.env.TARN_BENCH_SECONDS ?? 10);
  const seedObjects = options.seedObjects ?? 2000;
  const objectBytes = options.objectBytes ?? 4096;
  const workers = options.workers ?? process.env.TARN_BENCH_WORKERS;
  const phases = chosenPhases();
  const phase = (name: PhaseName, run: () => ReturnType<typeof runPhase>) => (phases.has(name) ? run() : skipped);
  const loadBefore = loadavg()[0] as number;
  const bareNode = await phase('bare', () => measureBare('node', connections, seconds));
  const bareHono = await phase('bare', () => measureBare('hono', connections, seconds));
  const payload = Buffer.alloc(objectBytes, 'tarn');

  const dataDir = mkdtempSync(join(tmpdir(), 'tarn-http-load-'));
  const server = await startTarn(dataDir, options.databaseUrl, workers);
  const client = new LoadClient(server.host, server.port, connections);
  try {
    const setup = await client.json('POST', '/setup_lakefs', { username: 'bench' });
    const creds = JSON.parse(setup.body.toString()) as { access_key_id: string; secret_access_key: string };
    client.authorization = `Basic ${Buffer.from(`${creds.access_key_id}:${creds.secret_access_key}`).toString('base64')}`;
    const repo = await client.json('POST', '/repositories', { name: 'load', storage_namespace: 'local://load' });
    if (repo.status !== 201) throw new Error(`create repository: ${repo.status} ${repo.body.toString()}`);

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

    const randomPath = () => encodeURIComponent(seedPaths[Math.floor(Math.random() * seedPaths.length)] as string);
    const stat = async (path: string) => (await client.request('GET', `/repositories/load/refs/main/objects/stat?path=${path}`)).status === 200;
    const get = async (path: string) => {
      const res = await client.request('GET', `/repositories/load/refs/main/objects?path=${path}`);
      return res.status === 200 && res.body.length === objectBytes;
    };
    const pid = server.child.pid;
    const healthchecks = await phase('healthcheck', () =>
      runPhase(connections, seconds, async () => (await client.request('GET', '/healthcheck')).status === 204, pid),
    );
    const stats = await phase('stat', () => runPhase(connections, seconds, () => stat(randomPath()), pid));
    const gets = await phase('get', () => runPhase(connections, seconds, () => get(randomPath()), pid));
    const reads = await phase('reads', () =>
      runPhase(
        connections,
        seconds,
        async () => {
          const path = randomPath();
          return (await stat(path)) && (await get(path));
        },
        pid,
      ),
    );
    // Just before Tarn's uploads, while Tarn waits: the disk's write-back from earlier work moves file creation's
    // cost a lot, so the yardstick is measured as close as it can be to what it measures.
    const bareFiles = await phase('writes', () => measureBare('files', connections, seconds, payload));
    let written = 0;
    const writes = await phase('writes', () =>
      runPhase(connections, seconds, async () => (await upload(`new/${written++}.bin`)).status === 201, pid),
    );

    return {
      connections,
      seconds_per_phase: seconds,
      seeded_objects: seedObjects,
      object_bytes: objectBytes,
      workers: workers ?? '1',
      load_average_before: Math.round(loadBefore * 100) / 100,
      load_average_after: Math.round((loadavg()[0] as number) * 100) / 100,
      bare_node_per_s: bareNode.perSecond,
      bare_node_p90_ms: bareNode.p90,
      bare_hono_per_s: bareHono.perSecond,
      bare_hono_p90_ms: bareHono.p90,
      bare_file_writes_per_s: bareFiles.perSecond,
      bare_file_writes_p90_ms: bareFiles.p90,
      healthcheck_per_s: healthchecks.perSecond,
      healthcheck_p90_ms: healthchecks.p90,
      stat_per_s: stats.perSecond,
      stat_p90_ms: stats.p90,
      get_per_s: gets.perSecond,
      get_p90_ms: gets.p90,
      reads_per_s: reads.perSecond,
      read_requests_per_s: reads.perSecond * 2,
      read_p50_ms: reads.p50,
      read_p90_ms: reads.p90,
      read_p99_ms: reads.p99,
      writes_per_s: writes.perSecond,
      write_p50_ms: writes.p50,
      write_p90_ms: writes.p90,
      write_p99_ms: writes.p99,
      healthcheck_cpu_us: healthchecks.cpuUsPerOp,
      stat_cpu_us: stats.cpuUsPerOp,
      get_cpu_us: gets.cpuUsPerOp,
      read_cpu_us: Math.round(reads.cpuUsPerOp / 2),
      write_cpu_us: writes.cpuUsPerOp,
      bare_hono_ratio_to_bare: ratio(bareHono.perSecond, bareNode.perSecond),
      tarn_healthcheck_ratio_to_bare: ratio(healthchecks.perSecond, bareNode.perSecond),
      tarn_stat_ratio_to_bare: ratio(stats.perSecond, bareNode.perSecond),
      tarn_get_ratio_to_bare: ratio(gets.perSecond, bareNode.perSecond),
      tarn_upload_ratio_to_bare: ratio(writes.perSecond, bareNode.perSecond),
      tarn_upload_ratio_to_bare_file_writes: ratio(writes.perSecond, bareFiles.perSecond),
      errors: bareNode.errors + bareHono.errors + bareFiles.errors + healthchecks.errors + stats.errors + gets.errors + reads.errors + writes.errors,
    };
  } finally {
    client.close();
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const results = await runHttpLoad();
  console.log(JSON.stringify(results, null, 2));
}
