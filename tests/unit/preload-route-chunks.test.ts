import { describe, expect, it } from 'vitest';
import type { IndexHtmlTransformContext, ResolvedConfig, Rolldown } from 'vite';
import { preloadRouteChunks, type RoutePreload } from '../../scripts/preload-route-chunks';

const root = '/project';

function chunk(fileName: string, imports: string[], facade: string | null = null, isEntry = false) {
  return { type: 'chunk', fileName, imports, facadeModuleId: facade && `${root}/${facade}`, isEntry } as unknown as Rolldown.OutputChunk;
}

/**
 * A build as the router plugin splits it: the entry, two routes' component chunks, an error chunk, shared code, a
 * module imported on demand and an extra entry run on some pages.
 */
const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', ['assets/react.js'], 'index.html', true),
    chunk('assets/react.js', []),
    chunk('assets/objects.js', ['assets/react.js', 'assets/table.js'], 'src/routes/repo/objects.tsx?tsr-split=component'),
    chunk('assets/table.js', ['assets/react.js']),
    chunk('assets/layout.js', ['assets/react.js'], 'src/routes/repo/route.tsx?tsr-split=component'),
    chunk('assets/layout-error.js', [], 'src/routes/repo/route.tsx?tsr-split=errorComponent'),
    chunk('assets/preview.js', ['assets/react.js', 'assets/table.js'], 'src/preview.tsx'),
    chunk('assets/start.js', ['assets/loader.js'], 'src/start.ts', true),
    chunk('assets/loader.js', ['assets/react.js']),
    { type: 'asset', fileName: 'assets/engine-abc.wasm', originalFileNames: ['../main/node_modules/engine/dist/engine.wasm'] } as unknown as Rolldown.OutputAsset,
  ].map((c) => [c.fileName, c]),
) as Rolldown.OutputBundle;

const preloads: RoutePreload[] = [
  { path: '^/repo/[^/]+/objects$', routes: ['src/routes/repo/objects.tsx'] },
  { path: '^/repo/[^/]+', routes: ['src/routes/repo/route.tsx'] },
  {
    path: '^/repo/[^/]+/object$',
    param: { name: 'path', pattern: '\\.parquet$' },
    modules: ['src/preview.tsx'],
    run: 'src/start.ts',
    compile: { global: 'earlyModules', modules: ['engine/dist/engine.wasm'] },
  },
];

const page = '<!doctype html><head><meta charset="UTF-8" /><title>Tarn</title><script type="module" src="/assets/index.js"></script></head>';

/** The plugin's page for `bundle`, through the hooks Vite calls. */
function pageFor(routes: RoutePreload[]): string {
  const plugin = preloadRouteChunks(routes);
  const configResolved = plugin.configResolved as (config: ResolvedConfig) => void;
  configResolved({ root, base: '/' } as ResolvedConfig);
  const transform = plugin.transformIndexHtml as { handler: (html: string, ctx: IndexHtmlTransformContext) => string };
  return transform.handler(page, { path: '/index.html', filename: `${root}/index.html`, bundle });
}

interface Element {
  tagName: string;
  fetchPriority?: string;
  rel?: string;
  type?: string;
  href?: string;
  src?: string;
  crossOrigin: string | null;
}

/**
 * Runs the injected script as a page at `address` would, and returns the modules it preloads and the ones it runs;
 * `window` is the page's global, `compiled` the addresses it fetched and compiled.
 */
