// Where the time to a SQL preview's first result goes: the page's and the DuckDB worker's requests (resource
// timings), the engine's steps (the console's `tarn-sql:*` marks) and the frame that shows the result, all in ms from
// navigation start, broken down into the steps that follow one another on the way to the result. Functions passed to
// the page are serialised, so each one is self-contained.
import type { Page } from 'playwright-core';
import { round1 } from './console-stats';

interface ResultProbe {
  /** performance.now() when the result's status line ("20 rows in 35 ms") entered the DOM. */
  shownAt?: number;
  /** That line as it was then (the file's row count, read next, changes it). */
  text?: string;
  /** performance.now() just after the frame that showed it was painted. */
  paintedAt?: number;
}

declare global {
  interface Window {
    __previewResult?: ResultProbe;
  }
}

/** Init script: watches the DOM from before the console's code runs for the result's status line. */
export function installResultProbe(): void {
  const probe: ResultProbe = {};
  window.__previewResult = probe;
  const observer = new MutationObserver(() => {
    const shown = [...document.querySelectorAll('[role="status"]')].find((node) => /rows? in [\d,]+ ms/.test(node.textContent ?? ''));
    if (!shown) return;
    probe.shownAt = performance.now();
    probe.text = shown.textContent ?? '';
    observer.disconnect();
    // A rAF callback runs just before the frame's style, layout and paint; a task posted from it runs after them.
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        probe.paintedAt = performance.now();
      };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

export interface TimelineRequest {
  /** Who asked: the page or a worker. */
  from: 'page' | 'worker';
  what: string;
  startMs: number;
  endMs: number;
}

export interface PreviewTimeline {
  requests: TimelineRequest[];
  /** First time of each `tarn-sql:*` mark, by step. */
  marks: Record<string, number>;
  shownMs: number;
  paintedMs: number;
  /** The result's status line when it was shown. */
  resultText: string;
}

interface RawEntry {
  name: string;
  startTime: number;
  responseEnd: number;
}

/** The page's or a worker's resource timings, on the page's clock (ms from its navigation start). */
function readResources(): { origin: number; entries: RawEntry[] } {
  const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
    name: e.name,
    startTime: e.startTime,
    responseEnd: e.responseEnd,
  }));
  return { origin: performance.timeOrigin, entries };
}

function describe(name: string): string {
  const url = new URL(name);
  if (url.pathname.startsWith('/api/')) {
    const path = url.searchParams.get('path');
    return `${url.pathname.replace(/^\/api\/v1\/repositories\/[^/]+/, '')}${path ? ` ${path}` : ''}`;
  }
  return url.pathname.replace(/^\/assets\//, '');
}

/** Reads the timeline once the result has been painted. */
export async function readTimeline(page: Page, timeoutMs: number): Promise<PreviewTimeline> {
  await page.waitForFunction(() => window.__previewResult?.paintedAt !== undefined, undefined, { timeout: timeoutMs });
  const probe = await page.evaluate(() => window.__previewResult as Required<ResultProbe>);
  const marks = await page.evaluate(() => {
    const first: Record<string, number> = {};
    for (const mark of performance.getEntriesByType('mark')) {
      if (mark.name.startsWith('tarn-sql:')) first[mark.name.slice('tarn-sql:'.length)] ??= mark.startTime;
    }
    return first;
  });
  const own = await page.evaluate(readResources);
  const requests: TimelineRequest[] = own.entries.map((e) => ({ from: 'page', what: describe(e.name), startMs: e.startTime, endMs: e.responseEnd }));
  const nav = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.responseEnd ?? 0);
  requests.push({ from: 'page', what: 'document', startMs: 0, endMs: nav });
  for (const worker of page.workers()) {
    const theirs = await worker.evaluate(readResources).catch(() => undefined);
    if (!theirs) continue;
    const shift = theirs.origin - own.origin;
    // The worker's own script is fetched before its clock starts: it shows as a request of the page.
    for (const e of theirs.entries) {
      requests.push({ from: 'worker', what: describe(e.name), startMs: e.startTime + shift, endMs: e.responseEnd + shift });
    }
  }
  requests.sort((a, b) => a.startMs - b.startMs);
  return {
    requests: requests.map((r) => ({ ...r, startMs: round1(r.startMs), endMs: round1(r.endMs) })),
    marks: Object.fromEntries(Object.entries(marks).map(([step, at]) => [step, round1(at)])),
    shownMs: round1(probe.shownAt),
    resultText: probe.text,
    paintedMs: round1(probe.paintedAt),
  };
}

