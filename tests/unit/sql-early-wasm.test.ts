// DuckDB's worker fetches and compiles its WebAssembly module as soon as it starts; DuckDB's own instantiation, which
// comes later, takes that module, and the module is downloaded once.
import { describe, expect, it } from 'vitest';
import { compileEarly, type FetchScope, type WasmApi } from '../../src/lib/sql/early-wasm';

const WORKER_URL = 'http://tarn.test/assets/bounded-reads.worker.js';
const MODULE_URL = 'http://tarn.test/assets/duckdb-eh.wasm';

/** A WebAssembly namespace that records what it was asked to do; modules and instances are plain tokens. */
function fakeWasm(compiles: 'succeed' | 'fail') {
  const calls: string[] = [];
  const wasm: WasmApi = {
    compileStreaming: async (source) => {
      calls.push(`compile ${await (await source).text()}`);
      if (compiles === 'fail') throw new Error('out of memory');
      return 'early module' as unknown as WebAssembly.Module;
    },
    instantiate: async (module) => {
      calls.push(`instantiate ${String(module)}`);
      return 'instance' as unknown as WebAssembly.Instance;
    },
    instantiateStreaming: async (source) => {
      calls.push(`compile and instantiate ${await (await source).text()}`);
      return { module: 'late module', instance: 'late instance' } as unknown as WebAssembly.WebAssemblyInstantiatedSource;
    },
  };
  return { wasm, calls };
}

/** A worker scope whose network answers each request with the bytes of its address's download number, and records it. */
function fakeScope() {
  const sent: string[] = [];
  const scope: FetchScope = {
    location: { href: WORKER_URL },
    fetch: async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input), WORKER_URL).href;
      sent.push(url);
      return new Response(`download ${sent.length} of ${url}`);
    },
  };
  return { scope, sent };
}

describe('early compilation of DuckDB module', () => {
  it('downloads and compiles the module at once; DuckDB instantiates that module without downloading it again', async () => {
    const { wasm, calls } = fakeWasm('succeed');
    const { scope, sent } = fakeScope();
    compileEarly(scope, wasm, MODULE_URL);
    expect(sent).toEqual([MODULE_URL]);
    // DuckDB asks for its module by the address the page gave it, relative to the worker.
    const again = await scope.fetch(new Request('http://tarn.test/assets/duckdb-eh.wasm'));
    expect(sent).toEqual([MODULE_URL]);
    const instantiated = await wasm.instantiateStreaming(Promise.resolve(again), {});
    expect(instantiated).toEqual({ module: 'early module', instance: 'instance' });
    expect(calls).toEqual([`compile download 1 of ${MODULE_URL}`, 'instantiate early module']);
  });

  it("sends the worker's other requests, and a later one for the module, to the network", async () => {
    const { wasm } = fakeWasm('succeed');
    const { scope, sent } = fakeScope();
    compileEarly(scope, wasm, MODULE_URL);
    await scope.fetch('/api/v1/repositories/lake/refs/main/objects?path=lakes.parquet');
    await scope.fetch('/assets/duckdb-eh.wasm');
    await scope.fetch('/assets/duckdb-eh.wasm');
    expect(sent).toEqual([MODULE_URL, 'http://tarn.test/api/v1/repositories/lake/refs/main/objects?path=lakes.parquet', MODULE_URL]);
  });

  it('downloads the module again for DuckDB to compile when the early compilation failed', async () => {
    const { wasm, calls } = fakeWasm('fail');
    const { scope, sent } = fakeScope();
    compileEarly(scope, wasm, MODULE_URL);
    const placeholder = scope.fetch(MODULE_URL);
    const instantiated = await wasm.instantiateStreaming(placeholder, {});
    expect(instantiated).toEqual({ module: 'late module', instance: 'late instance' });
    expect(sent).toEqual([MODULE_URL, MODULE_URL]);
    expect(calls).toEqual([`compile download 1 of ${MODULE_URL}`, `compile and instantiate download 2 of ${MODULE_URL}`]);
  });

  it('hands the early module out once: a later instantiation compiles what it is given', async () => {
    const { wasm, calls } = fakeWasm('succeed');
    const { scope } = fakeScope();
    compileEarly(scope, wasm, MODULE_URL);
    await wasm.instantiateStreaming(scope.fetch(MODULE_URL), {});
    const second = await wasm.instantiateStreaming(Promise.resolve(new Response('another module')), {});
    expect(second).toEqual({ module: 'late module', instance: 'late instance' });
    expect(calls.at(-1)).toBe('compile and instantiate another module');
  });
});
