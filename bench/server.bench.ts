/**
 * `npm run bench:server`: storage figures at 10k, 100k and 1M objects, then HTTP load on loopback, then an import of
 * 1M files; prints a table and writes bench/results/server.json. Never part of `npm test`.
 *
 * TARN_BENCH_SIZES=10000,100000 limits the tree sizes (TARN_BENCH_SIZES=none skips the storage part); TARN_BENCH_SECONDS sets each HTTP phase's length. The HTTP
 * load runs again with the metadata in PostgreSQL: TARN_BENCH_DATABASE_URL (an empty database), else a local
 * throwaway cluster when PostgreSQL is installed. TARN_BENCH_IMPORT_OBJECTS sets the import's size.
 * TARN_BENCH_ONLY=import runs the import alone and updates only its figures in server.json. Then the commit graph's
 * pages over a long history (TARN_BENCH_GRAPH_COMMITS, default 100,000); TARN_BENCH_ONLY=graph runs it alone likewise,
 * as TARN_BENCH_ONLY=http does the HTTP load (SQLite and PostgreSQL), gc the collector, deletes the listings of a
 * folder with uncommitted deletions, find the file finder over 1M paths, and usage the usage call (objects and bytes
 * by child) at 1M objects: `cold` on a restarted store (empty range, metarange and byte-total caches; the files in the
 * OS's file cache).
 * TARN_BENCH_10M=1 adds the commit, diff and merge of 100 changes at 10M objects, with the same figures at 1M from
 * the same run (some ten minutes: each 10M tree is written first); TARN_BENCH_ONLY=10m runs that tier alone.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import {
  benchFind,
  benchGc,
  benchUncommittedDeletes,
  benchUsage,
  formatFindResults,
  formatStorageResults,
  formatUsageResults,
  runStorageBench,
  type FindBenchResult,
  type UsageBenchResult,
} from './storage';
import { formatTenMillion, runTenMillion } from './ten-million';
import { startPgCluster, pgInstalled } from '../tests/server/pg-cluster';
import { runHttpLoad, type HttpLoadResults } from './http-load';
import { formatImportResults, runImportBench } from './import';
import { formatCommitGraphResults, runCommitGraphBench } from './commit-graph';

const sizesSetting = process.env.TARN_BENCH_SIZES;
const sizes = sizesSetting === 'none' ? [] : (sizesSetting?.split(',').map(Number) ?? [10_000, 100_000, 1_000_000]);
const seconds = Number(process.env.TARN_BENCH_SECONDS ?? 10);

const importObjects = Number(process.env.TARN_BENCH_IMPORT_OBJECTS ?? 1_000_000);
const graphCommits = Number(process.env.TARN_BENCH_GRAPH_COMMITS ?? 100_000);
const resultsFile = join(import.meta.dirname, 'results', 'server.json');

console.log(`Tarn server benchmark — ${cpus().length} cores, Node ${process.version}\n`);
/** Runs one part alone and updates only its figures in server.json. */
async function runOnly(name: string, run: () => Promise<object>): Promise<never> {
  const figures = await run();
  const previous = existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(resultsFile, JSON.stringify({ ...previous, ...figures }, null, 2) + '\n');
  console.log(`\nUpdated the ${name} figures in bench/results/server.json`);
  process.exit(0);
}
if (process.env.TARN_BENCH_ONLY === 'import') {
  await runOnly('import', async () => {
    const imported = await runImportBench(importObjects);
    console.log(formatImportResults(imported));
    return imported;
  });
}
if (process.env.TARN_BENCH_ONLY === 'graph') {
  await runOnly('commit graph', async () => {
    const graph = await runCommitGraphBench(graphCommits);
    console.log(formatCommitGraphResults(graph));
    return graph;
  });
}
if (process.env.TARN_BENCH_ONLY === 'gc') {
  await runOnly('garbage collection', async () => {
    const gc = await benchGc(100_000, 10_000);
    console.log(gc);
    return {
      gc_objects: gc.objects,
      gc_expired_versions: gc.expiredVersions,
      gc_ms: gc.ms,
      gc_dry_run_ms: gc.dryRunMs,
      gc_bytes_freed: gc.bytesFreed,
      gc_examined: gc.examined,
      gc_us_per_object: gc.usPerObject,
    };
  });
}
/** The file finder's figures as server.json names them. */
const findFigures = (f: FindBenchResult) => ({
  find_objects: f.objects,
  find_frequent_first_page_ms: f.frequentFirstPageMs,
  find_frequent_first_page_cold_ms: f.frequentFirstPageColdMs,
  find_absent_first_page_ms: f.absentFirstPageMs,
  find_absent_first_page_cold_ms: f.absentFirstPageColdMs,
  find_paths_per_s: f.pathsPerSecond,
  find_paths_per_s_cold: f.pathsPerSecondCold,
});
if (process.env.TARN_BENCH_ONLY === 'find') {
  await runOnly('file finder', async () => {
    const find = await benchFind(1_000_000);
    console.log(formatFindResults(find));
    return findFigures(find);
  });
}
/** The usage call's figures as server.json names them. */
const usageFigures = (u: UsageBenchResult) => ({
  usage_objects: u.objects,
  usage_root_at_1m_ms: u.rootMs,
  usage_cold_at_1m_ms: u.rootColdMs,
  usage_partitions_at_1m_ms: u.partitionsMs,
  usage_partitions_cold_at_1m_ms: u.partitionsColdMs,
  usage_partitions_cpu_at_1m_ms: u.partitionsCpuMs,
  usage_branch_staged_at_1m_ms: u.branchMs,
});
if (process.env.TARN_BENCH_ONLY === 'usage') {
  await runOnly('usage', async () => {
    const usage = await benchUsage(1_000_000);
    console.log(formatUsageResults(usage));
    return usageFigures(usage);
  });
}
if (process.env.TARN_BENCH_ONLY === 'deletes') {
  await runOnly('uncommitted deletes', async () => {
    const d = await benchUncommittedDeletes();
    console.log(d);
    return {
      deletes_objects: d.objects,
      deletes_deleted: d.deleted,
      deletes_root_clean_ms: d.rootCleanMs,
      deletes_root_dirty_ms: d.rootDirtyMs,
      deletes_folder_clean_ms: d.folderCleanMs,
      deletes_folder_dirty_ms: d.folderDirtyMs,
      deletes_folder_dirty_cpu_ms: d.folderDirtyCpuMs,
    };
  });
}
if (process.env.TARN_BENCH_ONLY === '10m') {
  await runOnly('10M', async () => {
    const tier = await runTenMillion();
    console.log(formatTenMillion(tier));
    return tier;
  });
}
const storage = sizes.length > 0 && process.env.TARN_BENCH_ONLY !== 'http' ? await runStorageBench(sizes) : undefined;
if (storage) console.log(formatStorageResults(storage));

