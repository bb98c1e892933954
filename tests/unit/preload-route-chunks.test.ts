import { describe, expect, it } from 'vitest';
import type { HtmlTagDescriptor, IndexHtmlTransformContext, ResolvedConfig, Rolldown } from 'vite';
import { preloadRouteChunks, type RoutePreload } from '../../scripts/preload-route-chunks';

const root = '/project';

function chunk(fileName: string, imports: string[], facade: string | null = null, isEntry = false) {
  return { type: 'chunk', fileName, imports, facadeModuleId: facade && `${root}/${facade}`, isEntry } as unknown as Rolldown.OutputChunk;
}

/** A build as the router plugin splits it: the entry, two routes' component chunks, an error chunk, shared code. */
const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', ['assets/react.js'], 'index.html', true),
    chunk('assets/react.js', []),
    chunk('assets/objects.js', ['assets/react.js', 'assets/table.js'], 'src/routes/repo/objects.tsx?tsr-split=component'),
    chunk('assets/table.js', ['assets/react.js']),
    chunk('assets/layout.js', ['assets/react.js'], 'src/routes/repo/route.tsx?tsr-split=component'),
    chunk('assets/layout-error.js', [], 'src/routes/repo/route.tsx?tsr-split=errorComponent'),
  ].map((c) => [c.fileName, c]),
) as Rolldown.OutputBundle;

const preloads: RoutePreload[] = [
  { path: '^/repo/[^/]+/objects$', routes: ['src/routes/repo/objects.tsx'] },
  { path: '^/repo/[^/]+', routes: ['src/routes/repo/route.tsx'] },
];

/** The plugin's HTML tags for `bundle`, through the hooks Vite calls. */
function tagsFor(routes: RoutePreload[]): HtmlTagDescriptor[] {
  const plugin = preloadRouteChunks(routes);
  const configResolved = plugin.configResolved as (config: ResolvedConfig) => void;
  configResolved({ root, base: '/' } as ResolvedConfig);
  const transform = plugin.transformIndexHtml as { handler: (html: string, ctx: IndexHtmlTransformContext) => HtmlTagDescriptor[] };
  return transform.handler('', { path: '/index.html', filename: `${root}/index.html`, bundle });
}

/** Runs the injected script as a page at `pathname` would, and returns the modules it preloads. */
function preloadedAt(pathname: string): string[] {
  const [tag] = tagsFor(preloads);
  const links: { rel: string; href: string; crossOrigin: string | null }[] = [];
  const document = {
    createElement: () => ({ rel: '', href: '', crossOrigin: null }),
    head: { appendChild: (link: (typeof links)[number]) => links.push(link) },
  };
  new Function('location', 'document', String(tag?.children))({ pathname }, document);
  expect(links.every((link) => link.rel === 'modulepreload' && link.crossOrigin === '')).toBe(true);
  return links.map((link) => link.href);
}

describe('preloadRouteChunks', () => {
  it("preloads the matching routes' component chunks and their imports, once each, without what the entry loads", () => {
    expect(preloadedAt('/repo/r1/objects').sort()).toEqual(['/assets/layout.js', '/assets/objects.js', '/assets/table.js']);
    expect(preloadedAt('/repo/r1/commits')).toEqual(['/assets/layout.js']);
  });

  it('preloads nothing on pages no pattern matches', () => {
    expect(preloadedAt('/auth/login')).toEqual([]);
    expect(preloadedAt('/repo')).toEqual([]);
  });

  it('fails the build when a route file has no component chunk', () => {
    expect(() => tagsFor([{ path: '^/', routes: ['src/routes/renamed.tsx'] }])).toThrow('no component chunk for src/routes/renamed.tsx');
  });
});
