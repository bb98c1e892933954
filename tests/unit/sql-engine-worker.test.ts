// DuckDB's worker starts from the console's own assets, with the build the browser can run: the one using
// WebAssembly exceptions where they are supported (Node's V8 supports them, as Chromium's does).
import { afterEach, describe, expect, it, vi } from 'vitest';
import ehModule from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import { EARLY_MODULES_GLOBAL, POSTED_MODULE_KEY } from '../../src/lib/sql/early-wasm';
import { startEngineWorker } from '../../src/lib/sql/engine-worker';

afterEach(() => vi.unstubAllGlobals());

/** A Worker stand-in that records the workers started and what the page posted to each. */
function fakeWorkers() {
  const started: Array<{ url: URL; posted: unknown[] }> = [];
  vi.stubGlobal(
    'Worker',
    class {
      private readonly record: { url: URL; posted: unknown[] };
      constructor(url: URL) {
        this.record = { url, posted: [] };
        started.push(this.record);
      }
      postMessage(message: unknown) {
        this.record.posted.push(message);
      }
    },
  );
  return started;
}

describe('the engine worker', () => {
  it("starts the bounded-reads worker, naming DuckDB's exception-handling worker script and module for it to load", () => {
    vi.stubGlobal('location', new URL('https://tarn.test/repositories/lake/object?path=lakes.parquet'));
    const started = fakeWorkers();
    const { mainModule } = startEngineWorker();
    expect(started).toHaveLength(1);
    const url = started[0]?.url as URL;
    expect(url.origin).toBe('https://tarn.test');
    expect(url.pathname).toMatch(/bounded-reads\.worker/);
    expect(url.searchParams.get('duckdb')).toMatch(/^https:\/\/tarn\.test\/.*duckdb-browser-eh\.worker\.js$/);
    expect(url.searchParams.get('wasm')).toMatch(/^https:\/\/tarn\.test\/.*duckdb-eh\.wasm$/);
    expect(mainModule).toMatch(/duckdb-eh\.wasm$/);
    expect(url.searchParams.get('module')).toBeNull();
  });

  it("gives the worker the module the page's head compiled, once it is compiled", async () => {
    vi.stubGlobal('location', new URL('https://tarn.test/repositories/lake/object?path=lakes.parquet'));
    const started = fakeWorkers();
    const address = new URL(ehModule, location.href).href;
    let compiled: (module: WebAssembly.Module) => void = () => undefined;
    const early: Record<string, Promise<WebAssembly.Module>> = { [address]: new Promise((resolve) => (compiled = resolve)) };
    vi.stubGlobal(EARLY_MODULES_GLOBAL, early);
    startEngineWorker();
    const worker = started[0];
    expect(worker?.url.searchParams.get('module')).toBe('posted');
    expect(worker?.url.searchParams.get('wasm')).toBe(address);
    expect(worker?.posted).toEqual([]);
    const module = new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
    compiled(module);
    await expect.poll(() => worker?.posted).toEqual([{ [POSTED_MODULE_KEY]: module }]);
    // Handed out once: a later worker compiles its own.
    startEngineWorker();
    expect(started[1]?.url.searchParams.get('module')).toBeNull();
  });
});
