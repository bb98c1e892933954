// The console as `npm run dev` serves it (Vite's dev server with this repository's vite.config.ts), its API proxied
// to a running Tarn server instead of the fixed port the config names.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'vite';

const root = join(import.meta.dirname, '..', '..');

export interface RunningDevServer {
  url: string;
  stop(): Promise<void>;
}

export async function startDevServer(apiUrl: string): Promise<RunningDevServer> {
  // Vite's optimised-dependency cache lives in a folder of its own: node_modules is shared with other checkouts.
  const cacheDir = mkdtempSync(join(tmpdir(), 'tarn-vite-cache-'));
  const server = await createServer({
    root,
    configFile: join(root, 'vite.config.ts'),
    cacheDir,
    logLevel: 'error',
    clearScreen: false,
    server: { host: '127.0.0.1', port: 0, proxy: { '/api': apiUrl, '/logout': apiUrl } },
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (!url) {
    await server.close();
    throw new Error('the Vite dev server did not report its address');
  }
  return {
    url: url.replace(/\/$/, ''),
    async stop() {
      await server.close();
      rmSync(cacheDir, { recursive: true, force: true });
    },
  };
}
