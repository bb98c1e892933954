// Once per e2e run: the console built when its sources are newer than dist/console (which the server serves), one
// Chromium that every file connects to (each in its own browser contexts) and the server built
// into one module. Launching Chromium and loading the server's ~260 modules through tsx cost seconds of CPU each time;
// on a 2-core machine that was paid by every file, and by every server a file starts.
import type { TestProject } from 'vitest/node';
import { buildConsoleIfStale } from '../../scripts/console-build';
import { buildServerBundle } from '../server-bundle';
import { launchChromiumServer } from './harness';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // `npm test` has just built it; `npm run test:e2e` or one file after an edit of the console would test a stale one.
  if (!buildConsoleIfStale('e2e tests run against dist/console')) throw new Error('the console build failed; see its errors above');
  const [launched, built] = await Promise.allSettled([launchChromiumServer(), buildServerBundle()]);
  if (launched.status === 'rejected' || built.status === 'rejected') {
    if (launched.status === 'fulfilled') await launched.value.close();
    if (built.status === 'fulfilled') built.value.remove();
    throw launched.status === 'rejected' ? launched.reason : (built as PromiseRejectedResult).reason;
  }
  const chromium = launched.value;
  const server = built.value;
  project.provide('chromiumWsEndpoint', chromium.wsEndpoint());
  project.provide('tarnServerModule', server.module);
  return async () => {
    await chromium.close();
    server.remove();
  };
}
