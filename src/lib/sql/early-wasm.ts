// DuckDB-WASM instantiates its module only when the page asks it to, after its worker script has loaded, by fetching
// the module and compiling it as it arrives (`WebAssembly.instantiateStreaming`). The module is compiled earlier
// instead, and DuckDB's instantiation takes that compiled module: by the page's head on a data file's page, before the
// console's JavaScript has loaded (the page then posts the module to the worker), or else by the worker as it starts.

/**
 * The page's global where its head keeps the modules it started compiling (`window[EARLY_MODULES_GLOBAL][url]`):
 * scripts/preload-route-chunks.ts writes the head's script, vite.config.ts names the modules and the pages.
 */
export const EARLY_MODULES_GLOBAL = 'tarnEarlyWasmModules';

/** The module the page's head compiled from `url`, handed out once; undefined when it compiled none. */
export function takeEarlyModule(scope: object, url: string): Promise<WebAssembly.Module> | undefined {
  const modules = (scope as Record<string, Record<string, Promise<WebAssembly.Module>> | undefined>)[EARLY_MODULES_GLOBAL];
  const compiled = modules?.[url];
  if (modules) delete modules[url];
  return compiled;
}

/** The key of the message with which the page gives the worker its compiled module (null: compiling it failed). */
export const POSTED_MODULE_KEY = 'tarnWasmModule';

/** What the page posts to the worker: the module it compiled, or null. */
export function postedModule(module: WebAssembly.Module | null): Record<string, WebAssembly.Module | null> {
  return { [POSTED_MODULE_KEY]: module };
}

/** The worker's global scope, as far as messages go: the worker's own, or a test's stand-in. */
export interface MessageScope {
  addEventListener(type: 'message', listener: (event: Event) => void): void;
  removeEventListener(type: 'message', listener: (event: Event) => void): void;
}

/**
 * The module the page posts (undefined if it could not compile one). Its message is kept from DuckDB's own handler,
 * which the worker script adds later and which would not know it.
 */
export function moduleFromPage(scope: MessageScope): Promise<WebAssembly.Module | undefined> {
  return new Promise((resolve) => {
    const listener = (event: Event) => {
      const data: unknown = (event as MessageEvent).data;
      if (typeof data !== 'object' || data === null || !(POSTED_MODULE_KEY in data)) return;
      event.stopImmediatePropagation();
      scope.removeEventListener('message', listener);
      const module = (data as Record<string, unknown>)[POSTED_MODULE_KEY];
      resolve(module instanceof WebAssembly.Module ? module : undefined);
    };
    scope.addEventListener('message', listener);
  });
}

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
 * Has DuckDB instantiate the module at `url` compiled early: `given` (the page's), or else compiled from a fetch made
 * now. The worker instantiates one module, DuckDB's, which DuckDB fetches itself first: that fetch, made while the
 * early one is still arriving, would download the tens of MB again (the browser's cache holds a response only once it
 * is complete), so it is answered with an empty response, never sent, and DuckDB's `instantiateStreaming`
 * instantiates the compiled module. If the early compilation failed, DuckDB's own goes the usual way, on a fetch of
 * its own, and says why.
 */
export function compileEarly(scope: FetchScope, wasm: WasmApi, url: string, given?: Promise<WebAssembly.Module | undefined>): void {
  const fetchOriginal = scope.fetch.bind(scope);
  const fetchModule = () => fetchOriginal(url, { credentials: 'same-origin' });
  const compiled = (given ?? wasm.compileStreaming(fetchModule())).catch(() => undefined);
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
