// DuckDB-WASM 1.28 reads a file it scans in order with read-ahead that grows four-fold each time, up to 16 MiB a
// request: a `SELECT * ... LIMIT 20` that needs one 8 MB row group moves 22 MB, most of it past that row group. Its
// browser runtime accepts a shorter answer than it asked for (it returns how many bytes arrived, and DuckDB asks for
// the rest only if it needs them), so bounding each range request keeps a query to about the bytes it reads.

/** The largest range one read of an object asks for. */
export const MAX_RANGE_BYTES = 1024 * 1024;

/** A `Range` header value asking for at most MAX_RANGE_BYTES from the same start; other forms are left as they are. */
export function boundedRange(value: string): string {
  const match = /^bytes=(\d+)-(\d+)$/.exec(value.trim());
  if (!match) return value;
  const start = Number(match[1]);
  const end = Number(match[2]);
  return end - start + 1 > MAX_RANGE_BYTES ? `bytes=${start}-${start + MAX_RANGE_BYTES - 1}` : value;
}
