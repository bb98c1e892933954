/**
 * The 10M tier: whether a commit, diff and merge of 100 changes cost what they cost at 1M. Both sizes run here, in
 * one process, so the ratios compare figures from one run; each size writes its own tree first (the 10M one takes
 * minutes), which is why the tier is opt-in (`TARN_BENCH_10M=1`, or `TARN_BENCH_ONLY=10m` alone).
 */
import { benchCommitScaling, benchDiffMergeList } from './storage';

const MILLION = 1_000_000;
const TEN_MILLION = 10_000_000;

export interface TenMillionResults {
  commit_100_at_1m_same_run_ms: number;
  commit_100_scattered_at_1m_same_run_ms: number;
  commit_100_at_10m_ms: number;
  commit_100_scattered_at_10m_ms: number;
  /** Mean and slowest of the scattered commits, and the mean's ratio to 1M's. */
  commit_100_scattered_mean_at_10m_ms: number;
  commit_100_scattered_max_at_10m_ms: number;
  commit_100_scattered_mean_at_1m_same_run_ms: number;
  commit_scattered_mean_ratio_10m_1m: number;
  commit_100_cpu_at_10m_ms: number;
  commit_100_scattered_cpu_at_10m_ms: number;
  /** 10M over 1M, from this run (goal ≤ 1.5 for both). */
  commit_ratio_10m_1m: number;
  commit_scattered_ratio_10m_1m: number;
  commit_100_scattered_records_at_10m: number;
  commit_100_scattered_metarange_files_at_10m: number;
  commit_100_scattered_metarange_rows_at_10m: number;
  /** Range files a spread commit reads from disk: none at 1M (the tree fits the range cache), each one at 10M. */
  commit_100_scattered_ranges_read_at_1m_same_run: number;
  commit_100_scattered_ranges_read_at_10m: number;
  commit_100_scattered_range_bytes_read_at_10m: number;
  /** Goal ≤ 100 ms for the scattered ones. */
  diff_100_at_10m_ms: number;
  diff_100_scattered_at_10m_ms: number;
  merge_100_at_10m_ms: number;
  merge_100_scattered_at_10m_ms: number;
}

export async function runTenMillion(): Promise<TenMillionResults> {
  const million = await benchCommitScaling(MILLION);
  const ten = await benchCommitScaling(TEN_MILLION);
  const diffMerge = await benchDiffMergeList(TEN_MILLION);
  return {
    commit_100_at_1m_same_run_ms: million.commitClusteredMs,
    commit_100_scattered_at_1m_same_run_ms: million.commitScatteredMs,
    commit_100_at_10m_ms: ten.commitClusteredMs,
    commit_100_scattered_at_10m_ms: ten.commitScatteredMs,
    commit_100_scattered_mean_at_10m_ms: ten.commitScatteredMeanMs,
    commit_100_scattered_max_at_10m_ms: ten.commitScatteredMaxMs,
    commit_100_scattered_mean_at_1m_same_run_ms: million.commitScatteredMeanMs,
    commit_scattered_mean_ratio_10m_1m: ten.commitScatteredMeanMs / million.commitScatteredMeanMs,
    commit_100_cpu_at_10m_ms: ten.commitClusteredCpuMs,
    commit_100_scattered_cpu_at_10m_ms: ten.commitScatteredCpuMs,
    commit_ratio_10m_1m: ten.commitClusteredMs / million.commitClusteredMs,
    commit_scattered_ratio_10m_1m: ten.commitScatteredMs / million.commitScatteredMs,
    commit_100_scattered_records_at_10m: ten.scatteredRecords,
    commit_100_scattered_metarange_files_at_10m: ten.scatteredMetarangeFiles,
    commit_100_scattered_metarange_rows_at_10m: ten.scatteredMetarangeRows,
    commit_100_scattered_ranges_read_at_1m_same_run: million.scatteredRangesRead,
    commit_100_scattered_ranges_read_at_10m: ten.scatteredRangesRead,
    commit_100_scattered_range_bytes_read_at_10m: ten.scatteredRangeBytesRead,
    diff_100_at_10m_ms: diffMerge.diffClusteredMs,
    diff_100_scattered_at_10m_ms: diffMerge.diffScatteredMs,
    merge_100_at_10m_ms: diffMerge.mergeClusteredMs,
    merge_100_scattered_at_10m_ms: diffMerge.mergeScatteredMs,
  };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

export function formatTenMillion(r: TenMillionResults): string {
  return [
    `commit 100 changes @ 10,000,000 objects: clustered ${ms(r.commit_100_at_10m_ms)} (1M: ${ms(r.commit_100_at_1m_same_run_ms)}, ` +
      `${r.commit_ratio_10m_1m.toFixed(2)}×), scattered ${ms(r.commit_100_scattered_at_10m_ms)} ` +
      `(1M: ${ms(r.commit_100_scattered_at_1m_same_run_ms)}, ${r.commit_scattered_ratio_10m_1m.toFixed(2)}×; goal ≤ 1.5×)`,
    `  scattered mean ${ms(r.commit_100_scattered_mean_at_10m_ms)} (1M: ${ms(r.commit_100_scattered_mean_at_1m_same_run_ms)}, ` +
      `${r.commit_scattered_mean_ratio_10m_1m.toFixed(2)}×), slowest ${ms(r.commit_100_scattered_max_at_10m_ms)}`,
    `  scattered: CPU ${ms(r.commit_100_scattered_cpu_at_10m_ms)}, ${r.commit_100_scattered_records_at_10m} records re-encoded, ` +
      `${r.commit_100_scattered_metarange_files_at_10m} metarange files with ${r.commit_100_scattered_metarange_rows_at_10m} rows and parts, ` +
      `${r.commit_100_scattered_ranges_read_at_10m} range files read from disk (${(r.commit_100_scattered_range_bytes_read_at_10m / 1024).toFixed(0)} KiB; ` +
      `1M: ${r.commit_100_scattered_ranges_read_at_1m_same_run})`,
    `diff of 100 changes @ 10M: clustered ${ms(r.diff_100_at_10m_ms)}, scattered ${ms(r.diff_100_scattered_at_10m_ms)}; ` +
      `merge: clustered ${ms(r.merge_100_at_10m_ms)}, scattered ${ms(r.merge_100_scattered_at_10m_ms)} (goal ≤ 100 ms scattered)`,
  ].join('\n');
}
