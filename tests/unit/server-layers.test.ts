// The server's modules form layers that depend only downward, with no import cycles. The graph is read from the
// import and export statements of server/**/*.ts, so a new module is checked without being listed here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = resolve(import.meta.dirname, '..', '..', 'server');

/** Which layers each layer may use besides itself. `root` is the entry point and its configuration, which wire everything. */
const mayUse: Record<string, string[]> = {
  root: ['http', 'gateway', 'catalog', 'actions', 'auth', 'gc', 'usage', 'mail', 'graveler', 'kv', 'blockstore', 'errors'],
  http: ['gateway', 'catalog', 'actions', 'auth', 'usage', 'sample-data', 'errors'],
  // The S3 gateway on the same port: S3 requests over the catalog, signed with the access keys of auth.
  gateway: ['catalog', 'auth', 'errors'],
  // The garbage collector's retention rules answer lakeFS's GC preparation calls too.
  catalog: ['graveler', 'gc', 'blockstore', 'errors'],
  // Hooks on repository events and their run records; the catalog reaches them only through its own port.
  actions: ['kv', 'errors'],
  auth: ['kv', 'errors'],
  // Mailing invitations: a minimal SMTP client; the entry point plugs it into auth's invitation port.
  mail: ['errors'],
  // Garbage collection: the block store's listing against what the versioned store refers to.
  gc: ['graveler', 'blockstore', 'errors'],
  // Counts of API calls per month, kept in the metadata store.
  usage: ['kv', 'errors'],
  graveler: ['kv', 'blockstore', 'errors'],
  kv: ['errors'],
  blockstore: ['errors'],
  errors: [],
  // The quickstart's files, made from assets: the repository call hands them to the catalog as plain input.
  'sample-data': [],
};

/** `http/app.ts` → `http`; `errors.ts` → `errors`; any other file at the top (main.ts, config.ts) → `root`. */
function layerOf(file: string): string {
  const path = relative(serverDir, file);
  const slash = path.indexOf('/');
  if (slash >= 0) return path.slice(0, slash);
  return path === 'errors.ts' ? 'errors' : 'root';
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const importPattern = /^\s*(?:import|export)\b[^'"]*?\bfrom\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

/** The server files a file imports (packages and Node modules are not part of the graph). */
function importsOf(file: string): string[] {
  const found: string[] = [];
  for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
    const specifier = match[1] ?? match[2] ?? '';
    if (!specifier.startsWith('.')) continue;
    const base = resolve(dirname(file), specifier);
    const target = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
    if (!target) throw new Error(`${relative(serverDir, file)} imports ${specifier}, which is not a server file`);
    found.push(target);
  }
  return found;
}

const graph = new Map(sourceFiles(serverDir).map((file) => [file, importsOf(file)]));
const name = (file: string) => relative(serverDir, file);

/** Every cycle found by a depth-first walk, each as the files along it. */
function findCycles(): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string) => {
    const at = path.indexOf(file);
    if (at >= 0) {
      cycles.push([...path.slice(at), file].map(name));
      return;
    }
    if (done.has(file)) return;
    path.push(file);
    for (const next of graph.get(file) ?? []) visit(next);
    path.pop();
    done.add(file);
  };
  for (const file of graph.keys()) visit(file);
  return cycles;
}

describe('server layers', () => {
  it('reads a graph that covers every layer', () => {
    expect(new Set([...graph.keys()].map(layerOf))).toEqual(new Set(Object.keys(mayUse)));
  });

  it('has no import cycles', () => {
    expect(findCycles()).toEqual([]);
  });

  it('imports only downward: http → catalog/auth → graveler → kv/blockstore → errors', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const from = layerOf(file);
      for (const target of targets) {
        const to = layerOf(target);
        if (to !== from && !mayUse[from]?.includes(to)) wrong.push(`${name(file)} → ${name(target)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
