/**
 * The commit graph (GET /repositories/{repository}/graph) over a history of N commits (default 100,000, with a side
 * commit merged every 1,000), through the real server in a child process: the commits are written as records first
 * (not timed), then pages of 1,000 are read. Figures: the first page (which lists the branches and tags), a page
 * resumed from a cursor halfway down the history, and the whole walk page after page.
 *
 * Run alone: `npx tsx bench/commit-graph.ts` (TARN_BENCH_GRAPH_COMMITS=N sets the count).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { seedLongHistory } from '../tests/e2e/fixtures/long-history';
import { spawnServer } from '../tests/server/http/child-server';

export interface CommitGraphBenchResults {
  graph_commits: number;
  graph_seed_s: number;
  /** Median of the first page of 1,000 (from the heads). */
  graph_page_1000_first_ms: number;
  /** Median of a page of 1,000 resumed from the cursor halfway down. */
  graph_page_1000_middle_ms: number;
  /** Every page of 1,000, one after the other, to the end. */
  graph_walk_all_s: number;
}

interface GraphPage {
  pagination: { has_more: boolean; next_offset: string };
  results: unknown[];
}

const PAGE = 1000;
const ROUNDS = 5;

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export async function runCommitGraphBench(commits: number): Promise<CommitGraphBenchResults> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tarn-bench-graph-'));
  let seeded = performance.now();
  const repo = await seedLongHistory(dataDir, { count: commits });
  seeded = performance.now() - seeded;
  const server = await spawnServer(dataDir);
  try {
    const setup = await fetch(`${server.api}/setup_lakefs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench' }) });
    const keys = (await setup.json()) as { access_key_id: string; secret_access_key: string };
    const authorization = `Basic ${Buffer.from(`${keys.access_key_id}:${keys.secret_access_key}`).toString('base64')}`;
    const page = async (after: string): Promise<{ ms: number; body: GraphPage }> => {
      const started = performance.now();
      const res = await fetch(`${server.api}/repositories/${repo.repository}/graph?amount=${PAGE}${after ? `&after=${after}` : ''}`, { headers: { authorization } });
      if (res.status !== 200) throw new Error(`graph page: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as GraphPage;
      return { ms: performance.now() - started, body };
    };

    let walked = performance.now();
    let total = 0;
    let middle = '';
    for (let after = ''; ; ) {
      const { body } = await page(after);
      total += body.results.length;
      if (!middle && total >= commits / 2) middle = body.pagination.next_offset;
      if (!body.pagination.has_more) break;
      after = body.pagination.next_offset;
    }
    walked = performance.now() - walked;
    if (total < commits) throw new Error(`the graph held ${total} commits, fewer than the ${commits} written`);

    const first: number[] = [];
    const resumed: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      first.push((await page('')).ms);
      resumed.push((await page(middle)).ms);
    }
    return {
      graph_commits: total,
      graph_seed_s: seeded / 1000,
      graph_page_1000_first_ms: median(first),
      graph_page_1000_middle_ms: median(resumed),
      graph_walk_all_s: walked / 1000,
    };
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatCommitGraphResults(r: CommitGraphBenchResults): string {
  return [
    `Commit graph over ${r.graph_commits.toLocaleString('en-US')} commits (written as records in ${r.graph_seed_s.toFixed(1)} s, not counted):`,
    `  a page of 1,000: ${r.graph_page_1000_first_ms.toFixed(1)} ms from the heads, ${r.graph_page_1000_middle_ms.toFixed(1)} ms from halfway down (medians of ${ROUNDS})`,
    `  every page to the end: ${r.graph_walk_all_s.toFixed(1)} s`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(formatCommitGraphResults(await runCommitGraphBench(Number(process.env.TARN_BENCH_GRAPH_COMMITS ?? 100_000))));
}
