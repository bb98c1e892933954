/**
 * `npm run bench:preview`: SQL previews in the browser read only what a query needs. A parquet file of about 256 MB
 * in row groups of about 8 MB is uploaded to a repository; Chromium opens it in the console's SQL preview through a
 * loopback proxy that counts the bytes of every read of that object (the DuckDB worker's range requests included).
 * Prints and writes bench/results/preview.json:
 *  - limit20_bytes_ratio: bytes moved by `SELECT * ... LIMIT 20` / file size (goal ≤ 0.04: the footer and one row group);
 *  - aggregate_bytes_ratio: the same for a GROUP BY over one column (goal ≤ 0.02);
 *  - the time from navigation start to the first result painted (engine start included), median of
 *    TARN_BENCH_RUNS cold loads (5), and where it goes: the requests of the page and of DuckDB's worker and the
 *    engine's steps of the median load, broken down into steps.
 * TARN_BENCH_CONSOLE_DIR measures another build of the console than dist/console (it is then not built), to compare
 * two builds on the same machine. Never part of `npm test`.
 */
import { mkdirSync, mkdtempSync, createReadStream, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { buildConsoleIfStale } from '../scripts/console-build';
import { loginThroughUi, setupThroughApi } from '../tests/e2e/flows';
import { launchChromium, startTarn } from '../tests/e2e/harness';
import { lakeApi } from '../tests/e2e/lake-api';
import { startByteCountingProxy } from './byte-counting-proxy';
import { NAME_SHIM } from './console-page';
import { median } from './console-stats';
import { writePreviewTable } from './preview-parquet';
import { breakdown, formatBreakdown, formatRequests, installResultProbe, previewRequests, readTimeline, type PreviewTimeline } from './preview-timeline';

const REPO = 'preview-bench';
const PATH = 'tables/events.parquet';
const LIMIT20_GOAL = 0.04;
const AGGREGATE_GOAL = 0.02;
const QUERY_TIMEOUT_MS = 120_000;
const RUNS = Number(process.env.TARN_BENCH_RUNS ?? 5);
/** The goal of the issue this breakdown was written for: the first rows within a second of opening the page. */
const FIRST_RESULT_GOAL_MS = 1000;

/** Another build of the console to measure instead of dist/console (to compare two builds on the same machine). */
const consoleDir = process.env.TARN_BENCH_CONSOLE_DIR;
if (!consoleDir && !buildConsoleIfStale('the benchmark measures the built console')) {
  console.error('The console build failed; see the errors above.');
  process.exit(1);
}
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
console.log(`Tarn SQL preview benchmark — ${cpus().length} cores, Node ${process.version}, load average ${load()}\n`);

const work = mkdtempSync(join(tmpdir(), 'tarn-bench-preview-'));
const table = await writePreviewTable(join(work, 'events.parquet'));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
console.log(`table: ${mb(table.sizeBytes)}, ${table.rows.toLocaleString('en-US')} rows in ${table.rowGroups} row groups of about ${mb(table.sizeBytes / table.rowGroups)}`);

const tarn = await startTarn(undefined, { consoleDir });
if (consoleDir) console.log(`console: ${consoleDir}`);
const credentials = await setupThroughApi(tarn.url);
const api = lakeApi(tarn.url, credentials);
await api.createRepository(REPO);
const authorization = `Basic ${Buffer.from(`${credentials.accessKeyId}:${credentials.secretAccessKey}`).toString('base64')}`;
const upload = await fetch(`${tarn.url}/api/v1/repositories/${REPO}/branches/main/objects?path=${encodeURIComponent(PATH)}`, {
  method: 'POST',
  headers: { authorization, 'content-type': 'application/octet-stream' },
  body: createReadStream(table.path) as unknown as BodyInit,
  duplex: 'half',
} as RequestInit & { duplex: 'half' });
if (!upload.ok) throw new Error(`uploading the table answered ${upload.status}: ${await upload.text()}`);

// Only the table's reads count: the console's own assets and API calls are not what a query moves.
const proxy = await startByteCountingProxy(tarn.url, (request) => {
  const url = new URL(request.url ?? '/', 'http://proxy');
  return /\/objects$/.test(url.pathname) && url.searchParams.get('path') === PATH;
});
const browser = await launchChromium();
const contextOptions = { baseURL: proxy.url, viewport: { width: 1400, height: 900 } };

const source = `READ_PARQUET('lakefs://${REPO}/main/${PATH}')`;
const queries = {
  limit20: `SELECT * FROM ${source} LIMIT 20`,
  aggregate: `SELECT country, COUNT(*) AS n FROM ${source} GROUP BY 1 ORDER BY 1`,
};

interface Run {
  /** Navigation start to the first result painted. */
  wallMs: number;
  /** DuckDB's time, as the result line says. */
  queryMs: number;
  bytes: number;
  requests: number;
  timeline: PreviewTimeline;
}

/**
 * Opens the preview on `sql` in a new browser context (nothing cached: the browser would otherwise revalidate the
 * ranges an earlier query read, and they would not count) and waits for its result line ("20 rows in 35 ms");
 * answers the time to it painted, DuckDB's time, what was moved and the load's timeline.
 */
async function run(sql: string, expectedRows: number): Promise<Run> {
  const context = await browser.newContext({ ...contextOptions, storageState: signedIn });
  await context.addInitScript(NAME_SHIM);
  await context.addInitScript(installResultProbe);
  const page = await context.newPage();
  proxy.reset();
  await page.goto(`/repositories/${REPO}/object?ref=main&path=${encodeURIComponent(PATH)}&sql=${encodeURIComponent(sql)}`, { waitUntil: 'commit' });
  const timeline = await readTimeline(page, QUERY_TIMEOUT_MS);
  const text = timeline.resultText;
  // Bounded reads must not cost correctness: the result has the rows it must have.
  if (!text.startsWith(`${expectedRows.toLocaleString('en-US')} rows`)) throw new Error(`expected ${expectedRows} rows, the preview says: ${text}`);
  const queryMs = Number(/in ([\d,]+) ms/.exec(text)?.[1]?.replaceAll(',', '') ?? NaN);
  if (process.env.TARN_BENCH_VERBOSE) {
    for (const r of proxy.requests()) console.log(`  ${r.method} ${r.range ?? '(whole)'} → ${r.status}, ${r.bytes.toLocaleString('en-US')} bytes`);
  }
  const moved = { bytes: proxy.bytes(), requests: proxy.requests().length };
  await context.close();
  return { wallMs: Math.round(timeline.paintedMs), queryMs, ...moved, timeline };
}

/** RUNS cold loads of `sql`; the one with the median time to its first result stands for them. */
async function runs(label: string, sql: string, expectedRows: number): Promise<{ typical: Run; runsMs: number[] }> {
  const all: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    all.push(await run(sql, expectedRows));
    console.log(`  ${label} load ${i + 1}: first result ${all.at(-1)?.wallMs} ms, query ${all.at(-1)?.queryMs} ms (load average ${load()})`);
  }
  const runsMs = all.map((r) => r.wallMs);
  const typical = all.find((r) => r.wallMs === median(runsMs)) as Run;
  return { typical, runsMs };
}

