// A Vite build plugin: the HTML preloads the split chunks of the routes a page address renders, so a deep link (the
// objects of a folder, say) fetches them together with the entry. Otherwise the router asks for a route's chunks only
// once every beforeLoad above it has run, which for signed-in pages means after the root route's `/user` answers.
//
// The preloads depend on the address, so an inline script adds them when its pattern matches: the login and
// repositories pages, which have a bundle budget, fetch nothing more than before. A pattern can also run a module of
// its own at once (an extra entry of the build, which no other page loads), and fetch and compile WebAssembly modules
// before anything else: a data file's page starts its SQL engine while the console's JavaScript loads.
import { relative, resolve } from 'node:path';
import type { Plugin, ResolvedConfig, Rolldown } from 'vite';

export interface RoutePreload {
  /** Source of a regular expression matched against `location.pathname`. */
  path: string;
  /** Also required: a search parameter whose value matches a regular expression (source, case-insensitive). */
  param?: { name: string; pattern: string };
  /** Route files (from the project root) whose component chunks the matching pages render. */
  routes?: string[];
  /** Other modules (from the project root) the matching pages import on demand, each the entry of its own chunk. */
  modules?: string[];
  /** A module (from the project root) the matching pages run as soon as it arrives. */
  run?: string;
  /**
   * WebAssembly modules (as imported from node_modules) the matching pages fetch and compile first of all, each kept
   * in `window[global][its address]` for the page's code to take.
   */
  compile?: { global: string; modules: string[] };
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

/** One pattern as the page's script reads it: the modules to compile, to preload and to run. */
interface PageRule {
  path: string;
  param?: [name: string, pattern: string];
  compile?: [global: string, urls: string[]];
  /** What the modules run import, fetched with them, before every pattern's preloads. */
  first: string[];
  preload: string[];
  run: string[];
}

/** Runs in the page's head before the entry executes: no dependencies, nothing but the table it is given. */
const injector = `(function (table) {
  var seen = {};
  function add(href, script, urgent) {
    if (seen[href]) return;
    seen[href] = true;
    var element = document.createElement(script ? 'script' : 'link');
    if (urgent) element.fetchPriority = 'high';
    if (script) {
      element.type = 'module';
      element.src = href;
    } else {
      element.rel = 'modulepreload';
      element.href = href;
    }
    element.crossOrigin = '';
    document.head.appendChild(element);
  }
  var matching = [];
  for (var i = 0; i < table.length; i++) {
    var rule = table[i];
    if (!new RegExp(rule.path).test(location.pathname)) continue;
    if (rule.param && !new RegExp(rule.param[1], 'i').test(new URLSearchParams(location.search).get(rule.param[0]) || '')) continue;
    matching.push(rule);
  }
  // What starts at once first (it waits for nothing else), then the chunks in the table's order.
  for (var r = 0; r < matching.length; r++) {
    rule = matching[r];
    if (rule.compile && window.WebAssembly && WebAssembly.compileStreaming) {
      var modules = window[rule.compile[0]] = window[rule.compile[0]] || {};
      for (var m = 0; m < rule.compile[1].length; m++) {
        var url = new URL(rule.compile[1][m], location.href).href;
        modules[url] = WebAssembly.compileStreaming(fetch(url, { credentials: 'same-origin', priority: 'high' }));
        // Whoever takes it sees a failure; nobody else must.
        modules[url].catch(function () {});
      }
    }
    for (var j = 0; j < rule.run.length; j++) add(rule.run[j], true, true);
    for (var f = 0; f < rule.first.length; f++) add(rule.first[f], false, true);
  }
  for (var p = 0; p < matching.length; p++) {
    for (var k = 0; k < matching[p].preload.length; k++) add(matching[p].preload[k], false, false);
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
    buildStart() {
      if (!config) return;
      for (const { run } of preloads) if (run) this.emitFile({ type: 'chunk', id: resolve(config.root, run) });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }): string {
        if (!bundle || !config) return html;
        const { root, base } = config;
        const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // The page's entry and its static imports are preloaded by Vite already, on every page.
        const withEntry = staticClosure(
          chunks.filter((chunk) => chunk.isEntry && chunk.facadeModuleId !== null && chunk.facadeModuleId.endsWith('.html')),
          byFile,
        );
        const chunkOf = (test: (moduleId: string) => boolean, what: string) => {
          const chunk = chunks.find((c) => c.facadeModuleId !== null && test(c.facadeModuleId));
          // A renamed file must not silently lose its preload.
          if (!chunk) throw new Error(`preload-route-chunks: no ${what}`);
          return chunk;
        };
        const assets = Object.values(bundle).filter((output): output is Rolldown.OutputAsset => output.type === 'asset');
        const assetOf = (module: string) => {
          const asset = assets.find((a) => a.originalFileNames.some((name) => name.endsWith(`node_modules/${module}`)));
          if (!asset) throw new Error(`preload-route-chunks: no asset for ${module}`);
          return asset;
        };
        const table = preloads.map(({ path, param, routes = [], modules = [], run, compile }): PageRule => {
          const roots = [
            ...routes.map((route) => chunkOf((id) => isComponentChunkOf(id, root, route), `component chunk for ${route}`)),
            ...modules.map((module) => chunkOf((id) => relative(root, id) === module, `chunk for ${module}`)),
          ];
          const started = run === undefined ? [] : [chunkOf((id) => relative(root, id) === run, `chunk for ${run}`)];
          const runFiles = new Set(started.map((chunk) => chunk.fileName));
          // What the module run imports is fetched with it, first, even the entry's (the entry's preloads come later).
          const runImports = [...staticClosure(started, byFile)].filter((file) => !runFiles.has(file));
          const files = [...staticClosure(roots, byFile)].filter((file) => !withEntry.has(file) && !runImports.includes(file));
          return {
            path,
            ...(param ? { param: [param.name, param.pattern] as [string, string] } : {}),
            ...(compile ? { compile: [compile.global, compile.modules.map((module) => `${base}${assetOf(module).fileName}`)] as [string, string[]] } : {}),
            first: runImports.map((file) => `${base}${file}`),
            preload: files.map((file) => `${base}${file}`),
            run: [...runFiles].map((file) => `${base}${file}`),
          };
        });
        // Before the entry's script and preloads: its requests go first (a browser fetches some six at a time from
        // one server), and no style sheet holds it up (a script waits for the style sheets above it). After the
        // head's <meta> elements, whose charset must come within the page's first bytes.
        const script = `<script>${injector}(${JSON.stringify(table)});</script>\n    `;
        const at = html.search(/<script\b|<link\b[^>]*\brel="(modulepreload|stylesheet)"/);
        if (at === -1) throw new Error('preload-route-chunks: the page has no entry script');
        return html.slice(0, at) + script + html.slice(at);
      },
    },
  };
}
