// Frame times while flinging through a long listing: the Objects table's viewport is scrolled by mouse-wheel
// input and by scrollTop jumps at scrollbar-drag speed, and every animation frame is recorded in the page.
// Functions passed to the page are serialised, so each one is self-contained.
import type { Browser, Page } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { percentile, round1 } from './console-stats';
import { CPU_PROFILE_CATEGORY, profileBetween } from './trace-profile';

interface FrameSample {
  phase: string;
  /** The frame's rAF timestamp (performance.now() time). */
  startMs: number;
  /** rAF timestamp to the next rAF timestamp: how long the frame was on screen. */
  intervalMs: number;
  /** rAF timestamp to a task posted from the rAF callback: the frame's main-thread work (events, script, style,
   * layout, paint) plus any task queued before it. */
  workMs: number;
}

interface LongFrame {
  phase: string;
  durationMs: number;
  /** Style and layout of the frame (long-animation-frame entries only). */
  styleAndLayoutMs: number;
}

interface FrameRecorder {
  recording: boolean;
  phase: string;
  frames: FrameSample[];
  longFrames: LongFrame[];
}

declare global {
  interface Window {
    __frames?: FrameRecorder;
  }
}

/** Init script: records every animation frame while `recording` is on, and long animation frames (≥ 50 ms). */
export function installFrameRecorder(): void {
  const state: FrameRecorder = { recording: false, phase: '', frames: [], longFrames: [] };
  window.__frames = state;
  const channel = new MessageChannel();
  const open: FrameSample[] = [];
  let last: number | undefined;
  channel.port1.onmessage = () => {
    const sample = open.shift();
    if (sample) sample.workMs = performance.now() - sample.workMs;
  };
  requestAnimationFrame(function onFrame(now: number) {
    const previous = state.frames.at(-1);
    if (previous && previous.intervalMs < 0 && last !== undefined) previous.intervalMs = now - last;
    if (state.recording) {
      // workMs holds the frame's start until the posted task replaces it with the elapsed time.
      const sample: FrameSample = { phase: state.phase, startMs: now, intervalMs: -1, workMs: now };
      state.frames.push(sample);
      open.push(sample);
      channel.port2.postMessage(null);
    }
    last = state.recording ? now : undefined;
    requestAnimationFrame(onFrame);
  });
  try {
    new PerformanceObserver((list) => {
      if (!state.recording) return;
      for (const entry of list.getEntries() as (PerformanceEntry & { styleAndLayoutStart: number })[]) {
        state.longFrames.push({
          phase: state.phase,
          durationMs: entry.duration,
          styleAndLayoutMs: entry.styleAndLayoutStart > 0 ? entry.startTime + entry.duration - entry.styleAndLayoutStart : 0,
        });
      }
    }).observe({ type: 'long-animation-frame' });
  } catch {
    // A browser without long-animation-frame entries still gives the per-frame samples.
  }
}

/** The Objects table, whose scrolling viewport every page function looks up the same way. */
const VIEWPORT = 'table[aria-label="Objects"]';

/**
 * Scrolls to the end of the loaded rows again and again, so the listing fetches page after page, until the row
 * named `last` is in the DOM or `budgetMs` runs out. Returns the rows loaded (by the viewport's height).
 */
export async function loadWholeListing(page: Page, last: string, rowHeight: number, budgetMs: number): Promise<number> {
  const deadline = performance.now() + budgetMs;
  for (;;) {
    const height = await page.evaluate((table) => {
      const viewport = document.querySelector(table)?.closest('[data-scroll-viewport]');
      if (!viewport) throw new Error('the Objects listing has no scrolling viewport');
      viewport.scrollTop = viewport.scrollHeight;
      return viewport.scrollHeight;
    }, VIEWPORT);
    const remaining = deadline - performance.now();
    if (remaining <= 0) return Math.round(height / rowHeight);
    const done = await page.waitForFunction(
      ({ table, before, name }) => {
        const viewport = document.querySelector(table)?.closest('[data-scroll-viewport]');
        if (!viewport) return false;
        const lastShown = [...viewport.querySelectorAll('tbody tr[data-index] a')].some((a) => a.textContent === name);
        return lastShown ? 'end' : viewport.scrollHeight > before ? 'more' : false;
      },
      { table: VIEWPORT, before: height, name: last },
      { timeout: Math.min(remaining, 15_000), polling: 'raf' },
    );
    if ((await done.jsonValue()) === 'end') return Math.round(height / rowHeight);
  }
}

async function startRecording(page: Page, phase: string): Promise<void> {
  await page.evaluate((name) => {
    const recorder = window.__frames;
    if (!recorder) throw new Error('the frame recorder is not installed');
    recorder.phase = name;
    recorder.recording = true;
  }, phase);
}

/** Stops recording and says how far the phase scrolled (the viewport's scrollTop, px). */
async function stopRecording(page: Page): Promise<number> {
  return page.evaluate((table) => {
    if (window.__frames) window.__frames.recording = false;
    return document.querySelector(table)?.closest('[data-scroll-viewport]')?.scrollTop ?? 0;
  }, VIEWPORT);
}

