/**
 * Storage benchmarks at the graveler level, on a real SQLite file and a local folder in a temporary directory.
 * Large committed trees are written through the bulk path (ranges straight from sorted records), as an import
 * would; every measured operation goes through the public API.
 *
 * Run alone: `npx tsx bench/storage.ts` (set TARN_BENCH_SIZES=10000,100000 to skip the 1M tree).
 * `TARN_BENCH_ONLY=commits npx tsx bench/storage.ts` runs only the commit scaling (10k and 1M unless
 * TARN_BENCH_SIZES says), TARN_BENCH_RUNS times (default 5), and prints the median ratios; TARN_BENCH_ONLY=find runs
 * the file finder's figures alone, at the largest size; TARN_BENCH_ONLY=gc the collector's alone, at 100k objects;
 * TARN_BENCH_ONLY=deletes the listings of a folder with 99,990 uncommitted deletions of 100,000; TARN_BENCH_ONLY=usage
 * the usage call (objects and bytes by child) at the largest size.
 * TARN_BENCH_PROFILE=DIR writes a CPU profile of each measured commit there.
 */
import fs from 'node:fs';
import inspector from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate as yieldToIo } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { openLocalBlockStore } from '../server/blockstore/index';
import { gcGracePeriodSeconds } from '../server/catalog/index';
import { collectGarbage } from '../server/gc/index';
import { createGraveler, type Graveler, type ObjectEntry, type ObjectRecord } from '../server/graveler/index';
import { decodeMetaRangeFile } from '../server/graveler/range-codec';
import { openSqliteKv, type KvStore } from '../server/kv/index';

const REPO = 'bench';
const ROUNDS = 5;
const FILES_PER_PARTITION = 1000;

export interface CommitScalingResult {
  objects: number;
  /** Median time to commit 100 changes clustered in one folder (the common shape of a data-lake write). */
  commitClusteredMs: number;
  /** Median time to commit 100 changes spread uniformly over the whole tree (the worst case). */
  commitScatteredMs: number;
  /** Mean and slowest of those commits, which the median does not show (a cold file, a collection). */
  commitScatteredMeanMs: number;
  commitScatteredMaxMs: number;
  /** Time to write the committed tree through the bulk path (setup, not a goal). */
  buildMs: number;
  /** Median records re-encoded into range files per commit: the machine-independent cost. */
  clusteredRecords: number;
  scatteredRecords: number;
  /** Median bytes of range and metarange files written per commit. */
  clusteredBytes: number;
  scatteredBytes: number;
  /** Median metarange files, rows (and parts listed) and bytes written per commit: what grows with the tree if anything does. */
  clusteredMetarangeFiles: number;
  scatteredMetarangeFiles: number;
  clusteredMetarangeRows: number;
  scatteredMetarangeRows: number;
  clusteredMetarangeBytes: number;
  scatteredMetarangeBytes: number;
  /** Median range files read from disk per commit (a tree larger than the range cache is read cold), and bytes. */
  clusteredRangesRead: number;
  scatteredRangesRead: number;
  scatteredRangeBytesRead: number;
  /** Median CPU time of the process per commit: less sensitive than the wall time to other work on a shared machine. */
  commitClusteredCpuMs: number;
  commitScatteredCpuMs: number;
  /** Rows of the metarange after the last commit (fragmentation), and the parts they are in. */
  finalRows: number;
  finalParts: number;
}

export interface StorageBenchResults {
  commits: CommitScalingResult[];
  /** commit of 100 clustered changes at the largest size divided by the smallest (goal ≤ 1.5 for 1M/10k). */
  commitRatio: number;
  /** The same for 100 changes spread over the tree. */
  commitScatteredRatio: number;
  /** The same ratios of CPU time per commit. */
  commitCpuRatio: number;
  commitScatteredCpuRatio: number;
  /** Two-dot diff of two commits differing by 100 objects (clustered / scattered), largest size. */
  diff100ClusteredMs: number;
  diff100ScatteredMs: number;
  /** Merge of a branch with 100 changed objects into a moved destination, largest size. */
  merge100ClusteredMs: number;
  merge100ScatteredMs: number;
  /** The clustered merge again, with 10 of its paths also changed on the destination and settled path by path. */
  merge100ResolvedMs: number;
  /** One listing page of 1000 objects in the middle of the largest tree (warm / cold range cache). */
  listPage1000Ms: number;
  listPage1000ColdMs: number;
  /** Sequential branch creations per second. */
  branchCreatesPerSecond: number;
  gc: GcBenchResult;
  deletes: DeletesBenchResult;
  find: FindBenchResult;
}

/** The file finder at the largest size: time to its first page, and how fast it walks paths. */
export interface FindBenchResult {
  objects: number;
  /** A query matching 1 path in 100 ('FILE-004'): the first page of 100 fills after about 10,000 paths. */
  frequentFirstPageMs: number;
  frequentFirstPageColdMs: number;
  /** A query matching nothing: the first page walks until the time budget ends it, or to the end. */
  absentFirstPageMs: number;
  absentFirstPageColdMs: number;
  /** Paths the absent query's first page looked at (its next_offset's position; all of them when it ended), warm and cold. */
  absentFirstPagePaths: number;
  absentFirstPageColdPaths: number;
  /** The absent query followed through every page to the end: paths looked at per second. */
  pathsPerSecond: number;
  pathsPerSecondCold: number;
}

