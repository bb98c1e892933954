// Order statistics for the console benchmark's samples (nearest-rank, as the HTTP load figures use).

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

export function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}
