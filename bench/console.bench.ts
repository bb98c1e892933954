/**
 * `npm run bench:console`: the built console against the real server with a 100,000-entry folder, in Chromium.
 * Prints and writes bench/results/console.json:
 *  - time to the first listing row of the folder's objects page (navigation start to the row painted), median and
 *    p90 over cold loads (new browser context) and warm loads (new tab, cached assets), with the request waterfall
 *    of the median cold load, and where the main thread's CPU time went before the first row (3 traced cold loads);
 *  - drawing the listing: from the listing in hand (the loader's mark) to the first row painted, wall time and main-thread CPU
 *    time (traced), median and p90 over cold and warm loads;
 *  - frame times while flinging through the whole listing with the mouse wheel and with scrollbar-drag jumps.
 * Never part of `npm test`. TARN_BENCH_LOADS sets the loads per series (10), TARN_BENCH_FLING_SECONDS each
 * fling's length (4), TARN_BENCH_CONSOLE_DIR another build of the console than dist/console (it is then not built),
 * TARN_BENCH_ONLY=first-row, =rows or =frames one of the three parts; TARN_BENCH_PROFILE=DIR writes there a CPU
 * profile of each load's drawing and of each fling (`npx tsx bench/cpu-profile.ts FILE` summarises one).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { buildConsoleIfStale } from '../scripts/console-build';
import { seedLargePrefix, type LargePrefixRepo } from '../tests/e2e/fixtures/large-prefix';
import { setupThroughApi } from '../tests/e2e/flows';
import { launchChromium, startTarn } from '../tests/e2e/harness';
import { formatBreakdown, formatWaterfall, measureFirstRow, medianRun, traceFirstRow, type FirstRowSeries } from './console-first-row';
import {
  dragFling,
  formatFrameFigures,
  frameFigures,
  installFrameRecorder,
  loadWholeListing,
  wheelFling,
  traceMainThread,
} from './console-frames';
import { NAME_SHIM } from './console-page';
import { measureDrawing, type DrawSeries } from './console-rows';

const COUNT = 100_000;
const ROW_HEIGHT = 44;
const LOADS = Number(process.env.TARN_BENCH_LOADS ?? 10);
const FLING_SECONDS = Number(process.env.TARN_BENCH_FLING_SECONDS ?? 4);
const ONLY = process.env.TARN_BENCH_ONLY;
const PROFILE_DIR = process.env.TARN_BENCH_PROFILE;
const LOAD_LISTING_BUDGET_MS = 120_000;
/** The goals of the issue this benchmark was written for. */
const FIRST_ROW_GOAL_MS = 300;
const DRAW_GOAL_MS = 50;
const FRAME_BUDGET_MS = 16;

/** Another build of the console to measure instead of dist/console (to compare two builds on the same machine). */
const consoleDir = process.env.TARN_BENCH_CONSOLE_DIR;
if (!consoleDir && !buildConsoleIfStale('the benchmark measures the built console')) {
  console.error('The console build failed; see the errors above.');
  process.exit(1);
}

// Other work on the machine slows the browser as much as the console's own cost does, so the load goes with the figures.
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
console.log(`Tarn console benchmark — ${cpus().length} cores, Node ${process.version}, load average ${load()}\n`);
const dataDir = mkdtempSync(join(tmpdir(), 'tarn-bench-console-'));
const seedStarted = performance.now();
const repo = await seedLargePrefix(dataDir, { count: COUNT });
console.log(`seeded ${COUNT.toLocaleString('en-US')} objects under ${repo.prefix} in ${Math.round(performance.now() - seedStarted)} ms`);
const [tarn, browser] = await Promise.all([startTarn(dataDir, { consoleDir }), launchChromium()]);
if (consoleDir) console.log(`console: ${consoleDir}`);