const row = (label: string, perSecond: number, p50: number | undefined, p90: number, p99: number | undefined) =>
  `${label.padEnd(26)} ${Math.round(perSecond).toLocaleString('en-US').padStart(8)} /s` +
  (p50 === undefined ? '' : `   p50 ${p50.toFixed(1)} ms`) +
  `   p90 ${p90.toFixed(1)} ms` +
  (p99 === undefined ? '' : `   p99 ${p99.toFixed(1)} ms`);
const times = (ratio: number) => `   ${ratio.toFixed(2)} × bare node`;

function printHttp(title: string, h: HttpLoadResults): void {
  console.log(`\n${title}`);
  console.log(row('bare node:http', h.bare_node_per_s, undefined, h.bare_node_p90_ms, undefined));
  console.log(row('bare Hono', h.bare_hono_per_s, undefined, h.bare_hono_p90_ms, undefined) + times(h.bare_hono_ratio_to_bare));
  console.log(row('bare file writes', h.bare_file_writes_per_s, undefined, h.bare_file_writes_p90_ms, undefined));
  console.log(row('Tarn healthcheck', h.healthcheck_per_s, undefined, h.healthcheck_p90_ms, undefined) + times(h.tarn_healthcheck_ratio_to_bare));
  console.log(row('Tarn object stat', h.stat_per_s, undefined, h.stat_p90_ms, undefined) + times(h.tarn_stat_ratio_to_bare));
  console.log(row('Tarn object get', h.get_per_s, undefined, h.get_p90_ms, undefined) + times(h.tarn_get_ratio_to_bare));
  console.log(row('reads (stat + get)', h.reads_per_s, h.read_p50_ms, h.read_p90_ms, h.read_p99_ms) + `   (${h.read_requests_per_s.toLocaleString('en-US')} requests/s)`);
  console.log(row('writes (small uploads)', h.writes_per_s, h.write_p50_ms, h.write_p90_ms, h.write_p99_ms) + times(h.tarn_upload_ratio_to_bare) + `, ${h.tarn_upload_ratio_to_bare_file_writes.toFixed(2)} × bare file writes`);
  console.log(
    `Tarn CPU per request: healthcheck ${h.healthcheck_cpu_us} µs, stat ${h.stat_cpu_us} µs, get ${h.get_cpu_us} µs, ` +
      `read ${h.read_cpu_us} µs, upload ${h.write_cpu_us} µs`,
  );
  console.log(`load average ${h.load_average_before} before, ${h.load_average_after} after; Tarn workers: ${h.workers}`);
  if (h.errors > 0) console.log(`errors during the load: ${h.errors}`);
}

