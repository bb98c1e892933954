// Reads the Vite manifest and works out, per route, the JavaScript a browser must load before that route renders:
// the entry chunk, the split chunks of the route and of the layout routes above it, and everything they import
// statically.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface RouteSize {
  route: string;
  files: number;
  gzipBytes: number;
}

const root = join(import.meta.dirname, '..');
export const consoleDist = join(root, 'dist', 'console');

function readManifest(): Manifest {
  const path = join(consoleDist, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`No build manifest at ${path}: run \`npm run build\` first.`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
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

/**
 * The route file a manifest key was split from, as a path under src/routes without its extension (`auth/_admin`,
 * `repositories/$repoId/route`); split chunks carry a `?tsr-split=` suffix. Files the router ignores (a segment
 * starting with `-`, such as a helper a route imports lazily) and the root route (part of the entry) are none.
 */
function routeFile(key: string): string | undefined {
  const match = /^src\/routes\/(.+?)\.tsx?(\?.*)?$/.exec(key);
  const file = match?.[1];
  if (!file || file === '__root' || file.split('/').some((segment) => segment.startsWith('-'))) return undefined;
  return file;
}

/** `repositories/$repoId/route` and `repositories/$repoId/index` are both the page /repositories/:repoId. */
function routeName(file: string): string {
  return '/' + file.replace(/(^|\/)(index|route)$/, '').replace(/\$/g, ':');
}

/**
 * The folder a layout route file wraps: `a/route` and `a` (when files under `a/` exist) lay out everything under
 * `a/`. An index file or a leaf is no layout: /repositories/index.tsx renders nothing on /repositories/:repoId.
 */
function layoutFolder(file: string, files: string[]): string | undefined {
  if (file.endsWith('/route')) return file.slice(0, -'/route'.length);
  if (file.endsWith('/index') || file === 'index') return undefined;
  return files.some((other) => other.startsWith(file + '/')) ? file : undefined;
}

/** Per route, the JavaScript files its first render needs and their gzipped size, given how big each file is. */
export function routeSizesOf(manifest: Manifest, sizeOf: (file: string) => number): RouteSize[] {
  const entryKeys = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .map(([key]) => key);
  const keysByFile = new Map<string, string[]>();
  for (const key of Object.keys(manifest)) {
    const file = routeFile(key);
    if (file !== undefined) keysByFile.set(file, [...(keysByFile.get(file) ?? []), key]);
  }
  const files = [...keysByFile.keys()];
  const layouts = files.flatMap((file) => {
    const folder = layoutFolder(file, files);
    return folder === undefined ? [] : [{ file, folder }];
  });
  const filesByRoute = new Map<string, string[]>();
  for (const file of files) filesByRoute.set(routeName(file), [...(filesByRoute.get(routeName(file)) ?? []), file]);
  return [...filesByRoute.keys()].sort().map((route) => {
    const own = filesByRoute.get(route) ?? [];
    // A nested route also needs the chunks of every layout route above it.
    const ancestors = layouts.filter(({ folder }) => own.some((file) => file.startsWith(folder + '/'))).map((l) => l.file);
    const keys = [...entryKeys, ...[...new Set([...ancestors, ...own])].flatMap((file) => keysByFile.get(file) ?? [])];
    const closure = staticClosure(manifest, keys);
    let gzipBytes = 0;
    for (const file of closure) if (file.endsWith('.js')) gzipBytes += sizeOf(file);
    return { route, files: closure.size, gzipBytes };
  });
}

/** Each route's budget of initial JavaScript, gzipped. */
export const BUDGET_BYTES = 250 * 1024;

/** The routes whose initial JavaScript is over the budget, largest first. */
export function overBudget(sizes: readonly RouteSize[], budget = BUDGET_BYTES): RouteSize[] {
  return sizes.filter((size) => size.gzipBytes > budget).sort((a, b) => b.gzipBytes - a.gzipBytes);
}

export function routeSizes(): RouteSize[] {
  return routeSizesOf(readManifest(), gzipSize);
}

export function entrySize(): number {
  const manifest = readManifest();
  const keys = Object.entries(manifest).filter(([, c]) => c.isEntry).map(([k]) => k);
  let total = 0;
  for (const file of staticClosure(manifest, keys)) if (file.endsWith('.js')) total += gzipSize(file);
  return total;
}
