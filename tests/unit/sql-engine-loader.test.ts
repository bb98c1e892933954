// The page's SQL engine loads once, whoever asks first (the object route's loader or the preview): DuckDB's worker is
// started on its own and handed to the engine, and a failed start is tried again, in a new worker, next time.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EngineWorker } from '../../src/lib/sql/engine-worker';

const fakes = vi.hoisted(() => ({
  workers: [] as Array<{ name: string; terminated: boolean }>,
  /** The worker each engine start was given. */
  engineStarts: [] as Array<string | undefined>,
  failNextStart: false,
}));

vi.mock('../../src/lib/sql/engine-worker', () => ({
  startEngineWorker: (): EngineWorker => {
    const worker = { name: `worker ${fakes.workers.length + 1}`, terminated: false };
    fakes.workers.push(worker);
    const handle = { terminate: () => void (worker.terminated = true) } as unknown as Worker;
    return { worker: Object.assign(handle, { name: worker.name }), mainModule: '/assets/duckdb-eh.wasm' };
  },
}));

vi.mock('../../src/lib/sql/sql-engine', () => ({
  sqlEngine: async (started?: EngineWorker & { worker: { name?: string } }) => {
    fakes.engineStarts.push(started?.worker.name);
    if (fakes.failNextStart) {
      fakes.failNextStart = false;
      throw new Error('DuckDB did not start');
    }
    return { name: 'engine' };
  },
}));

// The unit files share one module registry: an engine loader another file imported holds that file's worker and engine
// (and maybe its engine), not these fakes.
beforeAll(() => {
  vi.resetModules();
});

afterEach(() => {
  fakes.workers.length = 0;
  fakes.engineStarts.length = 0;
});

describe('the SQL engine loader', () => {
  it('tries a failed start again in a new worker, then loads once for everyone who asks', async () => {
    const { sqlEngine } = await import('../../src/lib/sql/engine-loader');
    fakes.failNextStart = true;
    await expect(sqlEngine()).rejects.toThrow('DuckDB did not start');
    // The worker of the failed start is stopped, not left running.
    expect(fakes.workers).toEqual([{ name: 'worker 1', terminated: true }]);
    const [first, second] = await Promise.all([sqlEngine(), sqlEngine()]);
    expect(first).toBe(second);
    expect(await sqlEngine()).toBe(first);
    expect(fakes.engineStarts).toEqual(['worker 1', 'worker 2']);
    expect(fakes.workers.map((w) => w.terminated)).toEqual([true, false]);
  });
});
