// DuckDB's worker, started on its own small module, before the engine's (DuckDB-WASM's and Arrow's JavaScript, some
// 200 KB): the worker fetches and compiles DuckDB's WebAssembly module while that JavaScript loads. The worker scripts
// and the modules are assets of the console's build (Vite `?url`), so nothing is fetched from a CDN or an extension
// site. 1.28.0 (DuckDB 0.9.1) has the Parquet and JSON readers built in; later releases download them at run time.
import ehWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import mvpWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-mvp.worker.js?url';
import ehModule from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import mvpModule from '@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm?url';
import boundedReadsWorker from './bounded-reads.worker?worker&url';
import { markEngineStep } from './engine-marks';

export interface EngineWorker {
  worker: Worker;
  /** The address of the WebAssembly module the worker compiles, which DuckDB then instantiates. */
  mainModule: string;
}

const BUNDLES = {
  eh: { mainModule: ehModule, mainWorker: ehWorker },
  mvp: { mainModule: mvpModule, mainWorker: mvpWorker },
};

/**
 * A module that throws a WebAssembly exception: valid where the browser supports them. DuckDB-WASM's `selectBundle`
 * makes the same check, but it lives in the engine's JavaScript, which this module must not wait for.
 */
const EXCEPTIONS_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 10, 8, 1, 6, 0, 6, 64, 25, 11, 11]);

/** Starts a DuckDB worker: the exception-handling build where the browser supports WebAssembly exceptions, the baseline build otherwise. */
export function startEngineWorker(): EngineWorker {
  const bundle = WebAssembly.validate(EXCEPTIONS_PROBE) ? BUNDLES.eh : BUNDLES.mvp;
  const url = new URL(boundedReadsWorker, location.href);
  url.searchParams.set('duckdb', new URL(bundle.mainWorker, location.href).href);
  url.searchParams.set('wasm', new URL(bundle.mainModule, location.href).href);
  const worker = new Worker(url);
  markEngineStep('worker-created');
  return { worker, mainModule: bundle.mainModule };
}
