// DuckDB-WASM instantiates its module only when the page asks it to, after its worker script has loaded, by fetching
// the module and compiling it as it arrives (`WebAssembly.instantiateStreaming`). Its worker starts fetching and
// compiling the module at once instead, and DuckDB's instantiation then takes that compiled module.

/** What is used of the `WebAssembly` namespace: the worker's own, or a test's stand-in. */
export interface WasmApi {
  compileStreaming(source: Response | PromiseLike<Response>): Promise<WebAssembly.Module>;
  instantiate(module: WebAssembly.Module, imports?: WebAssembly.Imports): Promise<WebAssembly.Instance>;
  instantiateStreaming(
    source: Response | PromiseLike<Response>,
    imports?: WebAssembly.Imports,
  ): Promise<WebAssembly.WebAssemblyInstantiatedSource>;
}

/** The worker's global scope, as far as fetching goes: the worker's own, or a test's stand-in. */
export interface FetchScope {
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  location: { href: string };
}

function addressOf(input: RequestInfo | URL, base: string): string {
  const address = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(address, base).href;
}

/**
 * Fetches and compiles the module at `url` now. The worker instantiates one module, DuckDB's, which DuckDB fetches
 * itself first: that fetch, made while the early one is still arriving, would download the tens of MB again (the
 * browser's cache holds a response only once it is complete), so it is answered with an empty response, never sent,
 * and DuckDB's `instantiateStreaming` instantiates the compiled module. If the early compilation failed, DuckDB's own
 * goes the usual way, on a fetch of its own, and says why.
 */
export function compileEarly(scope: FetchScope, wasm: WasmApi, url: string): void {
  const fetchOriginal = scope.fetch.bind(scope);
  const fetchModule = () => fetchOriginal(url, { credentials: 'same-origin' });
  const compiled = wasm.compileStreaming(fetchModule()).catch(() => undefined);
  scope.fetch = (input, init) => {
    if (addressOf(input, scope.location.href) !== url) return fetchOriginal(input, init);
    scope.fetch = fetchOriginal;
    return Promise.resolve(new Response(null, { headers: { 'content-type': 'application/wasm' } }));
  };
  const instantiateStreaming = wasm.instantiateStreaming.bind(wasm);
  wasm.instantiateStreaming = async (source, imports) => {
    wasm.instantiateStreaming = instantiateStreaming;
    // What DuckDB passes is the empty answer to its fetch: let go of it, unread.
    void Promise.resolve(source)
      .then((response) => response.body?.cancel())
      .catch(() => undefined);
    const module = await compiled;
    if (!module) return instantiateStreaming(fetchModule(), imports);
    return { module, instance: await wasm.instantiate(module, imports) };
  };
}
