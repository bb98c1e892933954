// What the usage call must answer, summed the slow way from every object's size: the graveler's and the HTTP tests
// of the usage call both hold its answer to these sums.

export interface SummedChild {
  path: string;
  type: 'object' | 'common_prefix';
  objects: number;
  bytes: number;
}

/** Objects and bytes under `prefix`, and under each child one level down (a folder or an object), in path order. */
export function sumsUnder(all: Map<string, number>, prefix: string): { totals: { objects: number; bytes: number }; children: SummedChild[] } {
  const children = new Map<string, SummedChild>();
  let objects = 0;
  let bytes = 0;
  for (const [path, size] of all) {
    if (!path.startsWith(prefix)) continue;
    objects++;
    bytes += size;
    const at = path.indexOf('/', prefix.length);
    const key = at < 0 ? path : path.slice(0, at + 1);
    const child = children.get(key) ?? { path: key, type: at < 0 ? 'object' : 'common_prefix', objects: 0, bytes: 0 };
    child.objects++;
    child.bytes += size;
    children.set(key, child);
  }
  return { totals: { objects, bytes }, children: [...children.values()].sort((a, b) => (a.path < b.path ? -1 : 1)) };
}
