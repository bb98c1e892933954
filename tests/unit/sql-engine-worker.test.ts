// DuckDB's worker starts from the console's own assets, with the build the browser can run: the one using
// WebAssembly exceptions where they are supported (Node's V8 supports them, as Chromium's does).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEngineWorker } from '../../src/lib/sql/engine-worker';

afterEach(() => vi.unstubAllGlobals());

describe('the engine worker', () => {
  it("starts the bounded-reads worker, naming DuckDB's exception-handling worker script and module for it to load", () => {
    const started: URL[] = [];
    vi.stubGlobal('location', new URL('https://tarn.test/repositories/lake/object?path=lakes.parquet'));
    vi.stubGlobal(
      'Worker',
      class {
        constructor(url: URL) {
          started.push(url);
        }
      },
    );
    const { mainModule } = startEngineWorker();
    expect(started).toHaveLength(1);
    const url = started[0] as URL;
    expect(url.origin).toBe('https://tarn.test');
    expect(url.pathname).toMatch(/bounded-reads\.worker/);
    expect(url.searchParams.get('duckdb')).toMatch(/^https:\/\/tarn\.test\/.*duckdb-browser-eh\.worker\.js$/);
    expect(url.searchParams.get('wasm')).toMatch(/^https:\/\/tarn\.test\/.*duckdb-eh\.wasm$/);
    expect(mainModule).toMatch(/duckdb-eh\.wasm$/);
  });
});
