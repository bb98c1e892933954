// The server built into one module for the tests that start it as a child process (server and e2e projects). Loading
// the server's ~260 modules through tsx took seconds of CPU at every start on a 2-core machine; the bundle starts in
// about one. Each project's global setup builds it once and hands its path to the test files (server-command.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';

const root = join(import.meta.dirname, '..');

/**
 * A bundle gives every module the bundle's own import.meta, and the server finds its package.json, its sample data
 * and its project root beside its sources: each module keeps the location of its source file.
 */
function sourceLocations(): Plugin {
  return {
    name: 'tarn-test-source-locations',
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

export interface ServerBundle {
  module: string;
  remove(): void;
}

/** Builds server/main.ts as a command-line entry into a temp folder inside the project (so packages resolve). */
export async function buildServerBundle(): Promise<ServerBundle> {
  mkdirSync(join(root, 'dist'), { recursive: true });
  const outDir = mkdtempSync(join(root, 'dist', 'test-server-'));
  const remove = () => rmSync(outDir, { recursive: true, force: true });
  try {
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
    return { module: join(outDir, 'server.mjs'), remove };
  } catch (error) {
    remove();
    throw error;
  }
}