/** A folder of 100,000 committed objects with all but its last 10 deleted and not committed (lakeFS #10008). */
export interface DeletesBenchResult {
  objects: number;
  deleted: number;
  /** Median listing of the branch's root (one folder and two objects) before and after the deletions. */
  rootCleanMs: number;
  rootDirtyMs: number;
  /** Median first page of the folder itself, before and after. */
  folderCleanMs: number;
  folderDirtyMs: number;
  /** The process's CPU time for that page after the deletions: less sensitive than the wall time to other work on a shared machine. */
  folderDirtyCpuMs: number;
}

export interface GcBenchResult {
  /** Objects at the head (each with its own data file). */
  objects: number;
  /** Older versions only an expired commit refers to: what the collector must delete. */
  expiredVersions: number;
  /** A dry run over the same data (lists, marks, deletes nothing). */
  dryRunMs: number;
  /** The real run. */
  ms: number;
  bytesFreed: number;
  /** Data files the collector looked at (every version, kept or not). */
  examined: number;
  /** The real run's time per data file examined, in microseconds: what stays flat as a repository grows. */
  usPerObject: number;
}

interface Bench {
  dir: string;
  kv: KvStore;
  g: Graveler;
  close(): Promise<void>;
}

function entryFor(i: number, salt = ''): ObjectEntry {
  return {
    address: `data/bench/${i.toString(36)}${salt}`,
    addressType: 'relative',
    size: 1024 + (i % 4096),
    checksum: `${(i * 2654435761 >>> 0).toString(16).padStart(8, '0')}${salt}`,
    mtime: 1_700_000_000 + i,
    contentType: 'application/octet-stream',
    metadata: {},
  };
}

/** Object i lives in partition floor(i / 1000): zero-padded so numeric order is key order. */
function keyFor(i: number): string {
  const part = Math.floor(i / FILES_PER_PARTITION);
  return `tables/events/part=${String(part).padStart(5, '0')}/file-${String(i % FILES_PER_PARTITION).padStart(4, '0')}.parquet`;
}

function* records(n: number): Generator<ObjectRecord> {
  for (let i = 0; i < n; i++) yield { path: keyFor(i), entry: entryFor(i) };
}

async function open(): Promise<Bench> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarn-bench-'));
  const kv = openSqliteKv({ path: path.join(dir, 'kv.db') });
  const blockstore = openLocalBlockStore({ root: path.join(dir, 'blocks') });
  const g = createGraveler({ kv, blockstore });
  await g.createRepository({ id: REPO, storageNamespace: `local://${REPO}` });
  return {
    dir,
    kv,
    g,
    async close() {
      await g.close();
      await kv.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

/** A tiny deterministic generator so scattered picks are the same on every run. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** 100 paths: half overwrite one existing partition, half add new files next to them. */
function clusteredChanges(n: number, round: number): string[] {
  const part = Math.floor((n / FILES_PER_PARTITION) * ((round * 0.37) % 1));
  const base = part * FILES_PER_PARTITION;
  const out: string[] = [];
  for (let i = 0; i < 50; i++) out.push(keyFor(Math.min(base + i * 7, n - 1)));
  for (let i = 0; i < 50; i++) out.push(`${keyFor(base).replace(/file-.*$/, '')}added-r${round}-${String(i).padStart(3, '0')}.parquet`);
  return [...new Set(out)];
}

function scatteredChanges(n: number, round: number): string[] {
  const rand = lcg(1234 + round);
  const out = new Set<string>();
  while (out.size < 100) out.add(keyFor(Math.floor(rand() * n)));
  return [...out];
}

async function stage(g: Graveler, branch: string, paths: string[], salt: string): Promise<void> {
  let i = 0;
  for (const p of paths) {
    await g.putObject(REPO, branch, p, entryFor(i++, salt));
    // Staged writes arrive as separate requests in a server; let I/O run between them.
    if (i % 50 === 0) await yieldToIo();
  }
}

async function build(b: Bench, n: number): Promise<number> {
  return timed(async () => {
    const mr = await b.g.writeMetaRange(REPO, records(n));
    await b.g.commitMetaRange(REPO, 'main', mr, { committer: 'bench', message: `load ${n}` });
  });
}

interface MeasuredCommit {
  ms: number;
  cpuMs: number;
  records: number;
  bytes: number;
  metarangeFiles: number;
  metarangeRows: number;
  metarangeBytes: number;
  /** Range files read from disk (not in the range cache), and their bytes. */
  rangesRead: number;
  rangeBytesRead: number;
}

/** With TARN_BENCH_PROFILE=DIR, each measured commit's V8 CPU profile is written there (bench/cpu-profile.ts reads it). */
const PROFILE_DIR = process.env.TARN_BENCH_PROFILE;

async function profiled<T>(name: string, run: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIR) return run();
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))));
  await post('Profiler.enable');
  // A commit takes tens of milliseconds: at the default 1 ms a profile would hold a few dozen samples of it.
  await post('Profiler.setSamplingInterval', { interval: 50 });
  await post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = (await post('Profiler.stop')) as { profile: object };
    session.disconnect();
    fs.mkdirSync(PROFILE_DIR, { recursive: true });
    fs.writeFileSync(path.join(PROFILE_DIR, `${name.replace(/[^\w.-]+/g, '-')}.cpuprofile`), JSON.stringify(profile));
  }
}

