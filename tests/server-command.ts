// How a test starts the server as a child process: from the bundle the project's global setup built
// (server-bundle.ts), or from its sources through tsx when there is none.
import { join } from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the shared Chromium listens for Playwright clients (e2e only). */
    chromiumWsEndpoint: string;
    /** The server built into one module, run with plain node; without it the server runs from its sources. */
    tarnServerModule: string;
  }
}

const root = join(import.meta.dirname, '..');

/** What a project's global setup handed over; nothing when the code runs outside vitest (a benchmark). */
export function provided(key: 'chromiumWsEndpoint' | 'tarnServerModule'): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The node arguments that start the server: the run's bundle when there is one, else server/main.ts through tsx.
 * Several workers re-run the server's source file through cluster, which only tsx can load.
 */
export function serverNodeArgs(serverArgs: readonly string[]): string[] {
  const bundle = serverArgs.includes('--workers') ? undefined : provided('tarnServerModule');
  return [...(bundle ? ['--enable-source-maps', bundle] : ['--import', 'tsx', join(root, 'server', 'main.ts')]), ...serverArgs];
}
