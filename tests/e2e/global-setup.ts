// Once per e2e run: the console built when its sources are newer than dist/console (which the server serves), one
// Chromium that every file connects to (each in its own browser contexts) and the server built
// into one module. Launching Chromium and loading the server's ~260 modules through tsx cost seconds of CPU each time;
// on a 2-core machine that was paid by every file, and by every server a file starts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import type { TestProject } from 'vitest/node';
import { buildConsoleIfStale } from '../../scripts/console-build';
import { launchChromiumServer } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the shared Chromium listens for Playwright clients. */
    chromiumWsEndpoint: string;
    /** The server built into one module, run with plain node; startTarn falls back to tsx without it. */
    tarnServerModule: string;
  }
}

const root = join(import.meta.dirname, '..', '..');

/**
 * A bundle gives every module the bundle's own import.meta, and the server finds its package.json, its sample data
 * and its project root beside its sources: each module keeps the location of its source file.
 */
function sourceLocations(): Plugin {
  return {
    name: 'tarn-e2e-source-locations',
    transform(code, id) {
      if (!id.startsWith(join(root, 'server')) || !code.includes('import.meta.')) return null;
      const replaced = code
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(id)))
        .replaceAll('import.meta.filename', JSON.stringify(id))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(id).href));
      // Lines stay where they were, so stack traces still point at the right line of the source.
      return { code: replaced, map: null };
    },
  };
}

async function buildServer(outDir: string): Promise<string> {
  // main.ts starts the server only when it is the script node was given; the bundle is that script instead.
  const entry = join(outDir, 'entry.ts');
  writeFileSync(
    entry,
    `import { runFromCommandLine } from ${JSON.stringify(join(root, 'server', 'main.ts'))};\n` +
      'await runFromCommandLine(process.argv.slice(2), process.env);\n',
  );
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [sourceLocations()],
    build: {
      ssr: entry,
      outDir,
      emptyOutDir: false,
      minify: false,
      sourcemap: true,
      target: 'node20',
      rollupOptions: { output: { entryFileNames: 'server.mjs', format: 'es' } },
    },
    ssr: { target: 'node' },
  });
  return join(outDir, 'server.mjs');
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // `npm test` has just built it; `npm run test:e2e` or one file after an edit of the console would test a stale one.
  if (!buildConsoleIfStale('e2e tests run against dist/console')) throw new Error('the console build failed; see its errors above');
  // Inside the project, so the bundle's package imports resolve from node_modules as the sources' do.
  mkdirSync(join(root, 'dist'), { recursive: true });
  const outDir = mkdtempSync(join(root, 'dist', 'e2e-server-'));
  const [launched, built] = await Promise.allSettled([launchChromiumServer(), buildServer(outDir)]);
  if (launched.status === 'rejected' || built.status === 'rejected') {
    if (launched.status === 'fulfilled') await launched.value.close();
    rmSync(outDir, { recursive: true, force: true });
    throw launched.status === 'rejected' ? launched.reason : (built as PromiseRejectedResult).reason;
  }
  const chromium = launched.value;
  const serverModule = built.value;
  project.provide('chromiumWsEndpoint', chromium.wsEndpoint());
  project.provide('tarnServerModule', serverModule);
  return async () => {
    await chromium.close();
    rmSync(outDir, { recursive: true, force: true });
  };
}