/** Commits the staging of main, timing it and counting what it encoded. */
async function measuredCommit(g: Graveler, message: string): Promise<MeasuredCommit> {
  const before = g.treeWriteStats();
  const cpu = process.cpuUsage();
  const ms = await profiled(`commit-${message}`, () => timed(() => g.commit(REPO, 'main', { committer: 'bench', message })));
  const { user, system } = process.cpuUsage(cpu);
  const after = g.treeWriteStats();
  return {
    ms,
    cpuMs: (user + system) / 1000,
    records: after.records - before.records,
    bytes: after.bytes - before.bytes,
    metarangeFiles: after.metaranges - before.metaranges,
    metarangeRows: after.metarangeRows - before.metarangeRows,
    metarangeBytes: after.metarangeBytes - before.metarangeBytes,
    rangesRead: after.rangesRead - before.rangesRead,
    rangeBytesRead: after.rangeBytesRead - before.rangeBytesRead,
  };
}

/** Rows and parts of the tree at the branch's head, from its metarange file. */
async function treeShape(g: Graveler, branch: string): Promise<{ rows: number; parts: number }> {
  const head = await g.getCommit(REPO, (await g.getBranch(REPO, branch)).commitId);
  const file = decodeMetaRangeFile(await g.readTreeFile(REPO, 'metarange', head.metaRangeId));
  if ('rows' in file) return { rows: file.rows.length, parts: 1 };
  return { rows: file.parts.reduce((sum, p) => sum + p.rows, 0), parts: file.parts.length };
}

export async function benchCommitScaling(n: number): Promise<CommitScalingResult> {
  const b = await open();
  try {
    const buildMs = await build(b, n);
    const clustered: MeasuredCommit[] = [];
    const scattered: MeasuredCommit[] = [];
    // Round 0 warms the code paths and is not counted.
    for (let r = -1; r < ROUNDS; r++) {
      await stage(b.g, 'main', clusteredChanges(n, r + 2), `c${r}`);
      const c = await measuredCommit(b.g, `clustered ${r}`);
      await stage(b.g, 'main', scatteredChanges(n, r + 2), `s${r}`);
      const s = await measuredCommit(b.g, `scattered ${r}`);
      if (r < 0) continue;
      clustered.push(c);
      scattered.push(s);
    }
    return {
      objects: n,
      commitClusteredMs: median(clustered.map((c) => c.ms)),
      commitScatteredMs: median(scattered.map((c) => c.ms)),
      commitScatteredMeanMs: scattered.reduce((sum, c) => sum + c.ms, 0) / scattered.length,
      commitScatteredMaxMs: Math.max(...scattered.map((c) => c.ms)),
      buildMs,
      clusteredRecords: median(clustered.map((c) => c.records)),
      scatteredRecords: median(scattered.map((c) => c.records)),
      clusteredBytes: median(clustered.map((c) => c.bytes)),
      scatteredBytes: median(scattered.map((c) => c.bytes)),
      clusteredMetarangeFiles: median(clustered.map((c) => c.metarangeFiles)),
      scatteredMetarangeFiles: median(scattered.map((c) => c.metarangeFiles)),
      clusteredMetarangeRows: median(clustered.map((c) => c.metarangeRows)),
      scatteredMetarangeRows: median(scattered.map((c) => c.metarangeRows)),
      clusteredMetarangeBytes: median(clustered.map((c) => c.metarangeBytes)),
      scatteredMetarangeBytes: median(scattered.map((c) => c.metarangeBytes)),
      clusteredRangesRead: median(clustered.map((c) => c.rangesRead)),
      scatteredRangesRead: median(scattered.map((c) => c.rangesRead)),
      scatteredRangeBytesRead: median(scattered.map((c) => c.rangeBytesRead)),
      commitClusteredCpuMs: median(clustered.map((c) => c.cpuMs)),
      commitScatteredCpuMs: median(scattered.map((c) => c.cpuMs)),
      ...(await treeShape(b.g, 'main').then(({ rows, parts }) => ({ finalRows: rows, finalParts: parts }))),
    };
  } finally {
    await b.close();
  }
}

export interface DiffMergeResult {
  diffClusteredMs: number;
  diffScatteredMs: number;
  mergeClusteredMs: number;
  mergeScatteredMs: number;
  mergeResolvedMs: number;
  listPage1000Ms: number;
  listPage1000ColdMs: number;
}

async function diffAll(g: Graveler, left: string, right: string): Promise<number> {
  let count = 0;
  let after: string | undefined;
  for (;;) {
    const page = await g.diff(REPO, left, right, { type: 'two_dot', amount: 1000, after });
    count += page.results.length;
    if (!page.hasMore) return count;
    after = page.nextOffset;
  }
}

