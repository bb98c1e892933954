/**
 * The branch summaries (GET /repositories/{repository}/branches_summary) for a page of 100 branches over a long
 * history, through the real server in a child process. The history is written as commit records first (not timed):
 * a default branch of N commits (default 50,000), and 100 branches forked from it at points spread evenly over the
 * whole history, each with 1 to 30 commits of its own, one of them with 1,500 (past the cap); every tenth branch
 * is merged back. Figures: the first page after the server starts (no commit cached; a branch listing has paid the
 * server's first-call costs) and the median of later ones.
 *
 * Each figure comes with the server process's CPU time for the call (from /proc), which a busy machine does not
 * inflate as it does the wall time.
 *
 * Run alone: `npx tsx bench/branch-summaries.ts` (TARN_BENCH_SUMMARY_COMMITS=N sets the default branch's length,
 * TARN_BENCH_SUMMARY_FORK_SPAN=M forks the branches from its last M commits only, as in a repository whose old
 * branches are gone).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { openLocalBlockStore } from '../server/blockstore';
import { createGraveler, type Commit } from '../server/graveler';
import { computeCommitId } from '../server/graveler/commit-id';
import type { BranchSummaryList } from '../server/http/wire';
import { openSqliteKv } from '../server/kv';
import { spawnServer } from '../tests/server/http/child-server';

const REPOSITORY = 'summaries';
const BRANCHES = 100;
const LONG_BRANCH_COMMITS = 1500;
const ROUNDS = 5;

export interface BranchSummariesBenchResults {
  history_commits: number;
  fork_span: number;
  seed_s: number;
  /** The first page after the server started: every commit read from the store. */
  page_100_cold_ms: number;
  page_100_cold_cpu_ms: number | undefined;
  /** Median of later pages. */
  page_100_warm_ms: number;
  page_100_warm_cpu_ms: number | undefined;
  capped_branches: number;
}

/** A process's CPU time so far (user + system), in ms; undefined where /proc is not there to say. */
function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, fields 14 and 15 of the whole line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Writes the repository into `dataDir` through the store's own commit records. */
async function seed(dataDir: string, length: number, span: number): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const kv = openSqliteKv({ path: join(dataDir, 'metadata.db') });
  const graveler = createGraveler({ kv, blockstore: openLocalBlockStore({ root: join(dataDir, 'blocks') }) });
  try {
    await graveler.createRepository({ id: REPOSITORY, storageNamespace: `local://${REPOSITORY}`, defaultBranch: 'main' });
    let date = Math.floor(Date.now() / 1000) - length - BRANCHES * 40 - LONG_BRANCH_COMMITS;
    const write = async (parents: Commit[], message: string): Promise<Commit> => {
      const content = { parents: parents.map((p) => p.id), committer: 'seed', message, creationDate: date++, metaRangeId: '', metadata: {}, version: 1 };
      const commit = { ...content, id: computeCommitId(content), generation: Math.max(...parents.map((p) => p.generation)) + 1 };
      await graveler.createCommitRecord(REPOSITORY, commit);
      return commit;
    };
    const forkFrom = length - span;
    const forkEvery = Math.max(1, Math.floor(span / BRANCHES));
    let head = await graveler.getCommit(REPOSITORY, 'main');
    let branch = 0;
    for (let i = 0; i < length; i++) {
      head = await write([head], `main ${i}`);
      if (i < forkFrom || (i - forkFrom) % forkEvery !== 0 || branch >= BRANCHES) continue;
      const name = `branch-${String(branch).padStart(3, '0')}`;
      const own = branch === BRANCHES / 2 ? LONG_BRANCH_COMMITS : 1 + ((branch * 7) % 30);
      let tip = head;
      for (let j = 0; j < own; j++) tip = await write([tip], `${name} ${j}`);
      await graveler.createBranch(REPOSITORY, name, tip.id);
      if (branch % 10 === 9) head = await write([head, tip], `merge ${name}`);
      branch++;
    }
    await graveler.hardReset(REPOSITORY, 'main', head.id);
  } finally {
    await graveler.close();
    await kv.close();
  }
}

export async function runBranchSummariesBench(length: number, span = length): Promise<BranchSummariesBenchResults> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tarn-bench-summaries-'));
  let seeded = performance.now();
  await seed(dataDir, length, Math.min(span, length));
  seeded = performance.now() - seeded;
  const server = await spawnServer(dataDir);
  try {
    const setup = await fetch(`${server.api}/setup_lakefs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench' }) });
    const keys = (await setup.json()) as { access_key_id: string; secret_access_key: string };
    const authorization = `Basic ${Buffer.from(`${keys.access_key_id}:${keys.secret_access_key}`).toString('base64')}`;
    const page = async (): Promise<{ ms: number; cpu: number | undefined; body: BranchSummaryList }> => {
      const cpuBefore = cpuMs(server.child.pid);
      const started = performance.now();
      const res = await fetch(`${server.api}/repositories/${REPOSITORY}/branches_summary?amount=${BRANCHES}&prefix=branch-`, { headers: { authorization } });
      if (res.status !== 200) throw new Error(`branches_summary: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as BranchSummaryList;
      const ms = performance.now() - started;
      const cpuAfter = cpuMs(server.child.pid);
      return { ms, cpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore, body };
    };
    // The server's own first-call costs (signing in, compiling the routes) are not the summaries': a listing pays them.
    const listed = await fetch(`${server.api}/repositories/${REPOSITORY}/branches?amount=1`, { headers: { authorization } });
    if (listed.status !== 200) throw new Error(`branches: ${listed.status} ${await listed.text()}`);
    const cold = await page();
    if (cold.body.results.length !== BRANCHES) throw new Error(`the page held ${cold.body.results.length} branches, not ${BRANCHES}`);
    const warm: number[] = [];
    const warmCpu: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const { ms, cpu } = await page();
      warm.push(ms);
      if (cpu !== undefined) warmCpu.push(cpu);
    }
    return {
      history_commits: length,
      fork_span: Math.min(span, length),
      seed_s: seeded / 1000,
      page_100_cold_ms: cold.ms,
      page_100_cold_cpu_ms: cold.cpu,
      page_100_warm_ms: median(warm),
      page_100_warm_cpu_ms: warmCpu.length === ROUNDS ? median(warmCpu) : undefined,
      capped_branches: cold.body.results.filter((b) => b.ahead_capped || b.behind_capped).length,
    };
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const cpuText = (ms: number | undefined) => (ms === undefined ? '' : ` (server CPU ${ms.toFixed(0)} ms)`);

export function formatBranchSummariesResults(r: BranchSummariesBenchResults): string {
  const count = (n: number) => n.toLocaleString('en-US');
  return [
    `Branch summaries, a page of ${BRANCHES} branches forked along the last ${count(r.fork_span)} of a default branch of ` +
      `${count(r.history_commits)} commits (written as records in ${r.seed_s.toFixed(1)} s, not counted; ${r.capped_branches} branches with a capped count):`,
    `  first page after start: ${r.page_100_cold_ms.toFixed(1)} ms${cpuText(r.page_100_cold_cpu_ms)}`,
    `  later pages: ${r.page_100_warm_ms.toFixed(1)} ms${cpuText(r.page_100_warm_cpu_ms)} (medians of ${ROUNDS})`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const length = Number(process.env.TARN_BENCH_SUMMARY_COMMITS ?? 50_000);
  console.log(formatBranchSummariesResults(await runBranchSummariesBench(length, Number(process.env.TARN_BENCH_SUMMARY_FORK_SPAN ?? length))));
}
