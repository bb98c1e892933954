// Drawing the listing: of a load of a folder's objects page, the stretch from the listing being in hand (the route's
// loader marks it, `tarn:listing-ready`: the first page comes with the page itself, with no request to time) to the
// first row painted, as wall time and as the main thread's CPU time in a
// Chromium trace. Everything the page does in that stretch counts: the route's components, the screen machine's start,
// the table and its rows. Optionally a V8 CPU profile of the stretch (bench/cpu-profile.ts summarises it), which says
// where the time goes. Functions passed to the page are serialised, so each one is self-contained.
import { writeFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { LISTING_READY_MARK } from '../src/lib/listing-mark';
import { eachLoad, seriesLabel, type FirstRowOptions } from './console-first-row';
import { mainThreadTasks, type TraceEvent } from './console-frames';
import { median, percentile, round1 } from './console-stats';
import { CPU_PROFILE_CATEGORY, profileBetween } from './trace-profile';

/** A user-timing mark made as each document starts, whose trace timestamp ties the trace's clock to the page's. */
const CLOCK_MARK = 'tarn-bench-rows-clock';

function markClock(name: string): void {
  if (location.protocol.startsWith('http')) performance.mark(name);
}

interface RowsProbe {
  /** The listing was in hand (the loader's mark), ms from navigation start. */
  readyMs: number;
  paintedMs: number;
  clockMarkMs: number;
  /** Body rows in the DOM once the first was painted. */
  rows: number;
}

function readProbe([mark, listingMark]: [string, string]): RowsProbe | undefined {
  const listing = performance.getEntriesByName(listingMark)[0];
  const probe = window.__firstRow;
  const clock = performance.getEntriesByName(mark)[0];
  if (!listing || !probe?.paintedAt || !clock) return undefined;
  return {
    readyMs: listing.startTime,
    paintedMs: probe.paintedAt,
    clockMarkMs: clock.startTime,
    rows: document.querySelectorAll('table[aria-label="Objects"] tbody tr[data-index]').length,
  };
}

export interface DrawRun {
  /** Listing in hand → first row painted, wall time. */
  wallMs: number;
  /** The main thread's CPU time of the tasks that started in that stretch. */
  cpuMs: number;
  rows: number;
}

export interface DrawSeries {
  label: string;
  runs: DrawRun[];
  wall: { median: number; p90: number };
  cpu: { median: number; p90: number };
}

export interface DrawOptions extends FirstRowOptions {
  /** Writes the CPU profile of each load's stretch here (`<dir>/rows-<cache>-<n>.cpuprofile`). */
  profileDir?: string;
}

/** Loads the page `runs` times under a trace and measures the stretch from the listing in hand to the first row. */
export async function measureDrawing(browser: Browser, options: DrawOptions): Promise<DrawSeries> {
  const categories = ['toplevel', 'blink.user_timing', ...(options.profileDir ? [CPU_PROFILE_CATEGORY] : [])];
  const runs = await eachLoad(
    browser,
    options,
    async (page, i): Promise<DrawRun> => {
      await browser.startTracing(page, { categories });
      let probe: RowsProbe | undefined;
      try {
        await page.goto(options.path, { waitUntil: 'commit' });
        await page.waitForFunction(() => window.__firstRow?.paintedAt !== undefined, undefined, { timeout: 15_000 });
        probe = await page.evaluate(readProbe, [CLOCK_MARK, LISTING_READY_MARK] as [string, string]);
      } catch (error) {
        await browser.stopTracing().catch(() => undefined);
        throw error;
      }
      const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
      if (!probe) throw new Error('the load marked no listing in hand, or painted no row');
      // The document's own mark: the new tab's first blank document makes none.
      const mark = traceEvents.filter((e) => e.name === CLOCK_MARK).at(-1);
      if (!mark) throw new Error('the trace holds no clock mark');
      const { readyMs, paintedMs, clockMarkMs } = probe;
      const cpuMs = mainThreadTasks(traceEvents, mark, clockMarkMs)
        .filter((t) => t.startMs >= readyMs && t.startMs < paintedMs)
        .reduce((sum, t) => sum + t.cpuMs, 0);
      if (options.profileDir) {
        const toTraceUs = (ms: number) => mark.ts + (ms - clockMarkMs) * 1000;
        const profile = profileBetween(traceEvents, mark.pid, toTraceUs(readyMs), toTraceUs(paintedMs));
        writeFileSync(`${options.profileDir}/rows-${options.cache}-${i + 1}.cpuprofile`, JSON.stringify(profile));
      }
      return { wallMs: round1(paintedMs - readyMs), cpuMs: round1(cpuMs), rows: probe.rows };
    },
    (context) => context.addInitScript(markClock, CLOCK_MARK),
  );
  const figures = (values: number[]) => ({ median: round1(median(values)), p90: round1(percentile(values, 90)) });
  return {
    label: seriesLabel(options.cache),
    runs,
    wall: figures(runs.map((r) => r.wallMs)),
    cpu: figures(runs.map((r) => r.cpuMs)),
  };
}
