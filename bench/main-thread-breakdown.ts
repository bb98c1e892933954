// Where a page's main thread spent its CPU time, from a Chromium trace: each traced event's own time (its thread time
// less that of the events nested in it), summed by the kind of work, the way the browser's performance panel groups
// it. Time in a task that no traced event accounts for is "other" (the scheduler's own work, among others).
import type { TraceEvent } from './console-frames';

export type WorkKind = 'compile' | 'script' | 'style' | 'layout' | 'paint' | 'parse HTML' | 'loading' | 'GC' | 'other';

/** The trace categories whose events this breakdown reads. */
export const BREAKDOWN_CATEGORIES = ['toplevel', 'devtools.timeline', 'v8', 'v8.execute', 'blink.user_timing', 'loading'];

const KINDS: [WorkKind, RegExp][] = [
  ['compile', /^(v8\.compile|v8\.compileModule|V8\.CompileCode|V8\.CompileLazy|v8\.produceModuleCache|CacheScript)/],
  ['GC', /GC|^V8\.GC/],
  ['script', /^(EvaluateScript|v8\.evaluateModule|v8\.run|v8\.callFunction|FunctionCall|TimerFire|EventDispatch|RunMicrotasks|FireAnimationFrame|FireIdleCallback|XHRReadyStateChange|v8\.execute|V8\.Execute)/],
  ['style', /^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|ScheduleStyleRecalculation)/],
  ['layout', /^(Layout|UpdateLayout|IntersectionObserverController)/],
  ['paint', /^(Paint|PrePaint|Layerize|UpdateLayer|CompositeLayers|Commit|PaintImage|RasterTask|Decode)/],
  ['parse HTML', /^ParseHTML$/],
  // Messages from the browser process (the responses of the page's requests among them) and the loader's own work.
  ['loading', /^(Receive mojo message|SimpleWatcher::OnHandleReady|HTMLDocumentParser::MaybeFetchQueuedPreloads|DocumentLoader::|Resource(SendRequest|ReceiveResponse|ReceivedData|Finish))/],
];
const TASK = 'ThreadControllerImpl::RunTask';

function kindOf(name: string): WorkKind | undefined {
  return KINDS.find(([, pattern]) => pattern.test(name))?.[0];
}

/**
 * The CPU milliseconds of each kind of work on the main thread `tid` of process `pid`, for the tasks that started in
 * [fromUs, toUs] (trace microseconds).
 */
export function mainThreadBreakdown(events: readonly TraceEvent[], pid: number, tid: number, fromUs: number, toUs: number): Record<WorkKind, number> {
  const totals: Record<WorkKind, number> = { compile: 0, script: 0, style: 0, layout: 0, paint: 0, 'parse HTML': 0, loading: 0, GC: 0, other: 0 };
  const timed = events
    .filter((e) => e.ph === 'X' && e.pid === pid && e.tid === tid && e.ts >= fromUs && e.ts <= toUs && e.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // The enclosing events, innermost last; an event's own time is its thread time less its children's.
  const open: { end: number; kind: WorkKind; own: number }[] = [];
  const close = (upTo: number) => {
    while (open.length > 0 && (open.at(-1)?.end ?? 0) <= upTo) {
      const done = open.pop();
      if (done) totals[done.kind] += Math.max(0, done.own);
    }
  };
  for (const event of timed) {
    close(event.ts);
    const parent = open.at(-1);
    const known = event.name === TASK ? undefined : kindOf(event.name);
    // An event of no known kind is counted with the one around it (or as "other" at the top).
    const kind = known ?? parent?.kind ?? 'other';
    if (parent) parent.own -= event.tdur ?? 0;
    open.push({ end: event.ts + (event.dur ?? 0), kind, own: event.tdur ?? 0 });
  }
  close(Number.POSITIVE_INFINITY);
  for (const kind of Object.keys(totals) as WorkKind[]) totals[kind] = Math.round(totals[kind] / 100) / 10;
  return totals;
}
