// The server's modules form layers that depend only downward, with no import cycles. The graph is read from the
// import and export statements of server/**/*.ts, so a new module is checked without being listed here.
import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, readImportGraph } from './import-graph';

const serverDir = resolve(import.meta.dirname, '..', '..', 'server');

/** Which layers each layer may use besides itself. `root` is the entry point and its configuration, which wire everything. */
const mayUse: Record<string, string[]> = {
  root: ['http', 'audit', 'events', 'gateway', 'catalog', 'actions', 'auth', 'gc', 'usage', 'mail', 'graveler', 'kv', 'blockstore', 'errors'],
  http: ['gateway', 'tables', 'catalog', 'actions', 'auth', 'audit', 'events', 'usage', 'sample-data', 'errors'],
  // The S3 gateway on the same port: S3 requests over the catalog, signed with the access keys of auth.
  gateway: ['catalog', 'auth', 'errors'],
  // The garbage collector's retention rules answer lakeFS's GC preparation calls too.
  catalog: ['graveler', 'gc', 'blockstore', 'errors'],
  // Delta Lake and Iceberg tables of a ref, read from their logs through the catalog's reads.
  tables: ['catalog', 'kv', 'errors'],
  // A repository's changes for the live streams: in memory, relayed among workers, or NOTIFYed through PostgreSQL.
  events: ['errors'],
  // Hooks on repository events and their run records; the catalog reaches them only through its own port.
  actions: ['kv', 'errors'],
  auth: ['kv', 'errors'],
  // Mailing invitations: a minimal SMTP client; the entry point plugs it into auth's invitation port.
  mail: ['errors'],
  // Garbage collection: the block store's listing against what the versioned store refers to.
  gc: ['graveler', 'blockstore', 'errors'],
  // Counts of API calls per month, kept in the metadata store.
  usage: ['kv', 'errors'],
  // Who changed what, who signed in, who was refused: records kept in the metadata store.
  audit: ['kv', 'errors'],
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

const graph = readImportGraph(serverDir);
const name = graph.name;

describe('server layers', () => {
  it('reads a graph that covers every layer', () => {
    expect(new Set([...graph.files.keys()].map(layerOf))).toEqual(new Set(Object.keys(mayUse)));
  });

  it('has no import cycles', () => {
    expect(findCycles(graph)).toEqual([]);
  });

  it('imports only downward: http → catalog/auth → graveler → kv/blockstore → errors', () => {
    const wrong: string[] = [];
    for (const [file, { local: targets }] of graph.files) {
      const from = layerOf(file);
      for (const target of targets) {
        const to = layerOf(target);
        if (to !== from && !mayUse[from]?.includes(to)) wrong.push(`${name(file)} → ${name(target)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
