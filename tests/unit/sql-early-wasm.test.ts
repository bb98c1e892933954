// DuckDB's worker compiles its WebAssembly module as soon as it starts, and DuckDB's own instantiation, which comes
// later, takes that module instead of compiling the one it fetched again.
import { describe, expect, it } from 'vitest';
import { compileEarly, type WasmApi } from '../../src/lib/sql/early-wasm';

const MODULE_URL = 'http://tarn.test/assets/duckdb-eh.wasm';

/** A WebAssembly namespace that records what it was asked to do; modules and instances are plain tokens. */
function fakeWasm(compiles: 'succeed' | 'fail') {
  const calls: string[] = [];
  const wasm: WasmApi = {
    compileStreaming: async (source) => {
      calls.push(`compile ${(await source).url}`);
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

function fetchModule(fetched: string[]) {
  return async (url: string) => {
    fetched.push(url);
    const response = new Response('module bytes');
    Object.defineProperty(response, 'url', { value: url });
    return response;
  };
}

describe('early compilation of DuckDB module', () => {
  it('fetches and compiles the module at once, and instantiates that module when DuckDB asks', async () => {
    const { wasm, calls } = fakeWasm('succeed');
    const fetched: string[] = [];
    compileEarly(wasm, MODULE_URL, fetchModule(fetched));
    expect(fetched).toEqual([MODULE_URL]);
    let cancelled = false;
    const again = new Response(new ReadableStream({ cancel: () => void (cancelled = true) }));
    const instantiated = await wasm.instantiateStreaming(Promise.resolve(again), {});
    expect(instantiated).toEqual({ module: 'early module', instance: 'instance' });
    expect(calls).toEqual([`compile ${MODULE_URL}`, 'instantiate early module']);
    // The response DuckDB fetched again is let go of, unread.
    await expect.poll(() => cancelled).toBe(true);
  });

  it('leaves DuckDB to compile its own fetch when the early compilation failed', async () => {
    const { wasm, calls } = fakeWasm('fail');
    compileEarly(wasm, MODULE_URL, fetchModule([]));
    const instantiated = await wasm.instantiateStreaming(Promise.resolve(new Response('module bytes fetched again')), {});
    expect(instantiated).toEqual({ module: 'late module', instance: 'late instance' });
    expect(calls).toEqual([`compile ${MODULE_URL}`, 'compile and instantiate module bytes fetched again']);
  });

  it('hands the early module out once: a later instantiation compiles what it is given', async () => {
    const { wasm, calls } = fakeWasm('succeed');
    compileEarly(wasm, MODULE_URL, fetchModule([]));
    await wasm.instantiateStreaming(Promise.resolve(new Response('first')), {});
    const second = await wasm.instantiateStreaming(Promise.resolve(new Response('another module')), {});
    expect(second).toEqual({ module: 'late module', instance: 'late instance' });
    expect(calls.at(-1)).toBe('compile and instantiate another module');
  });
});