/** Median and p90 of time to first row, cold and warm, with the waterfall of the median cold load. */
async function firstRowFigures(browser: Browser, path: string, contextOptions: BrowserContextOptions) {
  // The first load of the server warms its caches and is not counted.
  const warmup = await measureFirstRow(browser, { path, contextOptions, runs: 1, cache: 'cold', initScripts: [NAME_SHIM] });
  console.log(`\nfirst load (server caches cold, not counted): ${warmup.medianMs} ms`);
  const series: FirstRowSeries[] = [];
  for (const cache of ['cold', 'warm'] as const) {
    series.push(await measureFirstRow(browser, { path, contextOptions, runs: LOADS, cache, initScripts: [NAME_SHIM] }));
  }
  console.log(`\nTime to the first listing row (navigation start → first row painted), ${LOADS} loads each:`);
  for (const s of series) {
    console.log(
      `  ${s.label.padEnd(44)} median ${String(s.medianMs).padStart(6)} ms   p90 ${String(s.p90Ms).padStart(6)} ms   (goal ≤ ${FIRST_ROW_GOAL_MS} ms: median ${(s.medianMs / FIRST_ROW_GOAL_MS).toFixed(2)}×)`,
    );
  }
  const typical = series[0] ? medianRun(series[0]) : undefined;
  if (typical) console.log(`\nRequest waterfall of the median cold load (ms from navigation start):\n${formatWaterfall(typical)}`);
  // Traced apart from the timed loads, since tracing slows the page it watches.
  const breakdown = await traceFirstRow(browser, { path, contextOptions, initScripts: [NAME_SHIM] });
  console.log(`\nWhere the main thread's time went, median of 3 traced cold loads (ms CPU):\n${formatBreakdown(breakdown)}`);
  return {
    first_row: Object.fromEntries(
      series.map((s) => [
        s.label.startsWith('cold') ? 'cold' : 'warm',
        { median_ms: s.medianMs, p90_ms: s.p90Ms, runs_ms: s.runs.map((r) => r.firstRowMs) },
      ]),
    ),
    first_row_waterfall: typical,
    first_row_main_thread: breakdown,
  };
}

/** Listing in hand → first row painted, wall and main-thread CPU time, cold and warm. */
async function drawingFigures(browser: Browser, path: string, contextOptions: BrowserContextOptions) {
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  const series: DrawSeries[] = [];
  for (const cache of ['cold', 'warm'] as const) {
    series.push(await measureDrawing(browser, { path, contextOptions, runs: LOADS, cache, initScripts: [NAME_SHIM], profileDir: PROFILE_DIR }));
  }
  const rows = series[0]?.runs[0]?.rows ?? 0;
  console.log(
    `\nDrawing the listing (the listing in hand → first row painted; the first render draws ${rows} rows, the window's), ${LOADS} loads each, traced:`,
  );
  for (const s of series) {
    console.log(
      `  ${s.label.padEnd(44)} wall median ${String(s.wall.median).padStart(6)} ms  p90 ${String(s.wall.p90).padStart(6)} ms   CPU median ${String(s.cpu.median).padStart(6)} ms  p90 ${String(s.cpu.p90).padStart(6)} ms   (goal ≤ ${DRAW_GOAL_MS} ms)`,
    );
  }
  return {
    drawing: Object.fromEntries(
      series.map((s) => [
        s.label.startsWith('cold') ? 'cold' : 'warm',
        { rows, wall: s.wall, cpu: s.cpu, runs: s.runs.map(({ wallMs, cpuMs }) => ({ wall_ms: wallMs, cpu_ms: cpuMs })) },
      ]),
    ),
  };
}

