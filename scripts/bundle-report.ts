// Reads the Vite manifest and works out, per route, the JavaScript a browser must load before that route renders:
// the entry chunk, the route's own split chunks, and everything they import statically.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface RouteSize {
  route: string;
  files: number;
  gzipBytes: number;
}

const root = join(import.meta.dirname, '..');
export const consoleDist = join(root, 'dist', 'console');

function readManifest(): Record<string, ManifestChunk> {
  const path = join(consoleDist, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`No build manifest at ${path}: run \`npm run build\` first.`);
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
}

function staticClosure(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(consoleDist, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** Route files are src/routes/...; their split chunks carry a `?tsr-split=` suffix in the manifest. */
function routeName(key: string): string | undefined {
  const match = /^src\/routes\/(.+?)\.tsx?(\?.*)?$/.exec(key);
  if (!match?.[1]) return undefined;
  return '/' + match[1].replace(/(^|\/)(index|route)$/, '').replace(/\$/g, ':');
}

export function routeSizes(): RouteSize[] {
  const manifest = readManifest();
  const entryKeys = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .map(([key]) => key);
  const byRoute = new Map<string, string[]>();
  for (const key of Object.keys(manifest)) {
    const route = routeName(key);
    if (route === undefined) continue;
    byRoute.set(route, [...(byRoute.get(route) ?? []), key]);
  }
  const routes = [...byRoute.keys()].sort();
  return routes.map((route) => {
    // A nested route also needs the chunks of every layout route above it.
    const ancestors = routes.filter((other) => other === '/' ? false : route.startsWith(other + '/'));
    const keys = [...entryKeys, ...ancestors.flatMap((a) => byRoute.get(a) ?? []), ...(byRoute.get(route) ?? [])];
    const files = staticClosure(manifest, keys);
    let gzipBytes = 0;
    for (const file of files) if (file.endsWith('.js')) gzipBytes += gzipSize(file);
    return { route, files: files.size, gzipBytes };
  });
}

export function entrySize(): number {
  const manifest = readManifest();
  const keys = Object.entries(manifest).filter(([, c]) => c.isEntry).map(([k]) => k);
  let total = 0;
  for (const file of staticClosure(manifest, keys)) if (file.endsWith('.js')) total += gzipSize(file);
  return total;
}
