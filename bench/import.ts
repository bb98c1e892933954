/**
 * Import of N objects (default 1M tiny files, a thousand to a folder) from the server's import root, through the real
 * server in a child process: the files are written first (not timed with the import), then one import is started
 * and its status polled as the console does, but every 100 ms. Figures: the whole import (the POST to the completed
 * status) and its rate; the listing (until the status names the imported tree) and the commit after it; and the
 * slowest status answer meanwhile, since the import runs in the process that serves.
 *
 * Run alone: `npx tsx bench/import.ts` (TARN_BENCH_IMPORT_OBJECTS=N sets the count).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { spawnServer } from '../tests/server/http/child-server';

export interface ImportBenchResults {
  import_objects: number;
  /** Writing the source files (not part of the import). */
  import_files_written_s: number;
  import_total_s: number;
  import_objects_per_s: number;
  /** From the POST until the status names the imported tree: listing, sorting into ranges. */
  import_listing_s: number;
  /** From then until completed: the commit over the branch. */
  import_commit_s: number;
  /** The slowest status call while the import ran. */
  import_status_max_ms: number;
  import_status_polls: number;
}

const perFolder = 1000;

function writeFiles(root: string, objects: number): void {
  for (let folder = 0; folder * perFolder < objects; folder++) {
    const dir = join(root, `part-${String(folder).padStart(4, '0')}`);
    mkdirSync(dir, { recursive: true });
    for (let i = 0; i < perFolder && folder * perFolder + i < objects; i++) writeFileSync(join(dir, `${String(i).padStart(4, '0')}.txt`), `${i}\n`);
  }
}

interface Status {
  completed: boolean;
  ingested_objects?: number;
  metarange_id?: string;
  error?: { message: string };
}

export async function runImportBench(objects: number): Promise<ImportBenchResults> {
  const root = mkdtempSync(join(tmpdir(), 'tarn-bench-import-root-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'tarn-bench-import-data-'));
  let written = performance.now();
  writeFiles(join(root, 'source'), objects);
  written = performance.now() - written;
  const server = await spawnServer(dataDir, ['--import-root', root]);
  try {
    const setup = await fetch(`${server.api}/setup_lakefs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench' }) });
    const keys = (await setup.json()) as { access_key_id: string; secret_access_key: string };
    const authorization = `Basic ${Buffer.from(`${keys.access_key_id}:${keys.secret_access_key}`).toString('base64')}`;
    const call = async (method: string, path: string, body?: object) => {
      const res = await fetch(`${server.api}${path}`, {
        method,
        headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<unknown>;
    };
    await call('POST', '/repositories', { name: 'bench', storage_namespace: 'local://bench' });
    const started = performance.now();
    const { id } = (await call('POST', '/repositories/bench/branches/main/import', {
      paths: [{ path: `local://${join(root, 'source')}`, destination: 'imported/', type: 'common_prefix' }],
      commit: { message: `import ${objects} objects` },
    })) as { id: string };
    let listed: number | undefined;
    let slowest = 0;
    let polls = 0;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const asked = performance.now();
      const status = (await call('GET', `/repositories/bench/branches/main/import?id=${id}`)) as Status;
      const now = performance.now();
      slowest = Math.max(slowest, now - asked);
      polls++;
      if (status.error) throw new Error(`the import failed: ${status.error.message}`);
      if (status.metarange_id !== undefined && listed === undefined) listed = asked - started;
      if (status.completed) {
        if (status.ingested_objects !== objects) throw new Error(`imported ${status.ingested_objects} of ${objects} objects`);
        const total = (now - started) / 1000;
        return {
          import_objects: objects,
          import_files_written_s: written / 1000,
          import_total_s: total,
          import_objects_per_s: objects / total,
          import_listing_s: (listed ?? now - started) / 1000,
          import_commit_s: total - (listed ?? now - started) / 1000,
          import_status_max_ms: slowest,
          import_status_polls: polls,
        };
      }
    }
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(root, { recursive: true, force: true });
  }
}

export function formatImportResults(r: ImportBenchResults): string {
  return [
    `Import of ${r.import_objects.toLocaleString('en-US')} files from the import root (files written in ${r.import_files_written_s.toFixed(1)} s, not counted):`,
    `  total ${r.import_total_s.toFixed(1)} s = ${Math.round(r.import_objects_per_s).toLocaleString('en-US')} objects/s` +
      ` (listing into ranges ${r.import_listing_s.toFixed(1)} s, commit ${r.import_commit_s.toFixed(1)} s)`,
    `  slowest status answer while it ran: ${r.import_status_max_ms.toFixed(0)} ms (${r.import_status_polls} polls)`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(formatImportResults(await runImportBench(Number(process.env.TARN_BENCH_IMPORT_OBJECTS ?? 1_000_000))));
}
