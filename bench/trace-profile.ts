// A V8 CPU profile out of a Chromium trace recorded with the `disabled-by-default-v8.cpu_profiler` category, for
// bench/cpu-profile.ts to summarise.
import type { TraceEvent } from './console-frames';

/** The category that puts the renderer's CPU profile into a trace. */
export const CPU_PROFILE_CATEGORY = 'disabled-by-default-v8.cpu_profiler';

interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  parent?: number;
  children?: number[];
}

/** A trace's profile node: a native frame has no url or position. */
type TraceProfileNode = Omit<CpuProfileNode, 'callFrame'> & { callFrame: Partial<CpuProfileNode['callFrame']> };

/**
 * The samples of the renderer's V8 CPU profile in the trace (its Profile and ProfileChunk events) between two trace
 * timestamps (µs), as a .cpuprofile.
 */
export function profileBetween(events: readonly TraceEvent[], pid: number, fromUs: number, toUs: number) {
  type Chunk = TraceEvent & {
    id?: string;
    args?: { data?: { startTime?: number; cpuProfile?: { nodes?: TraceProfileNode[]; samples?: number[] }; timeDeltas?: number[] } };
  };
  const own = (events as Chunk[]).filter((e) => e.pid === pid && (e.name === 'Profile' || e.name === 'ProfileChunk'));
  // The main thread's profile is the one with the most samples (workers have their own).
  const byId = new Map<string, Chunk[]>();
  for (const e of own) byId.set(e.id ?? '', [...(byId.get(e.id ?? '') ?? []), e]);
  const sampleCount = (chunks: Chunk[]) => chunks.reduce((n, c) => n + (c.args?.data?.cpuProfile?.samples?.length ?? 0), 0);
  const chunks = [...byId.values()].sort((a, b) => sampleCount(b) - sampleCount(a))[0] ?? [];
  const nodes = new Map<number, CpuProfileNode>();
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let at = chunks.find((c) => c.name === 'Profile')?.args?.data?.startTime ?? 0;
  let last = fromUs;
  for (const chunk of chunks) {
    // A trace's nodes leave out a native frame's url and position, which a .cpuprofile has.
    for (const node of chunk.args?.data?.cpuProfile?.nodes ?? []) {
      nodes.set(node.id, { ...node, callFrame: { functionName: '', url: '', lineNumber: -1, columnNumber: -1, ...node.callFrame }, children: [] });
    }
    const ids = chunk.args?.data?.cpuProfile?.samples ?? [];
    const deltas = chunk.args?.data?.timeDeltas ?? [];
    ids.forEach((id, i) => {
      at += deltas[i] ?? 0;
      if (at < fromUs || at > toUs) return;
      samples.push(id);
      timeDeltas.push(at - last);
      last = at;
    });
  }
  for (const node of nodes.values()) if (node.parent !== undefined) nodes.get(node.parent)?.children?.push(node.id);
  return { nodes: [...nodes.values()], startTime: fromUs, endTime: toUs, samples, timeDeltas };
}