/** Frame figures while flinging; the whole listing is loaded first, so they measure rendering, not waiting for pages. */
async function flingFigures(browser: Browser, path: string, contextOptions: BrowserContextOptions, repo: LargePrefixRepo) {
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  const context = await browser.newContext(contextOptions);
  try {
    await context.addInitScript(NAME_SHIM);
    await context.addInitScript(installFrameRecorder);
    const page = await context.newPage();
    await page.goto(path);
    await page.getByRole('link', { name: repo.nameAt(0), exact: true }).waitFor({ timeout: 15_000 });
    const loadStarted = performance.now();
    const loadedRows = await loadWholeListing(page, repo.nameAt(COUNT - 1), ROW_HEIGHT, LOAD_LISTING_BUDGET_MS);
    console.log(`\nloaded ${loadedRows.toLocaleString('en-US')} rows by scrolling in ${Math.round(performance.now() - loadStarted)} ms`);
    const profile = (phase: string) => (PROFILE_DIR ? join(PROFILE_DIR, `fling-${phase}.cpuprofile`) : undefined);
    const wheel = await traceMainThread(
      browser,
      page,
      () => wheelFling(page, { deltaPx: 1500, everyMs: 16, seconds: FLING_SECONDS }),
      profile('wheel'),
    );
    const drag = await traceMainThread(browser, page, () => dragFling(page, { seconds: FLING_SECONDS }), profile('drag'));
    const frames = await frameFigures(page, { wheel: wheel.tasks, drag: drag.tasks });
    const rows = (px: number) => Math.round(px / ROW_HEIGHT);
    console.log(
      `\nFrames while flinging, ${FLING_SECONDS} s each (wheel: 1500 px notches every 16 ms, crossed ${rows(wheel.result).toLocaleString('en-US')} rows; drag: scrollTop from top to bottom, crossed ${rows(drag.result).toLocaleString('en-US')} rows):`,
    );
    console.log(
      [
        '  work: rAF start → the frame rendered (main thread, wall time); CPU: main-thread CPU time of the tasks from',
        "  one rAF to the next (trace), which other load on the machine does not inflate; interval: rAF to rAF (on",
        '  screen; "dropped" above 18.7 ms); LoAF: long animation frames (≥ 50 ms)',
      ].join('\n'),
    );
    console.log(formatFrameFigures(frames));
    for (const [phase, f] of Object.entries(frames)) {
      console.log(
        `  ${phase}: wall-time work p95 is ${(f.work.p95 / FRAME_BUDGET_MS).toFixed(2)}× the ${FRAME_BUDGET_MS} ms budget (${f.workOver16} of ${f.frames} frames over it); CPU p95 ${((f.cpu?.p95 ?? 0) / FRAME_BUDGET_MS).toFixed(2)}× (${f.cpu?.over16 ?? '?'} over)`,
      );
    }
    return { loaded_rows: loadedRows, rows_crossed: { wheel: rows(wheel.result), drag: rows(drag.result) }, frames };
  } finally {
    await context.close();
  }
}

try {
  const credentials = await setupThroughApi(tarn.url);
  const login = await browser.newContext({ baseURL: tarn.url });
  const answer = await login.request.post('/api/v1/auth/login', {
    data: { access_key_id: credentials.accessKeyId, secret_access_key: credentials.secretAccessKey },
  });
  if (!answer.ok()) throw new Error(`login answered ${answer.status()}: ${await answer.text()}`);
  const contextOptions: BrowserContextOptions = {
    baseURL: tarn.url,
    viewport: { width: 1280, height: 800 },
    storageState: await login.storageState(),
  };
  await login.close();
  const path = `/repositories/${repo.repository}/objects?ref=${repo.branch}&path=${encodeURIComponent(repo.prefix)}`;
  const results = {
    machine: { cores: cpus().length, node: process.version, chromium: browser.version(), load_average_at_end: '' },
    console_dir: consoleDir ?? 'dist/console',
    count: COUNT,
    ...(ONLY === undefined || ONLY === 'first-row' ? await firstRowFigures(browser, path, contextOptions) : {}),
    ...(ONLY === undefined || ONLY === 'rows' ? await drawingFigures(browser, path, contextOptions) : {}),
    ...(ONLY === undefined || ONLY === 'frames' ? await flingFigures(browser, path, contextOptions, repo) : {}),
  };
  results.machine.load_average_at_end = load();
  const dir = join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'console.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nload average at the end: ${load()}\nWrote bench/results/console.json`);
} finally {
  await browser.close();
  await tarn.stop();
}
