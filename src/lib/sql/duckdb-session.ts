// One DuckDB-WASM database in a Web Worker (see engine-worker.ts), with one connection.
import { AsyncDuckDB, DuckDBDataProtocol, VoidLogger, type AsyncDuckDBConnection } from '@duckdb/duckdb-wasm';
import { markEngineStep } from './engine-marks';
import { startEngineWorker, type EngineWorker } from './engine-worker';

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

/** Instantiates DuckDB in a worker (one started beforehand, or a new one) and opens one connection. */
export async function openSession({ worker, mainModule }: EngineWorker = startEngineWorker()): Promise<DuckDbSession> {
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
    await db.instantiate(mainModule, null);
    markEngineStep('instantiated');
    await db.open({ filesystem: { allowFullHTTPReads: false } });
    const conn = await db.connect();
    // DuckDB looks for its home folder when it meets a path starting with ~ or when it writes a file; the browser
    // has none, so it gets the in-memory file system's /tmp.
    await conn.query("SET home_directory='/tmp'");
    const connectionId = conn.useUnsafe((_, id) => id);
    markEngineStep('ready');
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
