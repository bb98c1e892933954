import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { HELD_ASSET_MAX_BYTES } from './server/http/console-files.js';
import { precompressAssets } from './scripts/precompress-assets.js';
import { preloadRouteChunks } from './scripts/preload-route-chunks.js';
import { themeStylesheet } from './scripts/theme-css.js';

// The console is served by the Tarn server from dist/console; `npm run dev` proxies the API to a running server.
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
      autoCodeSplitting: true,
      // A route's loader travels with its view: one chunk a route, fetched together, and the entry carries neither.
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] },
    }),
    react(),
    themeStylesheet(),
    // What the server streams from disk rather than holding (DuckDB's WebAssembly), gzipped once, by the build.
    precompressAssets(HELD_ASSET_MAX_BYTES),
    // A repository page opened by address (a link, a reload) fetches its route chunks with the entry rather than
    // after the session check: the objects page, which a repository opens on, and an object's page, which links and
    // the finder open.
    preloadRouteChunks([
      { path: '^/repositories/[^/]+(/|/objects/?)?$', routes: ['src/routes/repositories/$repoId/objects.tsx'] },
      { path: '^/repositories/[^/]+/object/?$', routes: ['src/routes/repositories/$repoId/object.tsx'] },
      { path: '^/repositories/[^/]+', routes: ['src/routes/repositories/$repoId/route.tsx'] },
    ]),
  ],
  build: {
    outDir: 'dist/console',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 1024,
    // Every browser the build targets fetches <link rel="modulepreload"> itself or, lacking it, loads the same modules
    // on import: the polyfill would only spend bytes of every page's entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // React, the router and XState are in every page's first paint, used whole: one chunk instead of a chunk per
      // set of routes sharing each piece (some twenty files, of a cold page's hundred fetched six at a time), and one
      // file gzips smaller than its parts.
      output: {
        codeSplitting: {
          groups: [{ name: 'framework', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|react-store|store)|xstate|@xstate[\\/]react)[\\/]/ }],
        },
      },
      // Chakra's theme module builds its full default config (every recipe of every component) with a plain
      // `defineConfig(...)` call the bundler must otherwise keep; the theme of src/ui/theme/system.ts picks only the
      // recipes the console renders, and that call is an identity function.
      treeshake: {
        manualPureFunctions: ['defineConfig'],
        // The folders' index modules only gather exports: importing one binding from `ui/components` must not make
        // a route load every component gathered there (a dialog, its focus trap and portal) as its static import.
        moduleSideEffects: [{ test: /[\\/]src[\\/].*[\\/]index\.tsx?$/, sideEffects: false, external: false }],
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8000',
      '/logout': 'http://127.0.0.1:8000',
    },
  },
});
