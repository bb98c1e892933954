/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, or TARN_BENCH_PROFILE=DIR with the HTTP load): where the time
 * went by package or source file, the functions that spent the most time themselves, and those whose calls took the
 * most time in all (self plus callees).
 *
 * `tsx bench/cpu-profile.ts FILE.cpuprofile [N] [LAST_SECONDS]` prints the top N (default 30) of each; with
 * LAST_SECONDS only the samples of the profile's last seconds count (the HTTP load's last phase, without the server's
 * start and seeding: the seconds of the phase, less one).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg, lastArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: tsx bench/cpu-profile.ts FILE.cpuprofile [N] [LAST_SECONDS]');
  process.exit(2);
}
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const label = (node: ProfileNode) => {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  const where = url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*?\/(server|bench)\//, '$1/');
  return `${functionName || '(anonymous)'} ${where ? `${where}:${lineNumber + 1}:${columnNumber + 1}` : ''}`.trim();
};

/** The package, or the project's own file, a function belongs to. */
const fileOf = (node: ProfileNode) => {
  const { url } = node.callFrame;
  const dependency = /\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return dependency[1] as string;
  if (url.startsWith('node:')) return 'node internals';
  const own = /\/((?:server|bench)\/.*)$/.exec(url);
  return own ? (own[1] as string) : url || '(native, GC, idle)';
};

const self = new Map<string, number>();
const selfByFile = new Map<string, number>();
const total = new Map<string, number>();
let all = 0;
const span = profile.timeDeltas.reduce((sum, micros) => sum + micros, 0);
const from = lastArg === undefined ? 0 : span - Number(lastArg) * 1e6;
let at = 0;
profile.samples.forEach((id, i) => {
  const micros = profile.timeDeltas[i] ?? 0;
  at += micros;
  if (at < from) return;
  all += micros;
  const node = byId.get(id);
  if (!node) return;
  self.set(label(node), (self.get(label(node)) ?? 0) + micros);
  selfByFile.set(fileOf(node), (selfByFile.get(fileOf(node)) ?? 0) + micros);
  // Each function on the sampled stack counts once, however often it recurs.
  const seen = new Set<string>();
  for (let frame: number | undefined = id; frame !== undefined; frame = parentOf.get(frame)) {
    const name = label(byId.get(frame) as ProfileNode);
    if (!seen.has(name)) total.set(name, (total.get(name) ?? 0) + micros);
    seen.add(name);
  }
});

function print(title: string, figures: Map<string, number>): void {
  console.log(`\n${title}`);
  for (const [name, micros] of [...figures].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((micros / all) * 100).toFixed(1).padStart(5)}%  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${name}`);
  }
}

console.log(`${file}: ${(all / 1e6).toFixed(1)} s sampled`);
print('Self time by package or file', selfByFile);
print('Self time', self);
print('Total time (self and callees)', total);
