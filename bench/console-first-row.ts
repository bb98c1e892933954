// Time to the first listing row: a full page load of a folder's objects page, from navigation start (the page's
// time origin) to the frame that paints the first row, with the request waterfall of the load so one can see what
// waits on what. Functions passed to the page are serialised, so each one is self-contained.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { median, percentile, round1 } from './console-stats';
import type { TraceEvent } from './console-frames';
import { BREAKDOWN_CATEGORIES, mainThreadBreakdown, type WorkKind } from './main-thread-breakdown';

interface FirstRowProbe {
  /** performance.now() when the first body row of the Objects table entered the DOM. */
  insertedAt?: number;
  /** performance.now() just after the frame that showed it was painted. */
  paintedAt?: number;
}

declare global {
  interface Window {
    __firstRow?: FirstRowProbe;
  }
}

/** Init script: watches the DOM from before the console's code runs. */
export function installFirstRowProbe(): void {
  const probe: FirstRowProbe = {};
  window.__firstRow = probe;
  const observer = new MutationObserver(() => {
    if (!document.querySelector('table[aria-label="Objects"] tbody tr[data-index]')) return;
    probe.insertedAt = performance.now();
    observer.disconnect();
    // A rAF callback runs just before the frame's style, layout and paint; a task posted from it runs after them.
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        // The mark places the moment in a trace of the load too (traceFirstRow).
        probe.paintedAt = performance.mark('tarn-first-row-painted').startTime;
      };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

export interface WaterfallEntry {
  kind: 'document' | 'js' | 'css' | 'api' | 'other';
  what: string;
  startMs: number;
  endMs: number;
}

export interface FirstRowRun {
  /** Navigation start to the first row painted. */
  firstRowMs: number;
  /** Navigation start to the first row in the DOM. */
  insertedMs: number;
  waterfall: WaterfallEntry[];
}

export interface FirstRowSeries {
  label: string;
  runs: FirstRowRun[];
  medianMs: number;
  p90Ms: number;
}

/** Reads the load's resource timings in the page (relative to navigation start). */
function readWaterfall(): WaterfallEntry[] {
  const entries: WaterfallEntry[] = [];
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (nav) entries.push({ kind: 'document', what: location.pathname, startMs: nav.startTime, endMs: nav.responseEnd });
  for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
    const url = new URL(entry.name);
    const kind = url.pathname.startsWith('/api/')
      ? 'api'
      : url.pathname.endsWith('.js')
        ? 'js'
        : url.pathname.endsWith('.css')
          ? 'css'
          : 'other';
    const what = kind === 'api' ? url.pathname.replace(/^\/api\/v1/, '') + url.search : url.pathname.replace(/^\/assets\//, '');
    entries.push({ kind, what, startMs: entry.startTime, endMs: entry.responseEnd });
  }
  return entries.sort((a, b) => a.startMs - b.startMs);
}

export interface FirstRowOptions {
  /** The objects page of the folder, relative to the context's base URL. */
  path: string;
  contextOptions: BrowserContextOptions;
  runs: number;
  /** A fresh browser context (empty HTTP cache) for every load, or new tabs in one context (cached assets). */
  cache: 'cold' | 'warm';
  /** Scripts every page runs before its own (the benchmark's shims). */
  initScripts?: string[];
}

async function preparedContext(browser: Browser, options: Pick<FirstRowOptions, 'contextOptions' | 'initScripts'>) {
  const context = await browser.newContext(options.contextOptions);
  for (const script of options.initScripts ?? []) await context.addInitScript(script);
  await context.addInitScript(installFirstRowProbe);
  return context;
}

/** The label of a series of loads in the printed figures. */
export const seriesLabel = (cache: FirstRowOptions['cache']) =>
  cache === 'cold' ? 'cold cache (new browser context each load)' : 'warm cache (new tab, cached assets)';

/**
 * Runs `load` for each of a series' loads, each in a page of its own: in a new browser context each (an empty HTTP
 * cache), or for warm loads in new tabs of one context whose cache a first load, not counted, filled. Every context
 * has the shims and the first-row probe, then what `prepare` adds.
 */
export async function eachLoad<T>(
  browser: Browser,
  options: FirstRowOptions,
  load: (page: Page, index: number) => Promise<T>,
  prepare: (context: BrowserContext) => Promise<unknown> = async () => undefined,
): Promise<T[]> {
  const prepared = async () => {
    const context = await preparedContext(browser, options);
    await prepare(context);
    return context;
  };
  const shared = options.cache === 'warm' ? await prepared() : undefined;
  if (shared) {
    const page = await shared.newPage();
    await page.goto(options.path);
    await page.waitForFunction(() => window.__firstRow?.paintedAt !== undefined, undefined, { timeout: 15_000 });
    await page.close();
  }
  const results: T[] = [];
  try {
    for (let i = 0; i < options.runs; i++) {
      const context = shared ?? (await prepared());
      const page = await context.newPage();
      try {
        results.push(await load(page, i));
      } finally {
        await page.close();
        if (!shared) await context.close();
      }
    }
  } finally {
    await shared?.close();
  }
  return results;
}

export async function measureFirstRow(browser: Browser, options: FirstRowOptions): Promise<FirstRowSeries> {
  const runs = await eachLoad(browser, options, async (page): Promise<FirstRowRun> => {
    await page.goto(options.path, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__firstRow?.paintedAt !== undefined, undefined, { timeout: 15_000 });
    const probe = await page.evaluate(() => window.__firstRow as Required<FirstRowProbe>);
    const waterfall = await page.evaluate(readWaterfall);
    return {
      firstRowMs: round1(probe.paintedAt),
      insertedMs: round1(probe.insertedAt),
      waterfall: waterfall.map((e) => ({ ...e, startMs: round1(e.startMs), endMs: round1(e.endMs) })),
    };
  });
  const times = runs.map((r) => r.firstRowMs);
  return {
    label: seriesLabel(options.cache),
    runs,
    medianMs: round1(median(times)),
    p90Ms: round1(percentile(times, 90)),
  };
}

/** The run whose time is the median's, the one whose waterfall is printed. */
export function medianRun(series: FirstRowSeries): FirstRowRun | undefined {
  return series.runs.find((r) => r.firstRowMs === series.medianMs);
}

/** One line per request: a bar on a time axis (one character per `msPerChar`), then its start, end and name. */
export function formatWaterfall(run: FirstRowRun, width = 48): string {
  const end = Math.max(run.firstRowMs, ...run.waterfall.map((e) => e.endMs));
  const msPerChar = Math.max(1, Math.ceil(end / width));
  const bar = (from: number, to: number) => {
    const a = Math.floor(from / msPerChar);
    const b = Math.max(a + 1, Math.ceil(to / msPerChar));
    return (' '.repeat(a) + '#'.repeat(b - a)).padEnd(width + 1);
  };
  const lines = run.waterfall.map(
    (e) =>
      `    ${bar(e.startMs, e.endMs)} ${String(Math.round(e.startMs)).padStart(5)} → ${String(Math.round(e.endMs)).padStart(5)} ms  ${e.kind.padEnd(8)} ${e.what.length > 70 ? `${e.what.slice(0, 67)}...` : e.what}`,
  );
  const marker = ' '.repeat(Math.floor(run.firstRowMs / msPerChar)) + '|';
  return [...lines, `    ${marker.padEnd(width + 1)} ${String(Math.round(run.firstRowMs)).padStart(14)} ms  first row painted`].join(
    '\n',
  );
}

export interface FirstRowBreakdown {
  /** The traced load's time to the first row (tracing slows it a little; not one of the counted loads). */
  firstRowMs: number;
  /** Main-thread CPU milliseconds from navigation start to the first row painted, by kind of work. */
  cpuMs: Record<WorkKind, number>;
  totalCpuMs: number;
}

/**
 * Traced cold loads (not counted in the series' times): the main thread's CPU time before the first row, by kind of
 * work, of the load whose time to the first row is the median of `loads`.
 */
export async function traceFirstRow(browser: Browser, options: Omit<FirstRowOptions, 'runs' | 'cache'>, loads = 3): Promise<FirstRowBreakdown> {
  const traced: FirstRowBreakdown[] = [];
  for (let i = 0; i < loads; i++) {
    const context = await preparedContext(browser, options);
    try {
      const page = await context.newPage();
      await browser.startTracing(page, { categories: BREAKDOWN_CATEGORIES });
      let events: TraceEvent[];
      let paintedAt: number;
      try {
        await page.goto(options.path, { waitUntil: 'commit' });
        await page.waitForFunction(() => window.__firstRow?.paintedAt !== undefined, undefined, { timeout: 15_000 });
        paintedAt = await page.evaluate(() => window.__firstRow?.paintedAt ?? 0);
      } finally {
        events = (JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
      }
      const mark = events.find((e) => e.name === 'tarn-first-row-painted');
      const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === mark?.pid);
      if (!mark || !main) throw new Error('the trace holds no first-row mark on a renderer main thread');
      const cpuMs = mainThreadBreakdown(events, mark.pid, main.tid, mark.ts - paintedAt * 1000, mark.ts);
      const totalCpuMs = round1(Object.values(cpuMs).reduce((sum, ms) => sum + ms, 0));
      traced.push({ firstRowMs: round1(paintedAt), cpuMs, totalCpuMs });
    } finally {
      await context.close();
    }
  }
  const middle = [...traced].sort((a, b) => a.firstRowMs - b.firstRowMs)[Math.floor(traced.length / 2)];
  if (!middle) throw new Error('no traced load');
  return middle;
}

export function formatBreakdown(breakdown: FirstRowBreakdown): string {
  const parts = Object.entries(breakdown.cpuMs)
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, ms]) => `${kind} ${ms}`);
  return `    ${breakdown.totalCpuMs} ms main-thread CPU before the first row (traced load, first row at ${breakdown.firstRowMs} ms): ${parts.join(', ')}`;
}