const http = await runHttpLoad({ seconds });
printHttp(`HTTP, ${http.connections} connections on loopback, ${http.seconds_per_phase} s a phase:`, http);

async function runPostgresHttpLoad(): Promise<HttpLoadResults | undefined> {
  const given = process.env.TARN_BENCH_DATABASE_URL;
  if (given) return runHttpLoad({ seconds, databaseUrl: given });
  if (!pgInstalled()) return undefined;
  const cluster = await startPgCluster({ durable: true });
  try {
    return await runHttpLoad({ seconds, databaseUrl: await cluster.createDatabase('bench') });
  } finally {
    await cluster.stop();
  }
}

const pg = await runPostgresHttpLoad();
if (pg) {
  printHttp('HTTP with the metadata in PostgreSQL (same load):', pg);
} else {
  console.log('\nPostgreSQL is not installed (Debian package "postgresql"), so there are no PostgreSQL figures.');
}
const pgFigures = pg
  ? Object.fromEntries(
      (
        [
          'healthcheck_per_s',
          'stat_per_s',
          'get_per_s',
          'reads_per_s',
          'read_requests_per_s',
          'read_p50_ms',
          'read_p90_ms',
          'read_p99_ms',
          'writes_per_s',
          'write_p50_ms',
          'write_p90_ms',
          'write_p99_ms',
          'tarn_stat_ratio_to_bare',
          'tarn_get_ratio_to_bare',
          'tarn_upload_ratio_to_bare',
          'bare_file_writes_per_s',
          'tarn_upload_ratio_to_bare_file_writes',
          'errors',
        ] as const).map(
        (name) => [`postgres_${name}`, pg[name]],
      ),
    )
  : {};

if (process.env.TARN_BENCH_ONLY === 'http') await runOnly('HTTP', async () => ({ ...http, ...pgFigures }));
const usage = storage ? await benchUsage(Math.max(...sizes)) : undefined;
if (usage) console.log(`\n${formatUsageResults(usage)}`);

const imported = await runImportBench(importObjects);
console.log(`\n${formatImportResults(imported)}`);

const graph = await runCommitGraphBench(graphCommits);
console.log(`\n${formatCommitGraphResults(graph)}`);

const tenMillion = process.env.TARN_BENCH_10M === '1' ? await runTenMillion() : undefined;
if (tenMillion) console.log(`\n${formatTenMillion(tenMillion)}`);