export async function benchDiffMergeList(n: number): Promise<DiffMergeResult> {
  const b = await open();
  try {
    await build(b, n);
    const result: Partial<DiffMergeResult> = {};
    for (const [kind, pick] of [
      ['Clustered', clusteredChanges],
      ['Scattered', scatteredChanges],
    ] as const) {
      const feature = `feature-${kind.toLowerCase()}`;
      await b.g.createBranch(REPO, feature, 'main');
      await stage(b.g, feature, pick(n, 11), `f-${kind}`);
      await b.g.commit(REPO, feature, { committer: 'bench', message: 'feature' });
      let diffCount = 0;
      result[`diff${kind}Ms`] = await timed(async () => {
        diffCount = await diffAll(b.g, 'main', feature);
      });
      if (diffCount !== 100) throw new Error(`expected 100 differences, found ${diffCount}`);
      // The destination moves too, elsewhere, so the merge is a real three-way merge.
      await stage(b.g, 'main', pick(n, 23).filter((p) => !pick(n, 11).includes(p)), `m-${kind}`);
      await b.g.commit(REPO, 'main', { committer: 'bench', message: 'main moves' });
      result[`merge${kind}Ms`] = await timed(() => b.g.merge(REPO, feature, 'main', { committer: 'bench' }));
    }
    // Conflicts settled path by path (half source, half destination) cost no more than the walk that finds them.
    const changed = clusteredChanges(n, 31);
    await b.g.createBranch(REPO, 'feature-resolved', 'main');
    await stage(b.g, 'feature-resolved', changed, 'f-resolved');
    await b.g.commit(REPO, 'feature-resolved', { committer: 'bench', message: 'feature' });
    const clashing = changed.slice(0, 10);
    await stage(b.g, 'main', clashing, 'm-resolved');
    await b.g.commit(REPO, 'main', { committer: 'bench', message: 'main clashes' });
    const resolutions = Object.fromEntries(clashing.map((p, i) => [p, i % 2 === 0 ? 'source' : 'dest'] as const));
    result.mergeResolvedMs = await timed(() => b.g.merge(REPO, 'feature-resolved', 'main', { committer: 'bench', resolutions }));
    const middle = keyFor(Math.floor(n / 2));
    const list = async () => {
      const page = await b.g.listObjects(REPO, 'main', { after: middle, amount: 1000 });
      if (page.results.length !== 1000) throw new Error('short listing page');
    };
    const warm: number[] = [];
    for (let k = 0; k < 3; k++) warm.push(await timed(list));
    result.listPage1000Ms = median(warm);
    // A restarted process: same files, empty caches.
    await b.g.close();
    const fresh = createGraveler({ kv: b.kv, blockstore: openLocalBlockStore({ root: path.join(b.dir, 'blocks') }) });
    result.listPage1000ColdMs = await timed(async () => {
      const page = await fresh.listObjects(REPO, 'main', { after: middle, amount: 1000 });
      if (page.results.length !== 1000) throw new Error('short listing page');
    });
    await fresh.close();
    return result as DiffMergeResult;
  } finally {
    await b.close();
  }
}

const FIND_FREQUENT = 'FILE-004';
const FIND_ABSENT = 'no-such-path';

/** Follows a query through every page; returns the pages it took. */
async function findAll(g: Graveler, query: string): Promise<number> {
  let pages = 0;
  let after: string | undefined;
  for (;;) {
    const page = await g.findObjects(REPO, 'main', { query, after });
    pages++;
    if (!page.hasMore) return pages;
    after = page.nextOffset;
  }
}

export async function benchFind(n: number): Promise<FindBenchResult> {
  const b = await open();
  const reopen = () => createGraveler({ kv: b.kv, blockstore: openLocalBlockStore({ root: path.join(b.dir, 'blocks') }) });
  try {
    await build(b, n);
    await b.g.close();
    const firstPage = async (g: Graveler, query: string, filled: boolean) => {
      let nextOffset = '';
      const ms = await timed(async () => {
        const page = await g.findObjects(REPO, 'main', { query });
        if (filled && page.results.length !== 100) throw new Error(`the first page of '${query}' holds ${page.results.length} paths`);
        nextOffset = page.nextOffset;
      });
      return { ms, nextOffset };
    };
    // Each cold figure on a fresh store (a restarted process: same files, empty caches).
    let g = reopen();
    const frequentCold = await firstPage(g, FIND_FREQUENT, true);
    await g.close();
    g = reopen();
    const absentCold = await firstPage(g, FIND_ABSENT, false);
    await g.close();
    g = reopen();
    const scanColdMs = await timed(() => findAll(g, FIND_ABSENT));
    // Warm: the same store again, its caches filled by the walk above.
    const warmOf = async (query: string, filled: boolean) => {
      const runs = [];
      for (let k = 0; k < 3; k++) runs.push(await firstPage(g, query, filled));
      return { ms: median(runs.map((r) => r.ms)), nextOffset: (runs[0] as { nextOffset: string }).nextOffset };
    };
    const frequent = await warmOf(FIND_FREQUENT, true);
    const absent = await warmOf(FIND_ABSENT, false);
    const scans: number[] = [];
    for (let k = 0; k < 3; k++) scans.push(await timed(() => findAll(g, FIND_ABSENT)));
    await g.close();
    const position = (offset: string) => (offset === '' ? n : keyIndex(offset) + 1);
    return {
      objects: n,
      frequentFirstPageMs: frequent.ms,
      frequentFirstPageColdMs: frequentCold.ms,
      absentFirstPageMs: absent.ms,
      absentFirstPageColdMs: absentCold.ms,
      absentFirstPagePaths: position(absent.nextOffset),
      absentFirstPageColdPaths: position(absentCold.nextOffset),
      pathsPerSecond: n / (median(scans) / 1000),
      pathsPerSecondCold: n / (scanColdMs / 1000),
    };
  } finally {
    await b.close();
  }
}