/** One step on the way to the first result: from when it could start (`fromMs`) to when it was done (`toMs`). */
export interface BreakdownStep {
  step: string;
  fromMs: number;
  toMs: number;
}

/**
 * The steps to the first result, each from its start to its end on the page's clock. Steps that overlap (an early
 * engine start) show as overlapping spans; the critical path is the one ending last before the next step.
 */
export function breakdown(timeline: PreviewTimeline, objectPath: string): BreakdownStep[] {
  const { requests, marks } = timeline;
  const find = (test: (r: TimelineRequest) => boolean) => requests.find(test);
  const all = (test: (r: TimelineRequest) => boolean) => requests.filter(test);
  const steps: BreakdownStep[] = [];
  const add = (step: string, fromMs: number | undefined, toMs: number | undefined) => {
    if (fromMs !== undefined && toMs !== undefined) steps.push({ step, fromMs, toMs });
  };
  const stat = find((r) => r.what.startsWith('/refs/') && r.what.includes('/objects/stat'));
  // The console's JavaScript and the session reads, until the route asks for the object.
  add('page JS and session reads', 0, stat?.startMs);
  add('object stat', stat?.startMs, stat?.endMs);
  const preview = find((r) => /^SqlPreview-.*\.js$/.test(r.what));
  add('preview chunk', preview?.startMs, preview?.endMs);
  const engineChunks = all((r) => r.from === 'page' && /^(sql-engine|duckdb-session|engine-start)[^/]*\.js$/.test(r.what));
  add('engine chunk', engineChunks[0]?.startMs, engineChunks.length ? Math.max(...engineChunks.map((r) => r.endMs)) : undefined);
  const workerScripts = all((r) => /worker[^/]*\.js$/.test(r.what));
  add('engine worker start (scripts)', workerScripts[0]?.startMs, workerScripts.length ? Math.max(...workerScripts.map((r) => r.endMs)) : undefined);
  const wasm = find((r) => r.what.endsWith('.wasm'));
  add('wasm fetch', wasm?.startMs, wasm?.endMs);
  add('wasm compile and DuckDB instantiate', wasm?.startMs, marks.instantiated);
  add('DuckDB open and connect', marks.instantiated, marks.ready);
  add('file check and registration', marks['run-started'], marks.registered);
  // The query's reads: the ones that follow (the charts, the file's columns, its row count) read it again.
  const runDone = marks['run-done'] ?? Infinity;
  const reads = all((r) => r.from === 'worker' && r.what.endsWith(objectPath) && r.endMs <= runDone);
  // The first reads open the file and read its footer (size, tail, metadata); the rest read row groups.
  add('file open and footer reads (3 requests)', reads[0]?.startMs, reads[2]?.endMs);
  add(`row group reads (${Math.max(0, reads.length - 3)} requests)`, reads[3]?.startMs, reads.at(-1)?.endMs);
  add('query (DuckDB run: registration, reads, rows)', marks['run-started'], marks['run-done']);
  add('render the result', marks['run-done'], timeline.paintedMs);
  return steps.map((s) => ({ ...s, fromMs: round1(s.fromMs), toMs: round1(s.toMs) }));
}

export function formatBreakdown(steps: BreakdownStep[], paintedMs: number): string {
  const lines = steps.map(
    (s) => `    ${s.step.padEnd(48)} ${String(Math.round(s.fromMs)).padStart(6)} → ${String(Math.round(s.toMs)).padStart(6)} ms  (${String(Math.round(s.toMs - s.fromMs)).padStart(5)} ms)`,
  );
  return [...lines, `    ${'first result painted'.padEnd(48)} ${String(Math.round(paintedMs)).padStart(15)} ms`].join('\n');
}

/** The requests on the way to the result, without the page's own JavaScript chunks (the preview's and the engine's stay). */
export function previewRequests(timeline: PreviewTimeline): TimelineRequest[] {
  return timeline.requests.filter((r) => !r.what.endsWith('.js') || /worker|sql-engine|SqlPreview/.test(r.what));
}

export function formatRequests(timeline: PreviewTimeline): string {
  return timeline.requests
    .map((r) => `    ${String(Math.round(r.startMs)).padStart(6)} → ${String(Math.round(r.endMs)).padStart(6)} ms  ${r.from.padEnd(6)} ${r.what.length > 80 ? `${r.what.slice(0, 77)}...` : r.what}`)
    .join('\n');
}