function loadedAt(address: string, window: Record<string, unknown> = {}, compiled: string[] = []): { preloaded: string[]; run: string[]; urgent: string[] } {
  const script = /<script>([\s\S]*?)<\/script>/.exec(pageFor(preloads))?.[1];
  const added: Element[] = [];
  const document = {
    createElement: (tagName: string): Element => ({ tagName, crossOrigin: null }),
    head: { appendChild: (element: Element) => added.push(element) },
  };
  const location = new URL(address, 'https://tarn.test');
  const fetch = async (url: string, init: RequestInit) => ({ url, credentials: `${init.credentials}, ${init.priority}` });
  const wasm = {
    compileStreaming: async (response: Promise<{ url: string; credentials: string }>) => {
      const { url, credentials } = await response;
      compiled.push(`${url} (${credentials})`);
      return `module of ${url}`;
    },
  };
  Object.assign(window, { WebAssembly: wasm });
  new Function('location', 'document', 'window', 'WebAssembly', 'fetch', String(script))(location, document, window, wasm, fetch);
  expect(added.every((element) => element.crossOrigin === '')).toBe(true);
  const links = added.filter((element) => element.tagName === 'link');
  expect(links.every((link) => link.rel === 'modulepreload')).toBe(true);
  const scripts = added.filter((element) => element.tagName === 'script');
  expect(scripts.every((element) => element.type === 'module')).toBe(true);
  return {
    preloaded: links.map((link) => String(link.href)),
    run: scripts.map((element) => String(element.src)),
    urgent: added.filter((element) => element.fetchPriority === 'high').map((element) => String(element.src ?? element.href)),
  };
}

describe('preloadRouteChunks', () => {
  it("preloads the matching routes' component chunks and their imports, once each, without what the entry loads", () => {
    expect(loadedAt('/repo/r1/objects').preloaded.sort()).toEqual(['/assets/layout.js', '/assets/objects.js', '/assets/table.js']);
    expect(loadedAt('/repo/r1/commits')).toEqual({ preloaded: ['/assets/layout.js'], run: [], urgent: [] });
  });

  it('preloads nothing on pages no pattern matches', () => {
    expect(loadedAt('/auth/login')).toEqual({ preloaded: [], run: [], urgent: [] });
    expect(loadedAt('/repo')).toEqual({ preloaded: [], run: [], urgent: [] });
  });

  it("runs a pattern's module on the pages whose parameter matches, with its imports first and urgently, then every pattern's chunks in order", () => {
    expect(loadedAt('/repo/r1/object?ref=main&path=tables%2Fevents.PARQUET')).toEqual({
      run: ['/assets/start.js'],
      preloaded: ['/assets/loader.js', '/assets/react.js', '/assets/layout.js', '/assets/preview.js', '/assets/table.js'],
      urgent: ['/assets/start.js', '/assets/loader.js', '/assets/react.js'],
    });
    expect(loadedAt('/repo/r1/object?ref=main&path=README.md')).toEqual({ preloaded: ['/assets/layout.js'], run: [], urgent: [] });
    expect(loadedAt('/repo/r1/object?ref=main')).toEqual({ preloaded: ['/assets/layout.js'], run: [], urgent: [] });
  });

  it("fetches and compiles a pattern's WebAssembly modules on its pages, and keeps each in the page's global by its address", async () => {
    const window: Record<string, unknown> = {};
    const compiled: string[] = [];
    loadedAt('/repo/r1/object?ref=main&path=events.parquet', window, compiled);
    const modules = window.earlyModules as Record<string, Promise<string>>;
    expect(Object.keys(modules)).toEqual(['https://tarn.test/assets/engine-abc.wasm']);
    expect(await modules['https://tarn.test/assets/engine-abc.wasm']).toBe('module of https://tarn.test/assets/engine-abc.wasm');
    expect(compiled).toEqual(['https://tarn.test/assets/engine-abc.wasm (same-origin, high)']);
    const elsewhere: Record<string, unknown> = {};
    loadedAt('/repo/r1/object?ref=main&path=README.md', elsewhere);
    expect(elsewhere.earlyModules).toBeUndefined();
  });

  it("puts its script before the entry's, after the page's <meta> elements", () => {
    const html = pageFor(preloads);
    expect(html.indexOf('<script>')).toBeGreaterThan(html.indexOf('<title>'));
    expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('<script type="module"'));
  });

  it('fails the build when a route file or a module has no chunk', () => {
    expect(() => pageFor([{ path: '^/', routes: ['src/routes/renamed.tsx'] }])).toThrow('no component chunk for src/routes/renamed.tsx');
    expect(() => pageFor([{ path: '^/', modules: ['src/renamed.tsx'] }])).toThrow('no chunk for src/renamed.tsx');
    expect(() => pageFor([{ path: '^/', compile: { global: 'g', modules: ['engine/renamed.wasm'] } }])).toThrow('no asset for engine/renamed.wasm');
  });
});
