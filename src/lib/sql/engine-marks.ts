// The SQL engine's steps as User Timing marks on the page's timeline (`tarn-sql:<step>`): the preview benchmark reads
// them to break the time to a first result down, and a browser's performance panel shows them beside the requests.

export type EngineStep =
  /** The page asked for the engine (its module is imported then). */
  | 'requested'
  /** The worker is created, DuckDB's worker script loading in it. */
  | 'worker-created'
  /** DuckDB's WebAssembly module is compiled and instantiated in the worker. */
  | 'instantiated'
  /** A database is open with one connection: the engine is ready. */
  | 'ready'
  /** A run began: its objects are registered, then its statements run. */
  | 'run-started'
  /** The run's objects are checked and registered as DuckDB files. */
  | 'registered'
  /** The run's last statement's rows are read. */
  | 'run-done';

export function markEngineStep(step: EngineStep): void {
  performance.mark(`tarn-sql:${step}`);
}