/** The usage call (objects and bytes by child) over a committed tree, with a branch holding staged changes. */
export interface UsageBenchResult {
  objects: number;
  /** The root (one child, `tables/`): parts and rows wholly inside it counted from their totals. Median of warm calls. */
  rootMs: number;
  /**
   * The root on a restarted store: same files (in the OS's file cache, as after a restart), empty range, metarange
   * and byte-total caches, so every range file is read and its sizes summed.
   */
  rootColdMs: number;
  /** `tables/events/`: 1,000 partitions, every row straddling two or more, warm and cold. */
  partitionsMs: number;
  partitionsColdMs: number;
  partitionsCpuMs: number;
  /** The root of a branch with 100 staged changes (overwrites spread over the tree, and adds). */
  branchMs: number;
}

export async function benchUsage(n: number): Promise<UsageBenchResult> {
  const b = await open();
  const reopen = () => createGraveler({ kv: b.kv, blockstore: openLocalBlockStore({ root: path.join(b.dir, 'blocks') }) });
  try {
    await build(b, n);
    await b.g.createBranch(REPO, 'dev', 'main');
    const changes = scatteredChanges(n, 1).slice(0, 50);
    for (let i = 0; i < 50; i++) changes.push(`tables/events/new/added-${String(i).padStart(3, '0')}.parquet`);
    await stage(b.g, 'dev', changes, 'usage');
    await b.g.close();
    const usage = async (g: Graveler, ref: string, prefix: string, children: number) => {
      const u = await g.usage(REPO, ref, { prefix, amount: 1000 });
      if (u.children.length + u.others.children !== children) throw new Error(`usage of '${prefix}' has ${u.children.length + u.others.children} children`);
      if (ref === 'main' && u.totals.objects !== n) throw new Error(`usage of '${prefix}' counts ${u.totals.objects} objects`);
    };
    const partitions = n / FILES_PER_PARTITION;
    const cold = async (prefix: string, children: number) => {
      const g = reopen();
      const ms = await timed(() => usage(g, 'main', prefix, children));
      await g.close();
      return ms;
    };
    const rootColdMs = await cold('', 1);
    const partitionsColdMs = await cold('tables/events/', partitions);
    const g = reopen();
    await usage(g, 'main', '', 1);
    const warm = async (ref: string, prefix: string, children: number) => {
      const times: number[] = [];
      const cpuTimes: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const cpu = process.cpuUsage();
        times.push(await timed(() => usage(g, ref, prefix, children)));
        const { user, system } = process.cpuUsage(cpu);
        cpuTimes.push((user + system) / 1000);
      }
      return { ms: median(times), cpuMs: median(cpuTimes) };
    };
    const root = await warm('main', '', 1);
    const parts = await warm('main', 'tables/events/', partitions);
    const branch = await warm('dev', '', 1);
    await g.close();
    return { objects: n, rootMs: root.ms, rootColdMs, partitionsMs: parts.ms, partitionsColdMs, partitionsCpuMs: parts.cpuMs, branchMs: branch.ms };
  } finally {
    await b.close();
  }
}

export function formatUsageResults(u: UsageBenchResult): string {
  return (
    `usage @ ${u.objects.toLocaleString('en-US')} objects (goal ≤ 1 s): root ${fmt(u.rootMs)} warm, ${fmt(u.rootColdMs)} cold; ` +
    `${(u.objects / 1000).toLocaleString('en-US')} partitions ${fmt(u.partitionsMs)} warm (CPU ${fmt(u.partitionsCpuMs)}), ${fmt(u.partitionsColdMs)} cold; ` +
    `a branch's root with 100 staged changes ${fmt(u.branchMs)}`
  );
}

/** The i of keyFor(i). */
function keyIndex(key: string): number {
  const m = /part=(\d+)\/file-(\d+)/.exec(key);
  if (!m) throw new Error(`not a bench key: ${key}`);
  return Number(m[1]) * FILES_PER_PARTITION + Number(m[2]);
}