let signedIn: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
try {
  const login = await browser.newContext(contextOptions);
  const loginPage = await login.newPage();
  await loginPage.goto('/auth/login');
  await loginThroughUi(loginPage, credentials);
  signedIn = await login.storageState();
  await login.close();
  const limit20Runs = await runs('LIMIT 20', queries.limit20, 20);
  const aggregateRuns = await runs('GROUP BY', queries.aggregate, 97);
  const limit20 = limit20Runs.typical;
  const aggregate = aggregateRuns.typical;
  const steps = breakdown(limit20.timeline, PATH);
  const results = {
    machine: { cores: cpus().length, node: process.version, load_average: loadavg()[0] },
    console_dir: consoleDir ?? 'dist/console',
    runs: RUNS,
    file_bytes: table.sizeBytes,
    row_groups: table.rowGroups,
    rows: table.rows,
    limit20_bytes: limit20.bytes,
    limit20_requests: limit20.requests,
    limit20_bytes_ratio: Number((limit20.bytes / table.sizeBytes).toFixed(4)),
    limit20_first_result_ms: limit20.wallMs,
    limit20_query_ms: limit20.queryMs,
    limit20_first_result_runs_ms: limit20Runs.runsMs,
    limit20_breakdown: steps,
    limit20_requests_timeline: previewRequests(limit20.timeline),
    limit20_engine_marks: limit20.timeline.marks,
    aggregate_bytes: aggregate.bytes,
    aggregate_requests: aggregate.requests,
    aggregate_bytes_ratio: Number((aggregate.bytes / table.sizeBytes).toFixed(4)),
    aggregate_first_result_ms: aggregate.wallMs,
    aggregate_query_ms: aggregate.queryMs,
    aggregate_first_result_runs_ms: aggregateRuns.runsMs,
  };
  const verdict = (ratio: number, goal: number) => `(goal ≤ ${goal}: ${ratio <= goal ? 'met' : 'NOT met'})`;
  console.log(`\nSELECT * ... LIMIT 20: ${mb(limit20.bytes)} in ${limit20.requests} reads, ratio ${results.limit20_bytes_ratio} ${verdict(results.limit20_bytes_ratio, LIMIT20_GOAL)}`);
  console.log(`  first result ${limit20.wallMs} ms after opening the page (median of ${RUNS}, engine start included; goal ≤ ${FIRST_RESULT_GOAL_MS} ms: ${limit20.wallMs <= FIRST_RESULT_GOAL_MS ? 'met' : 'NOT met'}), query ${limit20.queryMs} ms`);
  console.log(`  where the median load's time went (ms from navigation start):\n${formatBreakdown(steps, limit20.timeline.paintedMs)}`);
  console.log(`  its requests:\n${formatRequests(limit20.timeline)}`);
  console.log(`GROUP BY one column:   ${mb(aggregate.bytes)} in ${aggregate.requests} reads, ratio ${results.aggregate_bytes_ratio} ${verdict(results.aggregate_bytes_ratio, AGGREGATE_GOAL)}`);
  console.log(`  first result ${aggregate.wallMs} ms after opening the page (median of ${RUNS}, engine start included), query ${aggregate.queryMs} ms`);
  mkdirSync(join(import.meta.dirname, 'results'), { recursive: true });
  writeFileSync(join(import.meta.dirname, 'results', 'preview.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwritten to bench/results/preview.json (load average ${load()})`);
} finally {
  await browser.close();
  await proxy.close();
  await tarn.stop();
  rmSync(work, { recursive: true, force: true });
}
