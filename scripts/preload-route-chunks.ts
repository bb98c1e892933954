// A Vite build plugin: the HTML preloads the split chunks of the routes a page address renders, so a deep link (the
// objects of a folder, say) fetches them together with the entry. Otherwise the router asks for a route's chunks only
// once every beforeLoad above it has run, which for signed-in pages means after the root route's `/user` answers.
//
// The preloads depend on the address, so an inline script adds them when its pattern matches: the login and
// repositories pages, which have a bundle budget, fetch nothing more than before.
import { relative } from 'node:path';
import type { HtmlTagDescriptor, Plugin, ResolvedConfig, Rolldown } from 'vite';

export interface RoutePreload {
  /** Source of a regular expression matched against `location.pathname`. */
  path: string;
  /** Route files (from the project root) whose component chunks the matching pages render. */
  routes: string[];
}

/** The router plugin splits a route file into chunks named by the query, e.g. `objects.tsx?tsr-split=component`. */
function isComponentChunkOf(moduleId: string, root: string, route: string): boolean {
  const at = moduleId.indexOf('?');
  if (at < 0 || relative(root, moduleId.slice(0, at)) !== route) return false;
  const parts = new URLSearchParams(moduleId.slice(at)).get('tsr-split')?.split('---') ?? [];
  return parts.includes('component');
}

function staticClosure(roots: Rolldown.OutputChunk[], byFile: Map<string, Rolldown.OutputChunk>): Set<string> {
  const files = new Set<string>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const imported of chunk.imports) {
      const next = byFile.get(imported);
      if (next) visit(next);
    }
  };
  roots.forEach(visit);
  return files;
}

/** Runs in the page's head before the entry executes: no dependencies, nothing but the table it is given. */
const injector = `(function (table) {
  var seen = {};
  for (var i = 0; i < table.length; i++) {
    if (!new RegExp(table[i][0]).test(location.pathname)) continue;
    for (var j = 0; j < table[i][1].length; j++) {
      var href = table[i][1][j];
      if (seen[href]) continue;
      seen[href] = true;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
  }
})`;

export function preloadRouteChunks(preloads: RoutePreload[]): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'tarn:preload-route-chunks',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }): HtmlTagDescriptor[] {
        if (!bundle || !config) return [];
        const { root, base } = config;
        const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // The entry and its static imports are preloaded by Vite already, on every page.
        const withEntry = staticClosure(
          chunks.filter((chunk) => chunk.isEntry),
          byFile,
        );
        const table = preloads.map(({ path, routes }) => {
          const roots = routes.map((route) => {
            const chunk = chunks.find((c) => c.facadeModuleId !== null && isComponentChunkOf(c.facadeModuleId, root, route));
            // A renamed route file must not silently lose its preload.
            if (!chunk) throw new Error(`preload-route-chunks: no component chunk for ${route}`);
            return chunk;
          });
          const files = [...staticClosure(roots, byFile)].filter((file) => !withEntry.has(file));
          return [path, files.map((file) => `${base}${file}`)];
        });
        return [{ tag: 'script', children: `${injector}(${JSON.stringify(table)});`, injectTo: 'head' }];
      },
    },
  };
}