export async function benchUncommittedDeletes(objects = 100_000, kept = 10): Promise<DeletesBenchResult> {
  const b = await open();
  const keyOf = (i: number) => `big/f${String(i).padStart(7, '0')}`;
  try {
    const metaRange = await b.g.writeMetaRange(REPO, (function* () {
      yield { path: 'a.txt', entry: entryFor(0) };
      for (let i = 0; i < objects; i++) yield { path: keyOf(i), entry: entryFor(i) };
      yield { path: 'z.txt', entry: entryFor(1) };
    })());
    await b.g.commitMetaRange(REPO, 'main', metaRange, { committer: 'bench', message: 'load' });
    const cpuTimes: number[] = [];
    const listing = async (options: { prefix?: string }) => {
      const times: number[] = [];
      cpuTimes.length = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const cpu = process.cpuUsage();
        times.push(await timed(() => b.g.listObjects(REPO, 'main', { ...options, delimiter: '/', amount: 1000 })));
        const { user, system } = process.cpuUsage(cpu);
        cpuTimes.push((user + system) / 1000);
      }
      return median(times);
    };
    const rootCleanMs = await listing({});
    const folderCleanMs = await listing({ prefix: 'big/' });
    for (let i = 0; i < objects - kept; i++) await b.g.deleteObject(REPO, 'main', keyOf(i));
    const root = await b.g.listObjects(REPO, 'main', { delimiter: '/', amount: 1000 });
    if (root.results.length !== 3) throw new Error(`the root lists ${root.results.length} entries, expected 3`);
    const rootDirtyMs = await listing({});
    const folderDirtyMs = await listing({ prefix: 'big/' });
    return { objects, deleted: objects - kept, rootCleanMs, rootDirtyMs, folderCleanMs, folderDirtyMs, folderDirtyCpuMs: median(cpuTimes) };
  } finally {
    await b.close();
  }
}

export async function benchBranchCreates(count = 1000): Promise<number> {
  const b = await open();
  try {
    await build(b, 10_000);
    const ms = await timed(async () => {
      for (let i = 0; i < count; i++) await b.g.createBranch(REPO, `b-${i}`, 'main');
    });
    return count / (ms / 1000);
  } finally {
    await b.close();
  }
}

