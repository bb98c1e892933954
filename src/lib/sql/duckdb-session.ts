// One DuckDB-WASM database in a Web Worker, started from Tarn's own build: the worker scripts and the WebAssembly
// modules are assets of the console (Vite `?url`), so nothing is fetched from a CDN or an extension site. 1.28.0
// (DuckDB 0.9.1) has the Parquet and JSON readers built in; later releases download them at run time.
import {
  AsyncDuckDB,
  DuckDBDataProtocol,
  selectBundle,
  VoidLogger,
  type AsyncDuckDBConnection,
  type DuckDBBundles,
} from '@duckdb/duckdb-wasm';
import ehWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import mvpWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-mvp.worker.js?url';
import ehModule from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import mvpModule from '@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm?url';
import boundedReadsWorker from './bounded-reads.worker?worker&url';

// The exception-handling build where the browser supports WebAssembly exceptions, the baseline build otherwise.
const bundles: DuckDBBundles = {
  mvp: { mainModule: mvpModule, mainWorker: mvpWorker },
  eh: { mainModule: ehModule, mainWorker: ehWorker },
};

/** Thrown by every call on a session whose worker was stopped. */
export class SessionStoppedError extends Error {
  override name = 'SessionStoppedError';
  constructor() {
    super('The SQL engine was stopped');
  }
}

export interface DuckDbSession {
  db: AsyncDuckDB;
  conn: AsyncDuckDBConnection;
  /** The connection's id, for the bindings' pending-query calls. */
  connectionId: number;
  /** Settles with the call, or rejects with SessionStoppedError once the worker is stopped. */
  call<T>(work: Promise<T>): Promise<T>;
  /** Stops the worker at once, whatever it is doing; calls in flight reject. */
  stop(): void;
  readonly stopped: boolean;
}

export { DuckDBDataProtocol };

/** Starts a worker, instantiates DuckDB in it and opens one connection. */
export async function openSession(): Promise<DuckDbSession> {
  const bundle = await selectBundle(bundles);
  if (!bundle.mainWorker) throw new Error('DuckDB-WASM has no worker script for this browser');
  const workerUrl = new URL(boundedReadsWorker, location.href);
  workerUrl.searchParams.set('duckdb', new URL(bundle.mainWorker, location.href).href);
  const worker = new Worker(workerUrl);
  const db = new AsyncDuckDB(new VoidLogger(), worker);
  let stopped = false;
  let reject: (error: Error) => void = () => undefined;
  const stoppedSignal = new Promise<never>((_, r) => (reject = r));
  // Nobody may be waiting when the worker is stopped.
  stoppedSignal.catch(() => undefined);
  const stop = () => {
    if (stopped) return;
    stopped = true;
    worker.terminate();
    reject(new SessionStoppedError());
  };
  try {
    await db.instantiate(bundle.mainModule, bundle.pthreadWorker);
    await db.open({ filesystem: { allowFullHTTPReads: false } });
    const conn = await db.connect();
    // DuckDB looks for its home folder when it meets a path starting with ~ or when it writes a file; the browser
    // has none, so it gets the in-memory file system's /tmp.
    await conn.query("SET home_directory='/tmp'");
    const connectionId = conn.useUnsafe((_, id) => id);
    return {
      db,
      conn,
      connectionId,
      call: (work) => Promise.race([work, stoppedSignal]),
      stop,
      get stopped() {
        return stopped;
      },
    };
  } catch (error) {
    stop();
    throw error;
  }
}