const smallest = storage?.commits[0];
const largest = storage?.commits.at(-1);
const results = {
  machine: { cores: cpus().length, node: process.version },
  sizes,
  commit_100_at_10k_ms: smallest?.commitClusteredMs,
  commit_100_at_100k_ms: storage?.commits.find((c) => c.objects === 100_000)?.commitClusteredMs,
  commit_100_at_1m_ms: largest?.commitClusteredMs,
  commit_ratio_1m_10k: storage?.commitRatio,
  commit_100_scattered_at_10k_ms: smallest?.commitScatteredMs,
  commit_100_scattered_at_1m_ms: largest?.commitScatteredMs,
  commit_scattered_ratio_1m_10k: storage?.commitScatteredRatio,
  commit_100_records_at_10k: smallest?.clusteredRecords,
  commit_100_records_at_1m: largest?.clusteredRecords,
  commit_100_scattered_records_at_10k: smallest?.scatteredRecords,
  commit_100_scattered_records_at_1m: largest?.scatteredRecords,
  commit_100_scattered_bytes_at_1m: largest?.scatteredBytes,
  commit_cpu_ratio_1m_10k: storage?.commitCpuRatio,
  commit_scattered_cpu_ratio_1m_10k: storage?.commitScatteredCpuRatio,
  commit_100_metarange_files_at_1m: largest?.clusteredMetarangeFiles,
  commit_100_metarange_rows_at_1m: largest?.clusteredMetarangeRows,
  commit_100_metarange_bytes_at_1m: largest?.clusteredMetarangeBytes,
  commit_100_scattered_metarange_files_at_1m: largest?.scatteredMetarangeFiles,
  commit_100_scattered_metarange_bytes_at_1m: largest?.scatteredMetarangeBytes,
  metarange_parts_at_1m: largest?.finalParts,
  diff_100_at_1m_ms: storage?.diff100ClusteredMs,
  diff_100_scattered_at_1m_ms: storage?.diff100ScatteredMs,
  merge_100_at_1m_ms: storage?.merge100ClusteredMs,
  merge_100_scattered_at_1m_ms: storage?.merge100ScatteredMs,
  merge_100_resolved_at_1m_ms: storage?.merge100ResolvedMs,
  list_1000_at_1m_ms: storage?.listPage1000Ms,
  list_1000_cold_at_1m_ms: storage?.listPage1000ColdMs,
  branch_creates_per_s: storage?.branchCreatesPerSecond,
  ...(storage ? findFigures(storage.find) : {}),
  deletes_objects: storage?.deletes.objects,
  deletes_deleted: storage?.deletes.deleted,
  deletes_root_clean_ms: storage?.deletes.rootCleanMs,
  deletes_root_dirty_ms: storage?.deletes.rootDirtyMs,
  deletes_folder_clean_ms: storage?.deletes.folderCleanMs,
  deletes_folder_dirty_ms: storage?.deletes.folderDirtyMs,
  deletes_folder_dirty_cpu_ms: storage?.deletes.folderDirtyCpuMs,
  gc_objects: storage?.gc.objects,
  gc_expired_versions: storage?.gc.expiredVersions,
  gc_ms: storage?.gc.ms,
  gc_dry_run_ms: storage?.gc.dryRunMs,
  gc_bytes_freed: storage?.gc.bytesFreed,
  gc_examined: storage?.gc.examined,
  gc_us_per_object: storage?.gc.usPerObject,
  find_frequent_first_page_at_1m_ms: storage?.find.frequentFirstPageMs,
  find_frequent_first_page_cold_at_1m_ms: storage?.find.frequentFirstPageColdMs,
  find_absent_first_page_at_1m_ms: storage?.find.absentFirstPageMs,
  find_absent_first_page_cold_at_1m_ms: storage?.find.absentFirstPageColdMs,
  find_paths_per_s: storage?.find.pathsPerSecond,
  find_paths_per_s_cold: storage?.find.pathsPerSecondCold,
  ...(usage ? usageFigures(usage) : {}),
  ...http,
  ...pgFigures,
  ...imported,
  ...graph,
  ...tenMillion,
};
mkdirSync(join(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
console.log(`\nWrote bench/results/server.json`);
