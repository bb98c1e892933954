/**
 * `npm run bench:preview`: SQL previews in the browser read only what a query needs. A parquet file of about 256 MB
 * in row groups of about 8 MB is uploaded to a repository; Chromium opens it in the console's SQL preview through a
 * loopback proxy that counts the bytes of every read of that object (the DuckDB worker's range requests included).
 * Prints and writes bench/results/preview.json:
 *  - limit20_bytes_ratio: bytes moved by `SELECT * ... LIMIT 20` / file size (goal ≤ 0.04: the footer and one row group);
 *  - aggregate_bytes_ratio: the same for a GROUP BY over one column (goal ≤ 0.02);
 *  - the times to the first result (engine start included) and of the warm aggregate.
 * Never part of `npm test`.
 */
import { mkdirSync, mkdtempSync, createReadStream, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { buildConsoleIfStale } from '../scripts/console-build';
import { loginThroughUi, setupThroughApi, shows } from '../tests/e2e/flows';
import { launchChromium, startTarn } from '../tests/e2e/harness';
import { lakeApi } from '../tests/e2e/lake-api';
import { startByteCountingProxy } from './byte-counting-proxy';
import { NAME_SHIM } from './console-page';
import { writePreviewTable } from './preview-parquet';

const REPO = 'preview-bench';
const PATH = 'tables/events.parquet';
const LIMIT20_GOAL = 0.04;
const AGGREGATE_GOAL = 0.02;
const QUERY_TIMEOUT_MS = 120_000;

if (!buildConsoleIfStale('the benchmark measures the built console')) {
  console.error('The console build failed; see the errors above.');
  process.exit(1);
}
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
console.log(`Tarn SQL preview benchmark — ${cpus().length} cores, Node ${process.version}, load average ${load()}\n`);

const work = mkdtempSync(join(tmpdir(), 'tarn-bench-preview-'));
const table = await writePreviewTable(join(work, 'events.parquet'));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
console.log(`table: ${mb(table.sizeBytes)}, ${table.rows.toLocaleString('en-US')} rows in ${table.rowGroups} row groups of about ${mb(table.sizeBytes / table.rowGroups)}`);

const tarn = await startTarn();
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

/**
 * Opens the preview on `sql` in a new browser context (nothing cached: the browser would otherwise revalidate the
 * ranges an earlier query read, and they would not count) and waits for its result line ("20 rows in 35 ms");
 * answers the wall time, DuckDB's time and what was moved.
 */
async function run(sql: string, expectedRows: number): Promise<{ wallMs: number; queryMs: number; bytes: number; requests: number }> {
  const context = await browser.newContext({ ...contextOptions, storageState: signedIn });
  await context.addInitScript(NAME_SHIM);
  const page = await context.newPage();
  proxy.reset();
  const started = performance.now();
  await page.goto(`/repositories/${REPO}/object?ref=main&path=${encodeURIComponent(PATH)}&sql=${encodeURIComponent(sql)}`);
  const result = page.getByRole('status').filter({ hasText: /rows? in [\d,]+ ms/ });
  await shows(result, 'the query result', QUERY_TIMEOUT_MS);
  const wallMs = Math.round(performance.now() - started);
  const text = await result.first().innerText();
  // Bounded reads must not cost correctness: the result has the rows it must have.
  if (!text.startsWith(`${expectedRows.toLocaleString('en-US')} rows`)) throw new Error(`expected ${expectedRows} rows, the preview says: ${text}`);
  const queryMs = Number(/in ([\d,]+) ms/.exec(text)?.[1]?.replaceAll(',', '') ?? NaN);
  if (process.env.TARN_BENCH_VERBOSE) {
    for (const r of proxy.requests()) console.log(`  ${r.method} ${r.range ?? '(whole)'} → ${r.status}, ${r.bytes.toLocaleString('en-US')} bytes`);
  }
  const moved = { bytes: proxy.bytes(), requests: proxy.requests().length };
  await context.close();
  return { wallMs, queryMs, ...moved };
}

let signedIn: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
try {
  const login = await browser.newContext(contextOptions);
  const loginPage = await login.newPage();
  await loginPage.goto('/auth/login');
  await loginThroughUi(loginPage, credentials);
  signedIn = await login.storageState();
  await login.close();
  const limit20 = await run(queries.limit20, 20);
  const aggregate = await run(queries.aggregate, 97);
  const results = {
    machine: { cores: cpus().length, node: process.version, load_average: loadavg()[0] },
    file_bytes: table.sizeBytes,
    row_groups: table.rowGroups,
    rows: table.rows,
    limit20_bytes: limit20.bytes,
    limit20_requests: limit20.requests,
    limit20_bytes_ratio: Number((limit20.bytes / table.sizeBytes).toFixed(4)),
    limit20_first_result_ms: limit20.wallMs,
    limit20_query_ms: limit20.queryMs,
    aggregate_bytes: aggregate.bytes,
    aggregate_requests: aggregate.requests,
    aggregate_bytes_ratio: Number((aggregate.bytes / table.sizeBytes).toFixed(4)),
    aggregate_first_result_ms: aggregate.wallMs,
    aggregate_query_ms: aggregate.queryMs,
  };
  const verdict = (ratio: number, goal: number) => `(goal ≤ ${goal}: ${ratio <= goal ? 'met' : 'NOT met'})`;
  console.log(`\nSELECT * ... LIMIT 20: ${mb(limit20.bytes)} in ${limit20.requests} reads, ratio ${results.limit20_bytes_ratio} ${verdict(results.limit20_bytes_ratio, LIMIT20_GOAL)}`);
  console.log(`  first result ${limit20.wallMs} ms after opening the page (engine start included), query ${limit20.queryMs} ms`);
  console.log(`GROUP BY one column:   ${mb(aggregate.bytes)} in ${aggregate.requests} reads, ratio ${results.aggregate_bytes_ratio} ${verdict(results.aggregate_bytes_ratio, AGGREGATE_GOAL)}`);
  console.log(`  first result ${aggregate.wallMs} ms after opening the page (engine start included), query ${aggregate.queryMs} ms`);
  mkdirSync(join(import.meta.dirname, 'results'), { recursive: true });
  writeFileSync(join(import.meta.dirname, 'results', 'preview.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('\nwritten to bench/results/preview.json');
} finally {
  await browser.close();
  await proxy.close();
  await tarn.stop();
  rmSync(work, { recursive: true, force: true });
}
