// The page's SQL engine, loaded on demand: DuckDB's worker is started, and the engine's module (DuckDB-WASM and Arrow)
// imported, once, and the engine started in that worker. The object route starts it as soon as it knows a data file
// is opened, so that DuckDB loads while the page does; the preview's actors then find it started, or starting.
import { markEngineStep } from './engine-marks';
import { startEngineWorker, type EngineWorker } from './engine-worker';
import type { SqlEngine } from './sql-engine';

/**
 * Starts DuckDB's worker at once, where it compiles DuckDB's WebAssembly module while the engine's JavaScript loads,
 * then imports that JavaScript and starts the engine in the worker. Started in the same task as the request: a
 * dynamic import would wait for the page's render, which follows the route's loader. Where no worker can start (a
 * test's DOM), the engine's module is left to say why.
 */
async function loadEngine(): Promise<SqlEngine> {
  markEngineStep('requested');
  let worker: EngineWorker | undefined;
  try {
    worker = startEngineWorker();
  } catch {
    worker = undefined;
  }
  try {
    const { sqlEngine: startedEngine } = await import('./sql-engine');
    return await startedEngine(worker);
  } catch (error) {
    worker?.worker.terminate();
    throw error;
  }
}

/**
 * The page's engine, loaded once and shared: the route and the preview's actors ask for it at about the same moment,
 * and one import for all of them is also what vitest's mocks follow (an import of a mocked module that overlaps
 * another gets the real module). A failed start (a chunk that did not load, DuckDB that did not start) is tried again
 * next time.
 */
let engine: Promise<SqlEngine> | undefined;

/** The page's engine: DuckDB-WASM and Arrow load with the first data file opened. */
export function sqlEngine(): Promise<SqlEngine> {
  if (!engine) {
    const loading = loadEngine();
    engine = loading;
    loading.catch(() => {
      if (engine === loading) engine = undefined;
    });
  }
  return engine;
}

/** Starts the engine without waiting for it: a failure shows when the preview asks for the engine. */
export function startSqlEngine(): void {
  sqlEngine().catch(() => undefined);
}

/**
 * Drops the page's engine, so that the next ask loads one again. A page keeps its engine for its life; test files that
 * share one module registry each fake the engine their own way, and start with none.
 */
export function forgetSqlEngine(): void {
  engine = undefined;
}