/** Writes a data file straight into the namespace's folder: setup, so the block store's atomic put is not needed. */
function writeDataFile(dir: string, key: string, bytes: Buffer): void {
  const file = path.join(dir, 'blocks', REPO, key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
}

/**
 * GC over a repository of `n` objects with `expired` older versions: an old commit holds version 1 of every object,
 * the head replaces `expired` of them, and the rules keep 7 days, so exactly those versions go. Run cold (fresh
 * caches), as the command runs.
 */
export async function benchGc(n: number, expired: number): Promise<GcBenchResult> {
  const b = await open();
  const fileBytes = 256;
  const entry = (key: string, i: number): ObjectEntry => ({ ...entryFor(i), address: key, size: fileBytes });
  const keyOf = (i: number, version: number) => `data/p${Math.floor(i / FILES_PER_PARTITION)}/v${version}o${i.toString(36)}`;
  try {
    const content = Buffer.alloc(fileBytes, 7);
    for (let i = 0; i < n; i++) writeDataFile(b.dir, keyOf(i, 1), content);
    for (let i = 0; i < expired; i++) writeDataFile(b.dir, keyOf(i * Math.floor(n / expired), 2), content);
    const replaced = (i: number) => i % Math.floor(n / expired) === 0 && i / Math.floor(n / expired) < expired;
    const now = Math.floor(Date.now() / 1000);
    const old = await b.g.writeMetaRange(REPO, (function* () {
      for (let i = 0; i < n; i++) yield { path: keyFor(i), entry: entry(keyOf(i, 1), i) };
    })());
    await b.g.commitMetaRange(REPO, 'main', old, { committer: 'bench', message: 'version 1', date: now - 60 * 86_400 });
    const head = await b.g.writeMetaRange(REPO, (function* () {
      for (let i = 0; i < n; i++) yield { path: keyFor(i), entry: entry(keyOf(i, replaced(i) ? 2 : 1), i) };
    })());
    await b.g.commitMetaRange(REPO, 'main', head, { committer: 'bench', message: 'version 2' });
    await b.g.setGcRules(REPO, { defaultRetentionDays: 7, branches: [] });
    await b.g.close();

    // Past the grace period, so every file written above is old enough to be collected.
    const options = { repository: REPO, gracePeriodSeconds: gcGracePeriodSeconds, now: now + gcGracePeriodSeconds + 60 };
    const run = async (dryRun: boolean) => {
      const blockstore = openLocalBlockStore({ root: path.join(b.dir, 'blocks') });
      const fresh = createGraveler({ kv: b.kv, blockstore });
      let removed = 0;
      let bytesFreed = 0;
      let examined = 0;
      const ms = await timed(async () => {
        const report = await collectGarbage(fresh, blockstore, { ...options, dryRun });
        removed = report.removed.length;
        bytesFreed = report.bytesFreed;
        examined = report.examined;
      });
      await fresh.close();
      if (removed !== expired) throw new Error(`gc removed ${removed} objects, expected ${expired}`);
      return { ms, bytesFreed, examined };
    };
    const dry = await run(true);
    const real = await run(false);
    return {
      objects: n,
      expiredVersions: expired,
      dryRunMs: dry.ms,
      ms: real.ms,
      bytesFreed: real.bytesFreed,
      examined: real.examined,
      usPerObject: (real.ms * 1000) / real.examined,
    };
  } finally {
    await b.close();
  }
}

/** GC writes a real file per object, so its repository is capped below the largest tree. */
const GC_MAX_OBJECTS = 100_000;

export async function runStorageBench(sizes: number[] = [10_000, 100_000, 1_000_000]): Promise<StorageBenchResults> {
  // Compile the hot paths first, so the smallest size is not the one paying for it.
  await benchCommitScaling(2_000);
  const commits: CommitScalingResult[] = [];
  for (const n of sizes) commits.push(await benchCommitScaling(n));
  const largest = sizes[sizes.length - 1] as number;
  const dm = await benchDiffMergeList(largest);
  return {
    commits,
    ...commitRatios(commits),
    diff100ClusteredMs: dm.diffClusteredMs,
    diff100ScatteredMs: dm.diffScatteredMs,
    merge100ClusteredMs: dm.mergeClusteredMs,
    merge100ScatteredMs: dm.mergeScatteredMs,
    merge100ResolvedMs: dm.mergeResolvedMs,
    listPage1000Ms: dm.listPage1000Ms,
    listPage1000ColdMs: dm.listPage1000ColdMs,
    branchCreatesPerSecond: await benchBranchCreates(),
    deletes: await benchUncommittedDeletes(),
    gc: await benchGc(Math.min(largest, GC_MAX_OBJECTS), Math.min(largest, GC_MAX_OBJECTS) / 10),
    find: await benchFind(largest),
  };
}

function kib(bytes: number): string {
  return `${Math.round(bytes / 1024).toLocaleString('en-US')} KiB`;
}

function fmt(ms: number): string {
  return `${ms.toFixed(1)} ms`;
}

/** Each size's commit figures. */
function formatCommits(commits: readonly CommitScalingResult[]): string[] {
  const lines: string[] = [];
  for (const c of commits) {
    lines.push(
      `commit 100 changes @ ${c.objects.toLocaleString('en-US')} objects: clustered ${fmt(c.commitClusteredMs)}, scattered ${fmt(c.commitScatteredMs)} ` +
        `(CPU ${fmt(c.commitClusteredCpuMs)}, ${fmt(c.commitScatteredCpuMs)}; scattered mean ${fmt(c.commitScatteredMeanMs)}, ` +
        `slowest ${fmt(c.commitScatteredMaxMs)}; tree built in ${fmt(c.buildMs)})`,
    );
    lines.push(
      `  re-encoded per commit: clustered ${c.clusteredRecords.toLocaleString('en-US')} records / ${kib(c.clusteredBytes)}, ` +
        `scattered ${c.scatteredRecords.toLocaleString('en-US')} records / ${kib(c.scatteredBytes)}`,
    );
    lines.push(
      `  metarange written per commit: clustered ${c.clusteredMetarangeFiles} files, ${c.clusteredMetarangeRows.toLocaleString('en-US')} rows and parts, ` +
        `${c.clusteredMetarangeBytes.toLocaleString('en-US')} bytes; scattered ${c.scatteredMetarangeFiles} files, ` +
        `${c.scatteredMetarangeRows.toLocaleString('en-US')} rows and parts, ${c.scatteredMetarangeBytes.toLocaleString('en-US')} bytes; ` +
        `tree at the end ${c.finalRows.toLocaleString('en-US')} rows in ${c.finalParts.toLocaleString('en-US')} parts`,
      `  range files read from disk per commit: clustered ${c.clusteredRangesRead}, scattered ${c.scatteredRangesRead} ` +
        `(${kib(c.scatteredRangeBytesRead)})`,
    );
  }
  return lines;
}

type CommitRatios = Pick<StorageBenchResults, 'commitRatio' | 'commitScatteredRatio' | 'commitCpuRatio' | 'commitScatteredCpuRatio'>;

function commitRatios(commits: readonly CommitScalingResult[]): CommitRatios {
  const first = commits[0] as CommitScalingResult;
  const last = commits[commits.length - 1] as CommitScalingResult;
  return {
    commitRatio: last.commitClusteredMs / first.commitClusteredMs,
    commitScatteredRatio: last.commitScatteredMs / first.commitScatteredMs,
    commitCpuRatio: last.commitClusteredCpuMs / first.commitClusteredCpuMs,
    commitScatteredCpuRatio: last.commitScatteredCpuMs / first.commitScatteredCpuMs,
  };
}

function formatCommitRatios(r: CommitRatios, label = 'commit ratio largest/smallest'): string {
  return (
    `${label}: clustered ${r.commitRatio.toFixed(2)}, scattered ${r.commitScatteredRatio.toFixed(2)} (goal ≤ 1.5); ` +
    `CPU ${r.commitCpuRatio.toFixed(2)}, ${r.commitScatteredCpuRatio.toFixed(2)}`
  );
}

export function formatStorageResults(r: StorageBenchResults): string {
  const lines = formatCommits(r.commits);
  const largest = r.commits[r.commits.length - 1]?.objects.toLocaleString('en-US') ?? '?';
  lines.push(formatCommitRatios(r));
  lines.push(`diff of 100 changes @ ${largest}: clustered ${fmt(r.diff100ClusteredMs)}, scattered ${fmt(r.diff100ScatteredMs)}`);
  lines.push(
    `merge of 100 changes @ ${largest}: clustered ${fmt(r.merge100ClusteredMs)}, scattered ${fmt(r.merge100ScatteredMs)}, ` +
      `clustered with 10 conflicts resolved ${fmt(r.merge100ResolvedMs)}`,
  );
  lines.push(`list one page of 1000 @ ${largest}: ${fmt(r.listPage1000Ms)} warm, ${fmt(r.listPage1000ColdMs)} cold`);
  lines.push(`branch creates: ${Math.round(r.branchCreatesPerSecond).toLocaleString('en-US')} / s`);
  const gc = r.gc;
  lines.push(
    `gc @ ${gc.objects.toLocaleString('en-US')} objects, ${gc.expiredVersions.toLocaleString('en-US')} expired versions: ` +
      `${fmt(gc.ms)} (dry run ${fmt(gc.dryRunMs)}), ${gc.usPerObject.toFixed(1)} µs per file of ${gc.examined.toLocaleString('en-US')} examined, ` +
      `${gc.bytesFreed.toLocaleString('en-US')} bytes freed`,
  );
  lines.push(formatDeletes(r.deletes));
  lines.push(formatFindResults(r.find));
  return lines.join('\n');
}

function formatDeletes(d: DeletesBenchResult): string {
  return (
    `uncommitted deletes, ${d.deleted.toLocaleString('en-US')} of ${d.objects.toLocaleString('en-US')} in one folder: ` +
    `root listing ${fmt(d.rootDirtyMs)} (clean ${fmt(d.rootCleanMs)}, ${(d.rootDirtyMs / d.rootCleanMs).toFixed(1)}×), ` +
    `the folder ${fmt(d.folderDirtyMs)} (CPU ${fmt(d.folderDirtyCpuMs)}; clean ${fmt(d.folderCleanMs)})`
  );
}

/**
 * The commit scaling alone, `runs` times over: on a shared machine one run's ratio says little, the median of
 * several says more. Prints each run and the medians of the ratios (largest size over smallest).
 */
async function runCommitScaling(sizes: number[], runs: number): Promise<void> {
  await benchCommitScaling(2_000);
  const ratios: CommitRatios[] = [];
  for (let run = 1; run <= runs; run++) {
    const commits: CommitScalingResult[] = [];
    for (const n of sizes) commits.push(await benchCommitScaling(n));
    ratios.push(commitRatios(commits));
    console.log([`run ${run}:`, ...formatCommits(commits), formatCommitRatios(commitRatios(commits))].join('\n'));
  }
  const m = (pick: keyof CommitRatios) => median(ratios.map((r) => r[pick]));
  const medians = { commitRatio: m('commitRatio'), commitScatteredRatio: m('commitScatteredRatio'), commitCpuRatio: m('commitCpuRatio'), commitScatteredCpuRatio: m('commitScatteredCpuRatio') };
  console.log(formatCommitRatios(medians, `median of ${runs} runs, largest/smallest`));
}

export function formatFindResults(f: FindBenchResult): string {
  const rate = (perSecond: number) => `${(perSecond / 1e6).toFixed(1)} M paths/s`;
  const reach = (paths: number) => (paths === f.objects ? 'whole tree' : `${paths.toLocaleString('en-US')} paths, then the budget`);
  return [
    `find, first page @ ${f.objects.toLocaleString('en-US')} objects (goal ≤ 300 ms): ` +
      `frequent '${FIND_FREQUENT}' ${fmt(f.frequentFirstPageMs)} warm, ${fmt(f.frequentFirstPageColdMs)} cold; ` +
      `absent '${FIND_ABSENT}' ${fmt(f.absentFirstPageMs)} warm (${reach(f.absentFirstPagePaths)}), ` +
      `${fmt(f.absentFirstPageColdMs)} cold (${reach(f.absentFirstPageColdPaths)})`,
    `find, every page of the absent query: ${rate(f.pathsPerSecond)} warm, ${rate(f.pathsPerSecondCold)} cold`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = process.env.TARN_BENCH_SIZES?.split(',').map(Number) ?? undefined;
  if (process.env.TARN_BENCH_ONLY === 'commits') {
    await runCommitScaling(sizes ?? [10_000, 1_000_000], Number(process.env.TARN_BENCH_RUNS ?? 5));
  } else if (process.env.TARN_BENCH_ONLY === 'find') {
    console.log(formatFindResults(await benchFind(sizes?.at(-1) ?? 1_000_000)));
  } else if (process.env.TARN_BENCH_ONLY === 'deletes') {
    console.log(formatDeletes(await benchUncommittedDeletes()));
  } else if (process.env.TARN_BENCH_ONLY === 'usage') {
    console.log(formatUsageResults(await benchUsage(sizes?.at(-1) ?? 1_000_000)));
  } else if (process.env.TARN_BENCH_ONLY === 'gc') {
    console.log(await benchGc(GC_MAX_OBJECTS, GC_MAX_OBJECTS / 10));
  } else {
    console.log(formatStorageResults(await runStorageBench(sizes)));
  }
}
