// Whether dist/console is older than the console's sources, and a build when it is: used by `npm start` and by the
// console benchmark, which measure the built console and must never measure a stale one.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = join(import.meta.dirname, '..');
const builtIndex = join(root, 'dist', 'console', 'index.html');
const consoleInputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function consoleIsStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return consoleInputs.some((input) => newestMtime(join(root, input)) > builtAt);
}

/** Builds the console when it is missing or stale; false when the build failed (its errors are on the terminal). */
export function buildConsoleIfStale(reason: string): boolean {
  if (!consoleIsStale()) return true;
  console.log(`Building the console (${reason})...`);
  // Vite takes the bundle's NODE_ENV from the environment: under a test runner (NODE_ENV=test) the console would be
  // built with the libraries' development checks, which is not the console users get.
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  return build.status === 0;
}
