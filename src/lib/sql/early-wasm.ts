// DuckDB-WASM instantiates its module only when the page asks it to, after its worker script has loaded, by fetching
// the module and compiling it as it arrives (`WebAssembly.instantiateStreaming`). Its worker starts compiling the
// module at once instead, and DuckDB's instantiation then takes that compiled module.

/** What is used of the `WebAssembly` namespace: the worker's own, or a test's stand-in. */
export interface WasmApi {
  compileStreaming(source: Response | PromiseLike<Response>): Promise<WebAssembly.Module>;
  instantiate(module: WebAssembly.Module, imports?: WebAssembly.Imports): Promise<WebAssembly.Instance>;
  instantiateStreaming(
    source: Response | PromiseLike<Response>,
    imports?: WebAssembly.Imports,
  ): Promise<WebAssembly.WebAssemblyInstantiatedSource>;
}

/**
 * Fetches and compiles the module at `url` now. The worker instantiates one module, DuckDB's: its
 * `instantiateStreaming` then instantiates the compiled module and lets go of the response it was given (DuckDB
 * fetched the same module again, which the browser answers from its cache). If the early compilation failed, DuckDB's
 * own goes the usual way and says why.
 */
export function compileEarly(wasm: WasmApi, url: string, fetchModule: (url: string) => Promise<Response>): void {
  const compiled = wasm.compileStreaming(fetchModule(url)).catch(() => undefined);
  const instantiateStreaming = wasm.instantiateStreaming.bind(wasm);
  wasm.instantiateStreaming = async (source, imports) => {
    wasm.instantiateStreaming = instantiateStreaming;
    const module = await compiled;
    if (!module) return instantiateStreaming(source, imports);
    void Promise.resolve(source).then((response) => response.body?.cancel()).catch(() => undefined);
    return { module, instance: await wasm.instantiate(module, imports) };
  };
}