async function scrollToTop(page: Page): Promise<void> {
  await page.evaluate(async (table) => {
    const viewport = document.querySelector(table)?.closest('[data-scroll-viewport]');
    if (!viewport) throw new Error('the Objects listing has no scrolling viewport');
    viewport.scrollTop = 0;
    for (let i = 0; i < 3; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, VIEWPORT);
}

/**
 * Mouse-wheel input at the viewport's centre: `deltaPx` a notch, one notch every `everyMs`, for `seconds`. The
 * browser scrolls (and animates) as it would for a person's wheel.
 */
export async function wheelFling(
  page: Page,
  { deltaPx, everyMs, seconds }: { deltaPx: number; everyMs: number; seconds: number },
): Promise<number> {
  await scrollToTop(page);
  const box = await page.evaluate((table) => {
    const rect = document.querySelector(table)?.closest('[data-scroll-viewport]')?.getBoundingClientRect();
    if (!rect) throw new Error('the Objects listing has no scrolling viewport');
    return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
  }, VIEWPORT);
  await page.mouse.move(box.x, box.y);
  await startRecording(page, 'wheel');
  const started = performance.now();
  let next = started;
  while (performance.now() - started < seconds * 1000) {
    await page.mouse.wheel(0, deltaPx);
    next += everyMs;
    const wait = next - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return stopRecording(page);
}

/**
 * Moves scrollTop every frame as dragging the scrollbar thumb from top to bottom in `seconds` would: each frame
 * lands where the elapsed time says, so a slow frame makes the next jump longer, as with a real drag.
 */
export async function dragFling(page: Page, { seconds }: { seconds: number }): Promise<number> {
  await scrollToTop(page);
  await startRecording(page, 'drag');
  await page.evaluate(
    async ({ table, ms }) => {
      const viewport = document.querySelector(table)?.closest('[data-scroll-viewport]');
      if (!viewport) throw new Error('the Objects listing has no scrolling viewport');
      const end = viewport.scrollHeight - viewport.clientHeight;
      const started = performance.now();
      for (;;) {
        const now: number = await new Promise((resolve) => requestAnimationFrame(resolve));
        const fraction = Math.min(1, (now - started) / ms);
        viewport.scrollTop = fraction * end;
        if (fraction >= 1) break;
      }
    },
    { table: VIEWPORT, ms: seconds * 1000 },
  );
  return stopRecording(page);
}

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Start and wall duration, µs. */
  ts: number;
  dur?: number;
  /** Thread (CPU) time of a complete event, µs. */
  tdur?: number;
  args?: { name?: string };
}

/**
 * The scheduler's events for the work a thread runs (trace category `toplevel`): every task, and the microtask
 * checkpoints Blink runs outside any task (after a mojo reply, say), which is where a promise that a fetch resolves
 * runs its callbacks: a React render started by a route loader's promise is one of them.
 */
const TASK_EVENTS = new Set(['ThreadControllerImpl::RunTask', 'BlinkScheduler_PerformMicrotaskCheckpoint']);
/** A user-timing mark whose trace timestamp and performance.now() time give the offset between the two clocks. */
const CLOCK_MARK = 'tarn-bench-clock';

/** A task the page's main thread ran: when it started (performance.now() time) and the CPU time it took. */
export interface MainThreadTask {
  startMs: number;
  cpuMs: number;
}

/**
 * Runs `body` under a Chromium trace and returns its result with the tasks the page's main thread ran meanwhile
 * (scripts, style, layout, paint). Their CPU time, unlike wall time, does not grow when other processes on the
 * machine take the cores, so it compares runs made under different loads. With `profile`, a CPU profile of the
 * main thread meanwhile is written to that file.
 */
export async function traceMainThread<T>(
  browser: Browser,
  page: Page,
  body: () => Promise<T>,
  profile?: string,
): Promise<{ result: T; tasks: MainThreadTask[] }> {
  await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing', ...(profile ? [CPU_PROFILE_CATEGORY] : [])] });
  let result: T;
  let markMs: number;
  try {
    markMs = await page.evaluate((name) => performance.mark(name).startTime, CLOCK_MARK);
    result = await body();
  } catch (error) {
    await browser.stopTracing().catch(() => undefined);
    throw error;
  }
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  const mark = traceEvents.find((e) => e.name === CLOCK_MARK);
  if (!mark) throw new Error('the trace holds no clock mark');
  const tasks = mainThreadTasks(traceEvents, mark, markMs);
  if (profile) writeFileSync(profile, JSON.stringify(profileBetween(traceEvents, mark.pid, mark.ts, Number.POSITIVE_INFINITY)));
  return { result, tasks };
}

/**
 * The tasks of the main thread of the renderer that made `mark` (a user-timing mark made at `markMs`, its
 * performance.now() time), each with its start in that document's performance.now() time and its CPU time.
 */
export function mainThreadTasks(traceEvents: readonly TraceEvent[], mark: TraceEvent, markMs: number): MainThreadTask[] {
  const mainThread = traceEvents.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === mark.pid,
  );
  const offsetUs = mark.ts - markMs * 1000;
  const tasks: MainThreadTask[] = [];
  let endUs = 0;
  for (const task of traceEvents
    .filter((e) => e.ph === 'X' && TASK_EVENTS.has(e.name) && e.pid === mark.pid && e.tid === mainThread?.tid)
    // The outer of two events that start together first.
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    // A task run inside another (a nested run loop, or a task's own microtask checkpoint) is part of the outer one's
    // time already.
    if (task.ts < endUs) continue;
    endUs = task.ts + (task.dur ?? 0);
    tasks.push({ startMs: (task.ts - offsetUs) / 1000, cpuMs: (task.tdur ?? 0) / 1000 });
  }
  return tasks;
}

export interface FrameFigures {
  frames: number;
  /** Main-thread CPU time of each frame: the tasks started from its rAF timestamp to the next (traced phases). */
  cpu?: { p50: number; p95: number; max: number; over16: number };
  interval: { p50: number; p95: number; max: number };
  work: { p50: number; p95: number; max: number };
  /** Frames whose main-thread work took more than 16 ms (a 60 Hz frame's budget). */
  workOver16: number;
  /** Frames shown for longer than one 60 Hz refresh (a dropped frame: interval above 16.7 ms plus 2 ms slack). */
  droppedFrames: number;
  longFrames: number;
  longFrameMaxMs: number;
  /** Of the long frames' time, the part spent in style and layout. */
  longFrameStyleLayoutShare: number;
}

/** The main-thread CPU time of each frame: the tasks that started between its rAF timestamp and the next one's. */
function cpuPerFrame(frames: readonly FrameSample[], tasks: readonly MainThreadTask[]): number[] {
  return frames
    .filter((f) => f.intervalMs >= 0)
    .map((f) =>
      tasks
        .filter((t) => t.startMs >= f.startMs && t.startMs < f.startMs + f.intervalMs)
        .reduce((sum, t) => sum + t.cpuMs, 0),
    );
}

/** Per-phase figures of the recorded frames; `tasks` are a phase's main-thread tasks, from traceMainThread. */
export async function frameFigures(page: Page, tasks: Record<string, MainThreadTask[]> = {}): Promise<Record<string, FrameFigures>> {
  const { frames, longFrames } = await page.evaluate(() => {
    const recorder = window.__frames;
    if (!recorder) throw new Error('the frame recorder is not installed');
    return { frames: recorder.frames, longFrames: recorder.longFrames };
  });
  const phases = [...new Set(frames.map((f) => f.phase))];
  const figures: Record<string, FrameFigures> = {};
  for (const phase of phases) {
    // The last frame of a phase has no interval, and a frame whose task never ran has no work figure.
    const samples = frames.filter((f) => f.phase === phase);
    const intervals = samples.map((f) => f.intervalMs).filter((ms) => ms >= 0);
    const work = samples.map((f) => f.workMs).filter((ms) => ms >= 0 && ms < 60_000);
    const long = longFrames.filter((f) => f.phase === phase);
    const longTotal = long.reduce((sum, f) => sum + f.durationMs, 0);
    const phaseTasks = tasks[phase];
    const cpu = phaseTasks ? cpuPerFrame(samples, phaseTasks) : [];
    figures[phase] = {
      frames: samples.length,
      ...(cpu.length > 0
        ? {
            cpu: {
              p50: round1(percentile(cpu, 50)),
              p95: round1(percentile(cpu, 95)),
              max: round1(Math.max(...cpu)),
              over16: cpu.filter((ms) => ms > 16).length,
            },
          }
        : {}),
      interval: { p50: round1(percentile(intervals, 50)), p95: round1(percentile(intervals, 95)), max: round1(Math.max(0, ...intervals)) },
      work: { p50: round1(percentile(work, 50)), p95: round1(percentile(work, 95)), max: round1(Math.max(0, ...work)) },
      workOver16: work.filter((ms) => ms > 16).length,
      droppedFrames: intervals.filter((ms) => ms > 16.7 + 2).length,
      longFrames: long.length,
      longFrameMaxMs: round1(Math.max(0, ...long.map((f) => f.durationMs))),
      longFrameStyleLayoutShare: longTotal > 0 ? round1(long.reduce((sum, f) => sum + f.styleAndLayoutMs, 0) / longTotal) : 0,
    };
  }
  return figures;
}

export function formatFrameFigures(figures: Record<string, FrameFigures>): string {
  const header = ['phase', 'frames', 'work p50', 'p95', 'max', '>16 ms', 'CPU p50', 'p95', 'max', '>16 ms', 'interval p50', 'p95', 'max', 'dropped', 'LoAF', 'LoAF max'];
  const rows = Object.entries(figures).map(([phase, f]) =>
    [
      phase,
      f.frames,
      f.work.p50,
      f.work.p95,
      f.work.max,
      f.workOver16,
      f.cpu?.p50 ?? '-',
      f.cpu?.p95 ?? '-',
      f.cpu?.max ?? '-',
      f.cpu?.over16 ?? '-',
      f.interval.p50,
      f.interval.p95,
      f.interval.max,
      f.droppedFrames,
      f.longFrames,
      f.longFrameMaxMs,
    ].map(String),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => '  ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}
